import { ServerMessages, type LoginResponse } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import type { users } from '../../db/schema/index.ts';
import type { TokenService } from '../../platform/auth/tokens.ts';
import { recordLogin, type RequestMeta } from './activity.ts';
import { clearAttempts } from './attempts.ts';
import { mfaSetupChallenge } from './mfa-challenge.ts';
import type { SessionService } from './sessions.ts';
import type { DuoGate } from './duo.ts';

type UserRow = typeof users.$inferSelect;

/**
 * What follows a verified first factor (a password, the parent platform): the user's
 * authenticator when one is set up, its set-up when an administrator requires it, else the
 * session, with the success recorded.
 */
export function secondStep(deps: {
  database: Database;
  tokens: TokenService;
  sessions: SessionService;
  duo?: DuoGate;
}) {
  return async (user: UserRow, meta: RequestMeta, reason: string): Promise<LoginResponse> => {
    // A tenant that asks for Duo asks it instead of the authenticator.
    const duo = await deps.duo?.challenge(user, meta);
    if (duo) return duo;
    if (user.mfaEnabled && user.mfaSecret) {
      return {
        mfaRequired: true,
        mfaType: 'totp',
        challengeToken: await deps.tokens.signChallenge(user.id),
        Message: ServerMessages.mfaRequired,
      };
    }
    if (user.mfaSetupRequired) return mfaSetupChallenge(deps.tokens, user.id);
    await clearAttempts(deps.database, user.id);
    await recordLogin(
      deps.database,
      { userId: user.id, tenantId: user.tenantId, userName: user.email, success: true, reason },
      meta,
    );
    return deps.sessions.issue(user);
  };
}
