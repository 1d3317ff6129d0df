import { isIP } from 'node:net';

/**
 * Which addresses Vigil refuses to connect to on a tenant's behalf, as pure functions over IP
 * strings. Every address is handled as 16 bytes (IPv4 as ::ffff:a.b.c.d), so an IPv4 address
 * written in an IPv6 form (mapped, compatible, NAT64, 6to4) meets the same IPv4 rule.
 */

export type Bytes = readonly number[];

/** Why an address is refused; words for "The address … is in a {label} range (…)". */
export type RangeLabel =
  | 'loopback'
  | 'private'
  | 'shared (carrier-grade NAT)'
  | 'link-local'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'unique-local'
  | 'reserved'
  | 'documentation';

export interface RefusedRange {
  label: RangeLabel;
  /** The range as written, e.g. 169.254.0.0/16. */
  cidr: string;
}

/** The 16 bytes of an IPv4 or IPv6 address (brackets and a zone id allowed), or null. */
export function addressBytes(input: string): Bytes | null {
  const ip = input.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const kind = isIP(ip);
  if (kind === 4) return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...ip.split('.').map(Number)];
  if (kind !== 6) return null;
  let text = ip.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...dotted[1].split('.').map(Number));
    text = text.slice(0, -dotted[1].length) + '0:0';
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, null];
  const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = rest === null ? [] : groups(rest);
  const words = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** A CIDR as bytes and a prefix length over the 16-byte form; null when it does not parse. */
export interface Cidr {
  bytes: Bytes;
  bits: number;
  text: string;
}

export function parseCidr(text: string): Cidr | null {
  const [ip, len, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const bytes = addressBytes(ip);
  if (!bytes) return null;
  const v4 = isIP(ip.replace(/^\[(.*)\]$/, '$1')) === 4;
  const max = v4 ? 32 : 128;
  const n = len === undefined ? max : /^\d+$/.test(len) ? Number(len) : NaN;
  if (!(n >= 0 && n <= max)) return null;
  return { bytes, bits: v4 ? n + 96 : n, text: text.trim() };
}

export function inCidr(b: Bytes, c: Cidr): boolean {
  for (let i = 0; i < 16; i++) {
    const bits = Math.max(0, Math.min(8, c.bits - i * 8));
    if (bits === 0) return true;
    const mask = (0xff << (8 - bits)) & 0xff;
    if ((b[i] & mask) !== (c.bytes[i] & mask)) return false;
  }
  return true;
}

const rule = (cidr: string, label: RangeLabel) => ({ cidr: parseCidr(cidr)!, label });

/** IPv4 special-purpose ranges (RFC 6890 and friends) Vigil never needs to reach. */
const V4_RULES = [
  rule('255.255.255.255/32', 'broadcast'),
  rule('0.0.0.0/8', 'unspecified'),
  rule('10.0.0.0/8', 'private'),
  rule('100.64.0.0/10', 'shared (carrier-grade NAT)'),
  rule('127.0.0.0/8', 'loopback'),
  rule('169.254.0.0/16', 'link-local'),
  rule('172.16.0.0/12', 'private'),
  rule('192.0.0.0/24', 'reserved'),
  rule('192.0.2.0/24', 'documentation'),
  rule('192.88.99.0/24', 'reserved'),
  rule('192.168.0.0/16', 'private'),
  rule('198.18.0.0/15', 'reserved'),
  rule('198.51.100.0/24', 'documentation'),
  rule('203.0.113.0/24', 'documentation'),
  rule('224.0.0.0/4', 'multicast'),
  rule('240.0.0.0/4', 'reserved'),
];

const V6_RULES = [
  rule('::/128', 'unspecified'),
  rule('::1/128', 'loopback'),
  rule('64:ff9b:1::/48', 'private'),
  rule('100::/64', 'reserved'),
  rule('2001::/23', 'reserved'),
  rule('2001:db8::/32', 'documentation'),
  rule('fc00::/7', 'unique-local'),
  rule('fe80::/10', 'link-local'),
  rule('fec0::/10', 'private'),
  rule('ff00::/8', 'multicast'),
];

/** IPv6 forms that carry an IPv4 address: where it sits, so the IPv4 rules apply to it. */
const EMBEDDED_V4 = [
  { cidr: parseCidr('::ffff:0:0/96')!, at: 12 }, // IPv4-mapped
  { cidr: parseCidr('::/96')!, at: 12 }, // IPv4-compatible (deprecated)
  { cidr: parseCidr('64:ff9b::/96')!, at: 12 }, // NAT64 well-known prefix
  { cidr: parseCidr('2002::/16')!, at: 2 }, // 6to4
];

/**
 * The refused range an address falls in, or null for an ordinary public address. Anything
 * that is not an IP address at all is refused as reserved: only resolved addresses come here.
 */
export function refusedRange(ip: string): RefusedRange | null {
  const b = addressBytes(ip);
  if (!b) return { label: 'reserved', cidr: ip };
  const v6 = V6_RULES.find((r) => inCidr(b, r.cidr));
  if (v6) return { label: v6.label, cidr: v6.cidr.text };
  for (const e of EMBEDDED_V4) {
    if (!inCidr(b, e.cidr)) continue;
    const v4 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...b.slice(e.at, e.at + 4)];
    const hit = V4_RULES.find((r) => inCidr(v4, r.cidr));
    return hit ? { label: hit.label, cidr: hit.cidr.text } : null;
  }
  return null;
}

/** Whether an `OUTBOUND_ALLOW_HOSTS` entry is a host name, an IP address or a CIDR. */
export function isAllowEntry(entry: string): boolean {
  return (
    parseCidr(entry) !== null ||
    /^(\*\.)?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/i.test(entry)
  );
}
