import { and, eq, lt } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { MfaSetupMessages, ServerMessages, UserLevel, type MfaSetupDone, type MfaState } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { users } from '../../db/schema/index.ts';
import { badRequest, tooMany, unauthorized } from '../../platform/errors.ts';
import {
  newMfaSecret,
  openMfaSecret,
  otpAuthUrl,
  sealMfaSecret,
  setupStepOwner,
  verifyTotp,
} from '../../platform/auth/mfa.ts';
import { recordLogin, type RequestMeta } from './activity.ts';
import { claimAttempt, releaseAttempt } from './attempts.ts';
import { issueRecoveryCodes } from './recovery-codes.ts';

type UserRow = typeof users.$inferSelect;

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

  /**
   * The user a set-up token is for, while that user still has to set up an authenticator, and the
   * owner tag of this set-up step (its token's jti): a pending secret belongs to one step only.
   */
  private async pendingUser(token: string): Promise<UserRow & { owner: string }> {
    const userId = await this.deps.tokens.verifyMfaSetup(token);
    if (!userId) throw unauthorized(MfaSetupMessages.tokenInvalid);
    const owner = setupStepOwner(String(decodeJwt(token).jti));
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user || !user.isEnabled || (user.tenantId !== null && user.level === UserLevel.Disabled))
      throw unauthorized(MfaSetupMessages.tokenInvalid);
    if (user.mfaEnabled) throw badRequest(MfaSetupMessages.alreadyDone);
    // The administrator turned the requirement off meanwhile: a plain sign-in now works.
    if (!user.mfaSetupRequired) throw unauthorized(MfaSetupMessages.tokenInvalid);
    return { ...user, owner };
  }

  /** This step's pending secret in plain text, or null when the pending one belongs to another step. */
  private ownSecret(user: UserRow & { owner: string }): string | null {
    if (user.mfaPendingFor !== user.owner) return null;
    return openMfaSecret(this.deps.secrets, user.id, user.mfaPendingSecret);
  }

  /** A fresh pending secret for this step, replacing any other step's. */
  private async newSecret(user: UserRow & { owner: string }): Promise<string> {
    const secret = newMfaSecret();
    await this.db
      .update(users)
      .set({ mfaPendingSecret: sealMfaSecret(this.deps.secrets, user.id, secret), mfaPendingFor: user.owner })
      .where(eq(users.id, user.id));
    return secret;
  }

  private present(user: UserRow, secret: string): MfaState {
    return { Enabled: false, Secret: secret, OtpAuthUrl: otpAuthUrl(secret, user.email) };
  }

  /**
   * This step's pending secret (made on first use). A secret another set-up token or the profile
   * screen made is never shown: whoever else holds the password cannot plant the secret the user enrols.
   */
  async state(token: string): Promise<MfaState> {
    const user = await this.pendingUser(token);
    return this.present(user, this.ownSecret(user) ?? (await this.newSecret(user)));
  }

  async regenerate(token: string): Promise<MfaState> {
    const user = await this.pendingUser(token);
    return this.present(user, await this.newSecret(user));
  }

  async complete(token: string, code: string, meta: RequestMeta): Promise<MfaSetupDone> {
    const user = await this.pendingUser(token);
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw tooMany(ServerMessages.tooManyAttempts);
    // Only the secret this step showed can be enrolled.
    const stored = user.mfaPendingSecret;
    const secret = this.ownSecret(user);
    if (!stored || !secret) throw badRequest(MfaSetupMessages.wrongCode, 'Code');
    // The check is claimed before the code is verified, so parallel guesses cannot outrun the lock.
    const attempt = await claimAttempt(this.deps.database, user.id);
    if (!attempt) throw tooMany(ServerMessages.tooManyAttempts);
    const step = verifyTotp(secret, code);
    if (step === null) return this.wrongCode(user, meta);
    // A right code is no failure, even one already used.
    await releaseAttempt(this.deps.database, attempt);
    if (step <= user.mfaLastStep) throw badRequest(MfaSetupMessages.codeUsed, 'Code');
    // One statement decides: a second request with the same code, or one racing a new secret, changes nothing.
    const [done] = await this.db
      .update(users)
      .set({
        mfaEnabled: true,
        mfaSecret: stored,
        mfaPendingSecret: null,
        mfaPendingFor: null,
        mfaLastStep: step,
        mfaSetupRequired: false,
      })
      .where(
        and(
          eq(users.id, user.id),
          eq(users.mfaEnabled, false),
          eq(users.mfaPendingSecret, stored),
          eq(users.mfaPendingFor, user.owner),
          lt(users.mfaLastStep, step),
        ),
      )
      .returning();
    if (!done) throw badRequest(MfaSetupMessages.codeUsed, 'Code');
    const pair = await this.deps.auth.succeed(done, meta, 'password and new authenticator');
    // The recovery codes come with the authenticator and are shown this once.
    return { ...pair, RecoveryCodes: await issueRecoveryCodes(this.db, user.id) };
  }

  /**
   * A wrong code counts towards the lockout like a wrong password (it was counted when claimed);
   * the answer stays a 400 on the field.
   */
  private async wrongCode(user: UserRow, meta: RequestMeta): Promise<never> {
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
