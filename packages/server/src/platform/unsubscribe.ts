import { createHmac, timingSafeEqual } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { MailTypes, type MailType } from '@vigil/contract';
import type { Database } from '../db/client.ts';
import { unsubscribes } from '../db/schema/index.ts';

/**
 * Unsubscribe links: `{e, t}` as base64url JSON, a dot, and an HMAC-SHA256 of that text under the
 * server's signing secret (domain-separated). Anyone holding the link may unsubscribe that one
 * address from that one kind of mail, nothing more; the links do not expire.
 */
const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`vigil-unsubscribe:${payload}`).digest('base64url');

export function signUnsubscribe(secret: string, email: string, type: MailType): string {
  const payload = Buffer.from(JSON.stringify({ e: email.trim().toLowerCase(), t: type })).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The address and kind a token names, or null when it was not signed by us or is damaged. */
export function verifyUnsubscribe(secret: string, token: string): { email: string; type: MailType } | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const want = Buffer.from(mac(secret, payload));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; t?: unknown };
    if (typeof v.e !== 'string' || !v.e.includes('@')) return null;
    if (typeof v.t !== 'string' || !(MailTypes as readonly string[]).includes(v.t)) return null;
    return { email: v.e, type: v.t as MailType };
  } catch {
    return null;
  }
}

export function unsubscribeUrl(publicUrl: string, secret: string, email: string, type: MailType): string {
  return `${publicUrl}/public/unsubscribe/${type}?token=${signUnsubscribe(secret, email, type)}`;
}

/** Records the wish; asking twice is harmless. */
export async function unsubscribe(database: Database, email: string, type: MailType): Promise<void> {
  await database.db.insert(unsubscribes).values({ email: email.trim().toLowerCase(), type }).onConflictDoNothing();
}

/** Of these addresses, the ones that unsubscribed from `type` (lower-cased). */
export async function unsubscribedOf(database: Database, emails: string[], type: MailType): Promise<Set<string>> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (!wanted.length) return new Set();
  const rows = await database.db
    .select({ email: unsubscribes.email })
    .from(unsubscribes)
    .where(sql`${unsubscribes.type} = ${type} and ${inArray(unsubscribes.email, wanted)}`);
  return new Set(rows.map((r) => r.email));
}
