import { and, eq, gt, isNull } from 'drizzle-orm';
import { Messages, passwordProblem, ServerMessages, UserLevel, type MfaState, type Profile } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { passwordResets, tenants, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import {
  newMfaSecret,
  openMfaSecret,
  otpAuthUrl,
  PROFILE_OWNER,
  sealMfaSecret,
  verifyStoredTotp,
} from '../../platform/auth/mfa.ts';
import { hashToken, newOpaqueToken } from '../../platform/auth/tokens.ts';
import { spendSetPasswordLinks } from '../../platform/auth/set-password-links.ts';
import type { RequestMeta } from '../auth/activity.ts';
import { checkCurrentPassword } from '../auth/current-password.ts';
import { dropRecoveryCodes, issueRecoveryCodes } from '../auth/recovery-codes.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
const levelNames = ['Disabled', 'Client', 'Standard', 'Administrator'];

export class UserService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.database.db;
  }

  async get(userId: number) {
    const [u] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!u) throw notFound();
    return u;
  }

  async profile(userId: number, privileges: number): Promise<Profile> {
    const [row] = await this.db
      .select({ u: users, tenantName: tenants.name })
      .from(users)
      .leftJoin(tenants, eq(tenants.id, users.tenantId))
      .where(eq(users.id, userId));
    if (!row) throw notFound();
    const u = row.u;
    return {
      UserId: u.id,
      Email: u.email,
      FirstName: u.firstName,
      LastName: u.lastName,
      Level: u.tenantId === null ? 'Platform Administrator' : (levelNames[u.level] ?? 'Disabled'),
      Privileges: privileges,
      TenantId: u.tenantId,
      TenantName: row.tenantName,
      MfaEnabled: u.mfaEnabled,
      CreatedAt: u.createdAt.toISOString(),
    };
  }

  async updateProfile(userId: number, firstName: string, lastName: string): Promise<void> {
    await this.db.update(users).set({ firstName, lastName }).where(eq(users.id, userId));
  }

  /** Checks the rule and the confirmation; the messages are the spec's (features §5.4). */
  static checkNewPassword(password: string, confirm: string, field = 'NewPassword'): void {
    const problem = passwordProblem(password);
    if (problem) throw badRequest(problem, field);
    if (password !== confirm) throw badRequest(Messages.passwordsMustMatch, 'ConfirmPassword');
  }

  /**
   * Changes the password of the caller, whose current password counts against the sign-in lockout.
   * Every other session of the user ends and every outstanding reset link dies; the caller's own
   * session (`sessionId`) goes on.
   */
  async changePassword(
    session: { userId: number; sessionId: string },
    change: { oldPassword: string; newPassword: string; confirm: string },
    meta: RequestMeta,
  ): Promise<void> {
    const { userId, sessionId } = session;
    const { oldPassword, newPassword, confirm } = change;
    const u = await this.get(userId);
    await checkCurrentPassword(this.deps.database, u, oldPassword, meta, 'change password', 'OldPassword');
    if (oldPassword === newPassword) throw badRequest(Messages.passwordSameAsOld, 'NewPassword');
    UserService.checkNewPassword(newPassword, confirm);
    const passwordHash = await hashPassword(newPassword);
    await this.deps.database.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await spendSetPasswordLinks(tx, userId);
    });
    await this.deps.sessions.revokeOthers(userId, sessionId);
  }

  async mfaState(userId: number): Promise<MfaState> {
    const u = await this.get(userId);
    if (u.mfaEnabled) return { Enabled: true };
    // Only a secret made for this screen is shown again: one made by a sign-in's set-up step (perhaps by
    // someone else who knows the password) is replaced, never handed out here.
    let secret =
      u.mfaPendingFor === PROFILE_OWNER ? openMfaSecret(this.deps.secrets, userId, u.mfaPendingSecret) : null;
    if (!secret) {
      secret = newMfaSecret();
      await this.db
        .update(users)
        .set({ mfaPendingSecret: sealMfaSecret(this.deps.secrets, userId, secret), mfaPendingFor: PROFILE_OWNER })
        .where(eq(users.id, userId));
    }
    return { Enabled: false, Secret: secret, OtpAuthUrl: otpAuthUrl(secret, u.email) };
  }

  async regenerateMfa(userId: number): Promise<MfaState> {
    const u = await this.get(userId);
    if (u.mfaEnabled) throw badRequest('Turn multi-factor authentication off before setting up a new authenticator.');
    await this.db.update(users).set({ mfaPendingSecret: null, mfaPendingFor: null }).where(eq(users.id, userId));
    return this.mfaState(userId);
  }

  async enableMfa(userId: number, code: string): Promise<MfaState> {
    const u = await this.get(userId);
    if (u.mfaEnabled) return { Enabled: true };
    if (!u.mfaPendingSecret || u.mfaPendingFor !== PROFILE_OWNER)
      throw badRequest('Open the multi-factor set-up first.');
    const step = verifyStoredTotp(this.deps.secrets, userId, u.mfaPendingSecret, code);
    if (step === null) throw badRequest(ServerMessages.invalidMfaCode, 'Code');
    const [done] = await this.db
      .update(users)
      // Set up from the profile, it also meets an administrator's requirement.
      .set({
        mfaEnabled: true,
        mfaSecret: u.mfaPendingSecret,
        mfaPendingSecret: null,
        mfaPendingFor: null,
        mfaLastStep: step,
        mfaSetupRequired: false,
      })
      // The secret the code was checked against is still the pending one (no set-up step replaced it).
      .where(and(eq(users.id, userId), eq(users.mfaPendingSecret, u.mfaPendingSecret)))
      .returning({ id: users.id });
    if (!done) throw badRequest('Open the multi-factor set-up first.');
    // The recovery codes come with the authenticator and are shown this once.
    return { Enabled: true, RecoveryCodes: await issueRecoveryCodes(this.db, userId) };
  }

  async disableMfa(userId: number, password: string, meta: RequestMeta): Promise<MfaState> {
    const u = await this.get(userId);
    await checkCurrentPassword(this.deps.database, u, password, meta, 'turn off MFA', 'Password');
    await this.db
      .update(users)
      .set({ mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaPendingFor: null, mfaLastStep: 0 })
      .where(eq(users.id, userId));
    await dropRecoveryCodes(this.db, userId);
    return { Enabled: false };
  }

  /** Sends a reset link when the address is known; the answer is the same either way. */
  async requestReset(email: string): Promise<void> {
    const u = await this.deps.auth.findByEmail(email);
    if (!u || !u.isEnabled || (u.tenantId !== null && u.level === UserLevel.Disabled)) return;
    const token = newOpaqueToken();
    await this.db.insert(passwordResets).values({
      userId: u.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    const link = `${this.deps.config.publicUrl}/page/setPassword/${token}`;
    await this.deps.mailer.send({
      tenantId: u.tenantId,
      to: u.email,
      subject: 'Reset your Vigil password',
      text: `Hello ${u.firstName || u.email},\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this message.`,
      html: `<p>Hello ${escapeHtml(u.firstName || u.email)},</p><p><a href="${link}">Choose a new password</a> within one hour.</p><p>If you did not ask for this, ignore this message.</p>`,
    });
  }

  private async liveReset(token: string) {
    const [row] = await this.db
      .select()
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      );
    return row;
  }

  async validateReset(token: string): Promise<void> {
    if (!(await this.liveReset(token))) throw badRequest(ServerMessages.resetLinkInvalid, 'Token');
  }

  async setPassword(token: string, password: string, confirm: string): Promise<void> {
    UserService.checkNewPassword(password, confirm, 'Password');
    const row = await this.liveReset(token);
    if (!row) throw badRequest(ServerMessages.resetLinkInvalid, 'Token');
    await this.deps.database.db.transaction(async (tx) => {
      const spent = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (spent.length !== 1) throw badRequest(ServerMessages.resetLinkInvalid, 'Token');
      await tx
        .update(users)
        .set({ passwordHash: await hashPassword(password), failedLogins: 0, lockedUntil: null })
        .where(eq(users.id, row.userId));
      // The new password stands alone: older links sent before this one die with it.
      await spendSetPasswordLinks(tx, row.userId);
    });
    await this.deps.sessions.revokeAllForUser(row.userId);
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
