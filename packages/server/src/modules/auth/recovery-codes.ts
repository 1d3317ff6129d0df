import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { mfaRecoveryCodes } from '../../db/schema/index.ts';

// No 0/o, 1/l/i: a code is read off paper and typed by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** The typed code without the dash or case, as it was hashed. */
function normalise(code: string): string {
  return code.trim().toLowerCase().replace(/-/g, '');
}

function digest(salt: string, code: string): Buffer {
  return createHash('sha256')
    .update(`${salt}:${normalise(code)}`)
    .digest();
}

/**
 * A code holds about 50 random bits and sign-in guesses are capped by the account lockout, so a
 * salted SHA-256 is enough; a slow password hash would cost ten verifications per attempt.
 */
function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${digest(salt, code).toString('hex')}`;
}

function matches(stored: string, code: string): boolean {
  const [salt, hex] = stored.split(':');
  if (!salt || !hex) return false;
  const want = Buffer.from(hex, 'hex');
  const got = digest(salt, code);
  return want.length === got.length && timingSafeEqual(want, got);
}

type Tx = Pick<Database['db'], 'delete' | 'insert'>;

/** Replaces the user's recovery codes with ten new ones and returns them in plain text (shown once). */
export async function issueRecoveryCodes(db: Tx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
  return codes;
}

export async function dropRecoveryCodes(db: Tx, userId: number): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

/** How many of the user's codes are still unused. */
export async function recoveryCodesLeft(database: Database, userId: number): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Spends the matching unused code: the update only succeeds while the code is still unused, so of two
 * requests carrying the same code only one gets through. Returns the codes left, or null when no
 * unused code matched.
 */
export async function spendRecoveryCode(database: Database, userId: number, code: string): Promise<number | null> {
  const unused = await database.db
    .select({ id: mfaRecoveryCodes.id, codeHash: mfaRecoveryCodes.codeHash })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  const hit = unused.find((r) => matches(r.codeHash, code));
  if (!hit) return null;
  const spent = await database.db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.id, hit.id), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  if (!spent.length) return null;
  return unused.length - 1;
}
