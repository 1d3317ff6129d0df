import { and, eq, lt, sql } from 'drizzle-orm';
import {
  RECOVERY_CODE_COUNT,
  RecoveryCodeMessages,
  ServerMessages,
  SignupMessages,
  type LoginResponse,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { HttpError, tooMany, unauthorized } from '../../platform/errors.ts';
import { dummyHash, verifyPassword } from '../../platform/auth/passwords.ts';
import { verifyStoredTotp } from '../../platform/auth/mfa.ts';
import type { Secrets } from '../../platform/secrets.ts';
import type { TokenService } from '../../platform/auth/tokens.ts';
import { recordLogin, type RequestMeta } from './activity.ts';
import { claimAttempt, clearAttempts, releaseAttempt } from './attempts.ts';
import type { SessionService } from './sessions.ts';
import { refuseDisabledTenant } from './tenant-enabled.ts';
import { mfaSetupChallenge } from './mfa-challenge.ts';
import { spendRecoveryCode } from './recovery-codes.ts';
import type { DuoGate } from './duo.ts';

type UserRow = typeof users.$inferSelect;

export { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from './attempts.ts';

export class AuthService {
  constructor(
    private readonly database: Database,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly secrets: Secrets,
    /** The tenant-required Duo step; without it the authenticator is the only second factor. */
    readonly duo?: DuoGate,
  ) {}

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [u] = await this.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
    return u;
  }

  private async lockedOut(user: UserRow, meta: RequestMeta): Promise<never> {
    await recordLogin(
      this.database,
      { userId: user.id, tenantId: user.tenantId, userName: user.email, success: false, reason: 'locked out' },
      meta,
    );
    throw tooMany(ServerMessages.tooManyAttempts);
  }

  /**
   * Records a failed check. It was counted when it was claimed (`claimAttempt`): the fifth claim in
   * a row locks the account for fifteen minutes.
   */
  private async fail(user: UserRow, reason: string, meta: RequestMeta, message: string): Promise<never> {
    await recordLogin(
      this.database,
      { userId: user.id, tenantId: user.tenantId, userName: user.email, success: false, reason },
      meta,
    );
    throw unauthorized(message);
  }

  /**
   * Ends a sign-in whose second step passed (an MFA code, a new authenticator): refused when the
   * tenant was disabled since the password, else as `finish`.
   */
  async succeed(user: UserRow, meta: RequestMeta, reason: string) {
    await refuseDisabledTenant(this.database, user, meta);
    return this.finish(user, meta, reason);
  }

  /** Ends a sign-in that passed every check: the failure count reset, the success recorded, a session. */
  private async finish(user: UserRow, meta: RequestMeta, reason: string) {
    await clearAttempts(this.database, user.id);
    await recordLogin(
      this.database,
      { userId: user.id, tenantId: user.tenantId, userName: user.email, success: true, reason },
      meta,
    );
    return this.sessions.issue(user);
  }

  async loginWithPassword(userName: string, password: string, meta: RequestMeta): Promise<LoginResponse> {
    const user = await this.findByEmail(userName);
    if (!user) {
      await verifyPassword(await dummyHash(), password);
      await recordLogin(this.database, { userName, success: false, reason: 'unknown user' }, meta);
      throw unauthorized(ServerMessages.invalidCredentials);
    }
    // The check is claimed before the password is verified, so parallel guesses cannot outrun the lock.
    const attempt = await claimAttempt(this.database, user.id);
    if (!attempt) return this.lockedOut(user, meta);
    if (!(await verifyPassword(user.passwordHash, password))) {
      return this.fail(user, 'wrong password', meta, ServerMessages.invalidCredentials);
    }
    // The right password is no failure; the count starts again only when the whole sign-in passes.
    await releaseAttempt(this.database, attempt);
    if (!user.isEnabled || (user.tenantId !== null && user.level === 0)) {
      await recordLogin(
        this.database,
        { userId: user.id, tenantId: user.tenantId, userName: user.email, success: false, reason: 'disabled' },
        meta,
      );
      throw unauthorized(ServerMessages.accountDisabled);
    }
    await refuseDisabledTenant(this.database, user, meta);
    if (!user.emailConfirmed) {
      await recordLogin(
        this.database,
        {
          userId: user.id,
          tenantId: user.tenantId,
          userName: user.email,
          success: false,
          reason: 'e-mail not confirmed',
        },
        meta,
      );
      throw unauthorized(SignupMessages.emailNotConfirmed);
    }
    // A tenant that asks for Duo asks it instead of the authenticator.
    const duo = await this.duo?.challenge(user, meta);
    if (duo) return duo;
    if (user.mfaEnabled && user.mfaSecret) {
      return {
        mfaRequired: true,
        mfaType: 'totp',
        challengeToken: await this.tokens.signChallenge(user.id),
        Message: ServerMessages.mfaRequired,
      };
    }
    if (user.mfaSetupRequired) return mfaSetupChallenge(this.tokens, user.id);
    // The tenant was checked above, before any second step was offered.
    return this.finish(user, meta, 'password');
  }

  async loginWithMfa(challengeToken: string, code: string, meta: RequestMeta): Promise<LoginResponse> {
    const userId = await this.tokens.verifyChallenge(challengeToken);
    if (!userId) throw unauthorized(ServerMessages.sessionExpiredMfa);
    const [user] = await this.database.db.select().from(users).where(eq(users.id, userId));
    if (!user || !user.isEnabled || !user.mfaSecret) throw unauthorized(ServerMessages.invalidCredentials);
    if (!(await claimAttempt(this.database, user.id))) return this.lockedOut(user, meta);
    const step = verifyStoredTotp(this.secrets, user.id, user.mfaSecret, code);
    if (step === null || step <= user.mfaLastStep) {
      return this.fail(user, 'wrong MFA code', meta, ServerMessages.invalidMfaCode);
    }
    // Spend the step atomically: of two requests carrying the same code, only one moves it on.
    const spent = await this.database.db
      .update(users)
      .set({ mfaLastStep: step })
      .where(and(eq(users.id, user.id), lt(users.mfaLastStep, step)))
      .returning({ id: users.id });
    if (!spent.length) return this.fail(user, 'wrong MFA code', meta, ServerMessages.invalidMfaCode);
    return this.succeed(user, meta, 'password and MFA');
  }

  /**
   * The second step with a one-time recovery code in place of the authenticator's code: same
   * challenge, same lockout; the code is spent and the sign-in records how many are left.
   */
  async loginWithRecoveryCode(challengeToken: string, code: string, meta: RequestMeta): Promise<LoginResponse> {
    const userId = await this.tokens.verifyChallenge(challengeToken);
    if (!userId) throw unauthorized(ServerMessages.sessionExpiredMfa);
    const [user] = await this.database.db.select().from(users).where(eq(users.id, userId));
    if (!user || !user.isEnabled || !user.mfaSecret) throw unauthorized(ServerMessages.invalidCredentials);
    const attempt = await claimAttempt(this.database, user.id);
    if (!attempt) return this.lockedOut(user, meta);
    const left = await spendRecoveryCode(this.database, user.id, code);
    if (left === null) return this.fail(user, 'wrong recovery code', meta, RecoveryCodeMessages.invalid);
    await releaseAttempt(this.database, attempt);
    return this.succeed(user, meta, `password and recovery code (${left} of ${RECOVERY_CODE_COUNT} left)`);
  }

  loginWithToken(tokenType: string): never {
    // Provider tokens are not taken from the browser: the sign-in window runs the exchange on the server.
    throw new HttpError(400, `Use the "Sign in with ${tokenType === 'google' ? 'Google' : 'Microsoft'}" button.`);
  }

  async refresh(refreshToken: string, meta: RequestMeta) {
    const result = await this.sessions.rotate(refreshToken);
    if ('pair' in result) return result.pair;
    if (result.reuse) {
      await recordLogin(
        this.database,
        {
          userId: result.userId,
          userName: `user #${result.userId}`,
          success: false,
          reason: 'refresh token reuse: session revoked',
        },
        meta,
      );
    }
    throw unauthorized(ServerMessages.invalidRefreshToken);
  }
}
