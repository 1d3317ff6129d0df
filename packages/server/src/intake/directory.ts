/** A recipient the listener accepted: the tenant it belongs to and the plus tag, if any. */
export interface Recipient {
  tenantId: number;
  address: string;
  plusTag: string | null;
}

/** The local part's ending of a tenant's Alert Radar address: `<slug>-alerts@<inbound domain>`. */
export const ALERT_ADDRESS_SUFFIX = '-alerts';

/**
 * What the SMTP door checks envelopes against: tenant slugs and aliases (RCPT) and banned
 * senders (MAIL FROM). Plain data, so the SMTP thread can hold a copy of it.
 */
export interface Directory {
  at: number;
  slugs: Map<string, number>;
  aliases: Map<string, number>;
  banned: { email: string; id: number }[];
}

/** Which tenant an envelope recipient belongs to, or null (550 at RCPT). */
export function recipientIn(dir: Directory, inboundDomain: string, address: string): Recipient | null {
  const at = address.lastIndexOf('@');
  if (at < 1) return null;
  const domain = address.slice(at + 1).toLowerCase();
  if (domain !== inboundDomain.toLowerCase()) return null;
  const local = address.slice(0, at).toLowerCase();
  const plus = local.indexOf('+');
  const base = plus >= 0 ? local.slice(0, plus) : local;
  const tag = plus >= 0 ? local.slice(plus + 1).slice(0, 100) || null : null;
  // `<slug>-alerts`: the tenant's Alert Radar address.
  const alertSlug = base.endsWith(ALERT_ADDRESS_SUFFIX) ? base.slice(0, -ALERT_ADDRESS_SUFFIX.length) : null;
  const tenantId = dir.slugs.get(base) ?? dir.aliases.get(base) ?? (alertSlug ? dir.slugs.get(alertSlug) : undefined);
  if (tenantId === undefined) return null;
  return { tenantId, address: `${local}@${domain}`, plusTag: tag };
}

/** The banned-list entry matching a sender (an address or its @domain), if any. */
export function bannedIn(dir: Directory, address: string): number | null {
  const a = address.toLowerCase();
  if (!a) return null;
  const domain = a.slice(a.lastIndexOf('@'));
  const hit = dir.banned.find((b) => b.email === a || (b.email.startsWith('@') && b.email === domain));
  return hit ? hit.id : null;
}
