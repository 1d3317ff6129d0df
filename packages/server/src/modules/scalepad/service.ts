import { and, eq, sql } from 'drizzle-orm';
import {
  SCALEPAD_NAME,
  BillingProvider,
  ScalePadMessages,
  ServerMessages,
  SignupMessages,
  SsoMessages,
  UserLevel,
  type LoginResponse,
  type ScalePadSignupRequest,
  type TokenPair,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { subscriptions, tenants, userIdentities, users } from '../../db/schema/index.ts';
import { HttpError } from '../../platform/errors.ts';
import { recordLogin, type RequestMeta } from '../auth/activity.ts';
import { tenantIsDisabled } from '../auth/tenant-enabled.ts';
import { createTenantIn, emailInUse } from '../signup/tenant-service.ts';
import { DEFAULT_TRIAL_DAYS } from '../signup/service.ts';
import type { ScalePadIdentity } from './identity.ts';

type UserRow = typeof users.$inferSelect;
const PROVIDER = 'scalepad';
const DAY_MS = 24 * 3600_000;

/** What a verified sign-in leads to: the second factor it still needs, or the session. */
export type SecondStep = (user: UserRow, meta: RequestMeta, reason: string) => Promise<LoginResponse>;

/**
 * Sign-in and sign-up through the parent platform. A tenant is linked to one parent-platform
 * account (ScalePadTenantId); its users sign in with that account's identities, matched by the
 * stored identity or, the first time, by the verified e-mail address within the linked tenant.
 */
export class ScalePadService {
  constructor(
    private readonly deps: Pick<Deps, 'database' | 'sessions' | 'ingest'>,
    private readonly secondStep: SecondStep,
  ) {}

  private async record(user: UserRow | null, userName: string, success: boolean, reason: string, meta: RequestMeta) {
    await recordLogin(
      this.deps.database,
      {
        userId: user?.id ?? null,
        tenantId: user?.tenantId ?? null,
        userName,
        success,
        reason: `${PROVIDER}: ${reason}`,
      },
      meta,
    );
  }

  private async linkedTenant(account: string) {
    const [t] = await this.deps.database.db.select().from(tenants).where(eq(tenants.scalePadTenantId, account));
    return t;
  }

  async signIn(identity: ScalePadIdentity, meta: RequestMeta): Promise<LoginResponse> {
    const db = this.deps.database.db;
    const label = identity.email ?? `(${SCALEPAD_NAME} sign-in)`;
    const refuse = async (status: number, message: string, reason: string, user: UserRow | null = null) => {
      await this.record(user, user?.email ?? label, false, reason, meta);
      return Promise.reject(new HttpError(status, message));
    };
    if (!identity.account) return refuse(400, ScalePadMessages.noAccount, 'no account claim');
    const tenant = await this.linkedTenant(identity.account);
    if (!tenant) return refuse(403, ScalePadMessages.notLinked, `account ${identity.account} not linked`);

    const [linked] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, PROVIDER), eq(userIdentities.subject, identity.subject)));
    let user: UserRow | null = linked && linked.user.tenantId === tenant.id ? linked.user : null;
    const link = !user;
    if (!user) {
      if (!identity.email || !identity.emailVerified) {
        return refuse(401, SsoMessages.emailNotVerified(SCALEPAD_NAME), 'e-mail not verified');
      }
      [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), sql`lower(${users.email}) = ${identity.email}`));
      if (!user) return refuse(401, ScalePadMessages.unknownUser(identity.email), 'unknown e-mail in linked tenant');
    }
    if (!user.isEnabled || user.level === UserLevel.Disabled) {
      return refuse(401, ServerMessages.accountDisabled, 'disabled', user);
    }
    if (await tenantIsDisabled(this.deps.database, user.tenantId)) {
      return refuse(401, ServerMessages.tenantDisabled, 'tenant disabled', user);
    }
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      return refuse(429, ServerMessages.tooManyAttempts, 'locked out', user);
    }
    if (user.level === UserLevel.Client && !tenant.clientSsoEnabled) {
      return refuse(403, SsoMessages.clientSsoOff, 'client single sign-on is off', user);
    }
    const now = new Date();
    if (link) {
      await db
        .insert(userIdentities)
        .values({
          userId: user.id,
          provider: PROVIDER,
          subject: identity.subject,
          email: identity.email,
          lastUsedAt: now,
        })
        .onConflictDoUpdate({
          target: [userIdentities.provider, userIdentities.subject],
          set: { userId: user.id, email: identity.email, lastUsedAt: now },
        });
    } else {
      await db
        .update(userIdentities)
        .set({ lastUsedAt: now })
        .where(and(eq(userIdentities.provider, PROVIDER), eq(userIdentities.subject, identity.subject)));
    }
    if (!user.emailConfirmed) {
      // The parent platform verified the address: a linked tenant's administrator needs no second confirmation.
      [user] = await db.update(users).set({ emailConfirmed: true }).where(eq(users.id, user.id)).returning();
    }
    return this.secondStep(user, meta, link ? `${PROVIDER}: signed in, account linked` : `${PROVIDER}: signed in`);
  }

  /** A new tenant for the parent-platform account, linked to it, with the signed-in person as administrator. */
  async signUp(identity: ScalePadIdentity, body: ScalePadSignupRequest, meta: RequestMeta): Promise<TokenPair> {
    const label = identity.email ?? `(${SCALEPAD_NAME} sign-up)`;
    const refuse = async (status: number, message: string, reason: string) => {
      await this.record(null, label, false, `sign-up refused: ${reason}`, meta);
      return Promise.reject(new HttpError(status, message));
    };
    if (!identity.account) return refuse(400, ScalePadMessages.noAccount, 'no account claim');
    if (await this.linkedTenant(identity.account)) return refuse(409, ScalePadMessages.alreadyLinked, 'already linked');
    if (!identity.email || !identity.emailVerified) {
      return refuse(400, SsoMessages.emailNotVerified(SCALEPAD_NAME), 'e-mail not verified');
    }
    const email = identity.email;
    if (await emailInUse(this.deps.database.db, email)) return refuse(409, SignupMessages.emailTaken, 'e-mail taken');
    const [first, ...rest] = (identity.name ?? '').split(/\s+/).filter(Boolean);
    const name =
      body.CompanyName?.trim() || identity.accountName || identity.name || email.split('@')[1] || SCALEPAD_NAME;
    const zone =
      body.TimeZoneId && Intl.supportedValuesOf('timeZone').includes(body.TimeZoneId) ? body.TimeZoneId : 'UTC';
    let created;
    try {
      created = await this.deps.database.db.transaction(async (tx) => {
        const out = await createTenantIn(tx, {
          name: name.slice(0, 200),
          timeZoneId: zone,
          admin: { email, firstName: first ?? '', lastName: rest.join(' '), passwordHash: null, emailConfirmed: true },
          subscription: {
            planId: null,
            trialEndsAt: new Date(Date.now() + DEFAULT_TRIAL_DAYS * DAY_MS),
            couponId: null,
            resellerId: null,
          },
        });
        await tx.update(tenants).set({ scalePadTenantId: identity.account }).where(eq(tenants.id, out.tenant.id));
        await tx
          .update(subscriptions)
          .set({ provider: BillingProvider.ScalePad })
          .where(eq(subscriptions.tenantId, out.tenant.id));
        await tx.insert(userIdentities).values({
          userId: out.admin!.id,
          provider: PROVIDER,
          subject: identity.subject,
          email,
          lastUsedAt: new Date(),
        });
        return out;
      });
    } catch (err) {
      // Two sign-ups at the same moment: the unique indexes decide.
      if ((err as { code?: string })?.code === '23505') return refuse(409, SignupMessages.emailTaken, 'e-mail taken');
      throw err;
    }
    this.deps.ingest.invalidate();
    const admin = created.admin!;
    await this.record(admin, email, true, `signed up, tenant ${created.tenant.id} linked to ${identity.account}`, meta);
    return this.deps.sessions.issue(admin);
  }
}
