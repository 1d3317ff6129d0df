import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Config } from '../config.ts';
import { addressBytes, inCidr, parseCidr, refusedRange, type Cidr } from './outbound-address.ts';

/**
 * The outbound guard. Every connection a tenant can aim (PSA URLs, webhooks, SMTP servers, IMAP
 * mailboxes, backup-vendor APIs) resolves its host here first: loopback, private, link-local,
 * multicast, unique-local and other special ranges are refused unless the operator opened them
 * (OUTBOUND_ALLOW_PRIVATE, OUTBOUND_ALLOW_HOSTS), and the connection is then made to the address
 * that was checked, so a second DNS answer cannot point it elsewhere.
 */

export interface OutboundPolicy {
  /** Every range allowed (tests, labs). */
  allowPrivate: boolean;
  /** Host names (exact, or `*.suffix`) allowed whatever they resolve to. */
  hosts: string[];
  /** Addresses and ranges allowed even though they are private or local. */
  ranges: Cidr[];
}

/** Outbound settings: `OUTBOUND_ALLOW_HOSTS` is a comma list of host names, IPs and CIDRs. */
export type OutboundConfig = Pick<Config, 'OUTBOUND_ALLOW_PRIVATE' | 'OUTBOUND_ALLOW_HOSTS'>;

/** Connects nowhere private: what a client gets when nobody passed a policy. */
export const STRICT_OUTBOUND: OutboundPolicy = Object.freeze({ allowPrivate: false, hosts: [], ranges: [] });

const policies = new WeakMap<object, OutboundPolicy>();

export function outboundPolicy(config: OutboundConfig): OutboundPolicy {
  const cached = policies.get(config);
  if (cached) return cached;
  const hosts: string[] = [];
  const ranges: Cidr[] = [];
  for (const entry of config.OUTBOUND_ALLOW_HOSTS) {
    const cidr = parseCidr(entry);
    if (cidr) ranges.push(cidr);
    else hosts.push(normalHost(entry));
  }
  const policy = { allowPrivate: config.OUTBOUND_ALLOW_PRIVATE, hosts, ranges };
  policies.set(config, policy);
  return policy;
}

const normalHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/** A connection Vigil will not make; the message is for the tenant who set it up. */
export class OutboundRefused extends Error {
  readonly code = 'EOUTBOUND';
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

function hostAllowed(host: string, policy: OutboundPolicy): boolean {
  return policy.hosts.some((h) => (h.startsWith('*.') ? host.endsWith(h.slice(1)) : host === h));
}

/** Why Vigil will not connect to this address, or null when it will. */
export function addressProblem(address: string, policy: OutboundPolicy, host?: string): string | null {
  if (policy.allowPrivate) return null;
  const range = refusedRange(address);
  if (!range) return null;
  const bytes = addressBytes(address);
  if (bytes && policy.ranges.some((r) => inCidr(bytes, r))) return null;
  const where = `a ${range.label} range (${range.cidr}), which Vigil does not connect to.`;
  return host && host !== address
    ? `The host ${host} resolves to ${address}, in ${where}`
    : `The address ${address} is in ${where}`;
}

/** Where to connect: the checked address, and the name to present for TLS (null for an IP). */
export interface OutboundTarget {
  address: string;
  family: 4 | 6;
  servername: string | null;
}

/**
 * Resolves a host and checks every address it has; throws OutboundRefused when one of them is
 * refused, and the resolver's own error (ENOTFOUND …) when the name does not resolve.
 */
export async function resolveOutbound(rawHost: string, policy: OutboundPolicy): Promise<OutboundTarget> {
  const host = normalHost(rawHost);
  if (!host) throw new OutboundRefused('There is no host to connect to.');
  const literal = isIP(host) !== 0;
  const found = literal ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  if (!found.length) throw Object.assign(new Error(`Host not found: ${host}`), { code: 'ENOTFOUND' });
  if (!hostAllowed(host, policy)) {
    for (const a of found) {
      const problem = addressProblem(a.address, policy, literal ? undefined : host);
      if (problem) throw new OutboundRefused(problem);
    }
  }
  return { address: found[0].address, family: found[0].family === 6 ? 6 : 4, servername: literal ? null : host };
}

/**
 * The save-time check of a host: the refusal in words, or null when Vigil may connect (a name
 * that does not resolve yet passes; connecting to it later says so).
 */
export async function hostProblem(host: string, policy: OutboundPolicy): Promise<string | null> {
  if (policy.allowPrivate) return null;
  try {
    await resolveOutbound(host, policy);
    return null;
  } catch (err) {
    return err instanceof OutboundRefused ? err.message : null;
  }
}

/** The save-time check of a URL's host (see hostProblem); a URL that does not parse passes here. */
export async function urlProblem(url: string, policy: OutboundPolicy): Promise<string | null> {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  return hostProblem(host, policy);
}
