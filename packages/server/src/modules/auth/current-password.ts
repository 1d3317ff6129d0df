import { ServerMessages } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import type { users } from '../../db/schema/index.ts';
import { badRequest, tooMany } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { recordLogin, type RequestMeta } from './activity.ts';
import { claimAttempt, releaseAttempt } from './attempts.ts';

type UserRow = typeof users.$inferSelect;

/**
 * Checks the current password a signed-in user gives to change it or to turn off multi-factor
 * sign-in, on the same counter as sign-in: a session alone does not buy unlimited guesses. Wrong
 * answers go to the login activity, the fifth locks the account, and a locked account gets 429
 * without its password being checked.
 */
export async function checkCurrentPassword(
  database: Database,
  user: UserRow,
  password: string,
  meta: RequestMeta,
  action: string,
  field: string,
): Promise<void> {
  const entry = { userId: user.id, tenantId: user.tenantId, userName: user.email, success: false };
  const attempt = await claimAttempt(database, user.id);
  if (!attempt) {
    await recordLogin(database, { ...entry, reason: `locked out (${action})` }, meta);
    throw tooMany(ServerMessages.tooManyAttempts);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordLogin(database, { ...entry, reason: `wrong password (${action})` }, meta);
    throw badRequest(ServerMessages.oldPasswordWrong, field);
  }
  await releaseAttempt(database, attempt);
}
