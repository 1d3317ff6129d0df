import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MINUTES = 15;

/** One claimed password check; `lockedUntil` is the lock this claim set, when it was the last one allowed. */
export interface Attempt {
  userId: number;
  lockedUntil: Date | null;
}

/**
 * Claims one password (or code) check for a user before it is verified, in one statement. The
 * claim counts as a failure until the secret proves right, and the claim that reaches the threshold
 * locks the account at once, so parallel guesses cannot all be verified before the count is
 * written: at most `LOCKOUT_THRESHOLD` checks run, the rest find the lock. Null while locked.
 */
export async function claimAttempt(database: Database, userId: number, now = new Date()): Promise<Attempt | null> {
  const until = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000).toISOString();
  const reaches = sql`${users.failedLogins} + 1 >= ${LOCKOUT_THRESHOLD}`;
  const [row] = await database.db
    .update(users)
    .set({
      failedLogins: sql`CASE WHEN ${reaches} THEN 0 ELSE ${users.failedLogins} + 1 END`,
      lockedUntil: sql`CASE WHEN ${reaches} THEN ${until}::timestamptz ELSE NULL END`,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ lockedUntil: users.lockedUntil });
  return row ? { userId, lockedUntil: row.lockedUntil } : null;
}

/**
 * Gives back a claim whose secret was right, so it does not count as a failure. A claim that set
 * the lock takes it off again and leaves the failures before it counted.
 */
export async function releaseAttempt(database: Database, attempt: Attempt): Promise<void> {
  if (attempt.lockedUntil) {
    await database.db
      .update(users)
      .set({ lockedUntil: null, failedLogins: LOCKOUT_THRESHOLD - 1 })
      .where(and(eq(users.id, attempt.userId), eq(users.lockedUntil, attempt.lockedUntil)));
    return;
  }
  await database.db
    .update(users)
    .set({ failedLogins: sql`greatest(${users.failedLogins} - 1, 0)` })
    .where(eq(users.id, attempt.userId));
}

/** A complete sign-in (or a proven password of a signed-in user): the failure count starts again. */
export async function clearAttempts(database: Database, userId: number): Promise<void> {
  await database.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}
