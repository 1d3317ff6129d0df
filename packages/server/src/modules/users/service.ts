import { and, eq, gt, isNull } from 'drizzle-orm';
import { Messages, passwordProblem, ServerMessages, UserLevel, type MfaState, type Profile } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { passwordResets, tenants, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { newMfaSecret, otpAuthUrl, verifyTotp } from '../../platform/auth/mfa.ts';
import { hashToken, newOpaqueToken } from '../../platform/auth/tokens.ts';

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

  async changePassword(userId: number, oldPassword: string, newPassword: string, confirm: string): Promise<void> {
    const u = await this.get(userId);
    if (!(await verifyPassword(u.passwordHash, oldPassword)))
      throw badRequest(ServerMessages.oldPasswordWrong, 'OldPassword');
    if (oldPassword === newPassword) throw badRequest(Messages.passwordSameAsOld, 'NewPassword');
    UserService.checkNewPassword(newPassword, confirm);
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword) })
      .where(eq(users.id, userId));
  }

  async mfaState(userId: number): Promise<MfaState> {
    const u = await this.get(userId);
    if (u.mfaEnabled) return { Enabled: true };
    let secret = u.mfaPendingSecret;
    if (!secret) {
      secret = newMfaSecret();
      await this.db.update(users).set({ mfaPendingSecret: secret }).where(eq(users.id, userId));
    }
    return { Enabled: false, Secret: secret, OtpAuthUrl: otpAuthUrl(secret, u.email) };
  }

  async regenerateMfa(userId: number): Promise<MfaState> {
    const u = await this.get(userId);
    if (u.mfaEnabled) throw badRequest('Turn multi-factor authentication off before setting up a new authenticator.');
    await this.db.update(users).set({ mfaPendingSecret: null }).where(eq(users.id, userId));
    return this.mfaState(userId);
  }

  async enableMfa(userId: number, code: string): Promise<MfaState> {
    const u = await this.get(userId);
    if (u.mfaEnabled) return { Enabled: true };
    if (!u.mfaPendingSecret) throw badRequest('Open the multi-factor set-up first.');
    const step = verifyTotp(u.mfaPendingSecret, code);
    if (step === null) throw badRequest(ServerMessages.invalidMfaCode, 'Code');
    await this.db
      .update(users)
      // Set up from the profile, it also meets an administrator's requirement.
      .set({
        mfaEnabled: true,
        mfaSecret: u.mfaPendingSecret,
        mfaPendingSecret: null,
        mfaLastStep: step,
        mfaSetupRequired: false,
      })
      .where(eq(users.id, userId));
    return { Enabled: true };
  }

  async disableMfa(userId: number, password: string): Promise<MfaState> {
    const u = await this.get(userId);
    if (!(await verifyPassword(u.passwordHash, password)))
      throw badRequest(ServerMessages.oldPasswordWrong, 'Password');
    await this.db
      .update(users)
      .set({ mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaLastStep: 0 })
      .where(eq(users.id, userId));
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
    });
    await this.deps.sessions.revokeAllForUser(row.userId);
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
