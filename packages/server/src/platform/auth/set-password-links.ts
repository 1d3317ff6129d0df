import { and, eq, isNull } from 'drizzle-orm';
import { passwordResets } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

/** How long the set-password link of a new account stays good; a lost one is replaced by "Forgot password". */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A set-password link's token on the same reset tokens as "Forgot password"
 * (`/page/setPassword/{token}`), written with the caller's connection or transaction.
 */
export async function createSetPasswordToken(
  db: Pick<Db, 'insert'>,
  userId: number,
  ttlMs: number = INVITE_TTL_MS,
): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insert(passwordResets)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/**
 * Spends every outstanding set-password and reset link of a user, written with the caller's
 * connection or transaction: once the password changes by any way, no older link may change it again.
 */
export async function spendSetPasswordLinks(db: Pick<Db, 'update'>, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export const setPasswordUrl = (publicUrl: string, token: string) => `${publicUrl}/page/setPassword/${token}`;
