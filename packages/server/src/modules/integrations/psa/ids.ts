/**
 * A stable positive 31-bit number for a name (FNV-1a of the trimmed, lower-cased text). Ticket
 * profiles hold numeric ids, but some PSAs name their statuses, types and sources by text
 * (SyncroMSP statuses, ServiceNow contact types); the clients hand these numbers out as ids and
 * map them back to the names when they write a ticket.
 */
export function stableNumericId(name: string): string {
  let h = 0x811c9dc5;
  for (const ch of name.trim().toLowerCase()) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return String(h & 0x7fffffff || 1);
}
