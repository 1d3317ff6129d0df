import { and, eq, lt } from 'drizzle-orm';
import {
  MFA_SETUP_TTL_MINUTES,
  MfaSetupMessages,
  ServerMessages,
  UserLevel,
  type MfaSetupChallenge,
  type MfaState,
  type TokenPair,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { users } from '../../db/schema/index.ts';
import { badRequest, tooMany, unauthorized } from '../../platform/errors.ts';
import { newMfaSecret, otpAuthUrl, verifyTotp } from '../../platform/auth/mfa.ts';
import type { TokenService } from '../../platform/auth/tokens.ts';
import { recordLogin, type RequestMeta } from './activity.ts';
import { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from './service.ts';

type UserRow = typeof users.$inferSelect;

/** The answer to a right password when an administrator requires two-factor sign-in that is not set up yet. */
export async function mfaSetupChallenge(tokens: TokenService, userId: number): Promise<MfaSetupChallenge> {
  return {
    mfaSetupRequired: true,
    mfaSetupToken: await tokens.signMfaSetup(userId, MFA_SETUP_TTL_MINUTES * 60),
    Message: MfaSetupMessages.required,
  };
}

/**
 * The set-up step of a sign-in (`/api/user/mfa/{get,regenerate,update}/public`): the user proved the
 * password and holds a short-lived set-up token; the first good code from the new authenticator turns
 * two-factor on and finishes the sign-in.
 */
export class MfaSetupService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** The user a set-up token is for, while that user still has to set up an authenticator. */
  private async pendingUser(token: string): Promise<UserRow> {
    const userId = await this.deps.tokens.verifyMfaSetup(token);
    if (!userId) throw unauthorized(MfaSetupMessages.tokenInvalid);
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user || !user.isEnabled || (user.tenantId !== null && user.level === UserLevel.Disabled))
      throw unauthorized(MfaSetupMessages.tokenInvalid);
    if (user.mfaEnabled) throw badRequest(MfaSetupMessages.alreadyDone);
    // The administrator turned the requirement off meanwhile: a plain sign-in now works.
    if (!user.mfaSetupRequired) throw unauthorized(MfaSetupMessages.tokenInvalid);
    return user;
  }

  private present(user: UserRow, secret: string): MfaState {
    return { Enabled: false, Secret: secret, OtpAuthUrl: otpAuthUrl(secret, user.email) };
  }

  /** The pending secret (made on first use), as the signed-in profile screen shows it. */
  async state(token: string): Promise<MfaState> {
    const user = await this.pendingUser(token);
    let secret = user.mfaPendingSecret;
    if (!secret) {
      secret = newMfaSecret();
      await this.db.update(users).set({ mfaPendingSecret: secret }).where(eq(users.id, user.id));
    }
    return this.present(user, secret);
  }

  async regenerate(token: string): Promise<MfaState> {
    const user = await this.pendingUser(token);
    const secret = newMfaSecret();
    await this.db.update(users).set({ mfaPendingSecret: secret }).where(eq(users.id, user.id));
    return this.present(user, secret);
  }

  async complete(token: string, code: string, meta: RequestMeta): Promise<TokenPair> {
    const user = await this.pendingUser(token);
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw tooMany(ServerMessages.tooManyAttempts);
    const secret = user.mfaPendingSecret;
    if (!secret) throw badRequest(MfaSetupMessages.wrongCode, 'Code');
    const step = verifyTotp(secret, code);
    if (step === null) return this.wrongCode(user, meta);
    if (step <= user.mfaLastStep) throw badRequest(MfaSetupMessages.codeUsed, 'Code');
    // One statement decides: a second request with the same code, or one racing a new secret, changes nothing.
    const [done] = await this.db
      .update(users)
      .set({
        mfaEnabled: true,
        mfaSecret: secret,
        mfaPendingSecret: null,
        mfaLastStep: step,
        mfaSetupRequired: false,
      })
      .where(
        and(
          eq(users.id, user.id),
          eq(users.mfaEnabled, false),
          eq(users.mfaPendingSecret, secret),
          lt(users.mfaLastStep, step),
        ),
      )
      .returning();
    if (!done) throw badRequest(MfaSetupMessages.codeUsed, 'Code');
    return this.deps.auth.succeed(done, meta, 'password and new authenticator');
  }

  /** A wrong code counts towards the lockout like a wrong password; the answer stays a 400 on the field. */
  private async wrongCode(user: UserRow, meta: RequestMeta): Promise<never> {
    const failures = user.failedLogins + 1;
    const lock = failures >= LOCKOUT_THRESHOLD;
    await this.db
      .update(users)
      .set({
        failedLogins: lock ? 0 : failures,
        lockedUntil: lock ? new Date(Date.now() + LOCKOUT_MINUTES * 60_000) : user.lockedUntil,
      })
      .where(eq(users.id, user.id));
    await recordLogin(
      this.deps.database,
      {
        userId: user.id,
        tenantId: user.tenantId,
        userName: user.email,
        success: false,
        reason: 'wrong MFA set-up code',
      },
      meta,
    );
    throw badRequest(MfaSetupMessages.wrongCode, 'Code');
  }
}
