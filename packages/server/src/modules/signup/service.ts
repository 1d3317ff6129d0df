import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  isEmail,
  Messages,
  passwordProblem,
  SignupMessages,
  type SignupPlan,
  type SignupRequest,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { emailConfirmations, plans, resellers, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { hashToken, newOpaqueToken } from '../../platform/auth/tokens.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { escapeHtml } from '../users/service.ts';
import { extraTrialDays, redeemCoupon } from './coupons.ts';
import { createTenantIn, emailInUse } from './tenant-service.ts';

/** Trial length when the account starts without a plan. */
export const DEFAULT_TRIAL_DAYS = 14;
export const CONFIRM_TTL_MS = 3 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

type PlanRow = typeof plans.$inferSelect;

export function planOut(p: PlanRow): SignupPlan {
  return {
    Id: p.id,
    Handle: p.handle,
    Name: p.name,
    Description: p.description,
    PriceCents: p.priceCents,
    Currency: p.currency,
    Interval: p.interval,
    UnitLimit: p.unitLimit,
    TrialDays: p.trialDays,
    IsPublic: p.isPublic,
    IsActive: p.isActive,
  };
}

/** Offered at sign-up: active and public; `all` adds hidden and retired plans (the catalogue). */
export async function listPlans(deps: Deps, all: boolean): Promise<SignupPlan[]> {
  const rows = await deps.database.db
    .select()
    .from(plans)
    .where(all ? undefined : and(eq(plans.isActive, true), eq(plans.isPublic, true)))
    .orderBy(asc(plans.sortOrder), asc(plans.priceCents), asc(plans.id));
  return rows.map(planOut);
}

/** A plan one may sign up for by handle: active, public or not (a hidden plan is offered by link). */
export async function planByHandle(deps: Deps, handle: string): Promise<PlanRow | undefined> {
  const [p] = await deps.database.db
    .select()
    .from(plans)
    .where(and(sql`lower(${plans.handle}) = ${handle.trim().toLowerCase()}`, eq(plans.isActive, true)));
  return p;
}

export async function findReseller(deps: Deps, code: string) {
  const [r] = await deps.database.db
    .select()
    .from(resellers)
    .where(sql`lower(${resellers.code}) = ${code.trim().toLowerCase()}`);
  return r;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

interface Problem {
  Field: string;
  Message: string;
}

/** Every problem of the form at once, so the screen can mark each field. */
async function validate(deps: Deps, body: SignupRequest, referral: boolean) {
  const problems: Problem[] = [];
  const add = (Field: string, Message: string) => problems.push({ Field, Message });
  if (!body.CompanyName.trim()) add('CompanyName', SignupMessages.companyRequired);
  if (!body.FirstName.trim()) add('FirstName', SignupMessages.nameRequired);
  if (!body.LastName.trim()) add('LastName', SignupMessages.nameRequired);
  const email = body.Email.trim();
  if (!isEmail(email)) add('Email', Messages.invalidEmail);
  else if (await emailInUse(deps.database.db, email)) add('Email', SignupMessages.emailTaken);
  const pw = passwordProblem(body.Password);
  if (pw) add('Password', pw);
  if (body.Password !== body.ConfirmPassword) add('ConfirmPassword', Messages.passwordsMustMatch);

  let plan: PlanRow | undefined;
  const offered = await listPlans(deps, false);
  if (body.PlanHandle?.trim()) {
    plan = await planByHandle(deps, body.PlanHandle);
    if (!plan) add('PlanHandle', SignupMessages.planUnknown);
  } else if (offered.length) {
    add('PlanHandle', SignupMessages.planUnknown);
  }
  let resellerId: number | null = null;
  if (referral && !body.Reseller?.trim()) add('Reseller', SignupMessages.resellerUnknown);
  if (body.Reseller?.trim()) {
    const r = await findReseller(deps, body.Reseller);
    if (!r) add('Reseller', SignupMessages.resellerUnknown);
    else resellerId = r.id;
  }
  if (body.TimeZoneId && !Intl.supportedValuesOf('timeZone').includes(body.TimeZoneId) && body.TimeZoneId !== 'UTC')
    add('TimeZoneId', 'Unknown time zone');
  return { problems, email, plan, resellerId };
}

function fail(problems: Problem[]): never {
  throw new HttpError(400, problems[0].Message, problems);
}

/**
 * Sign-up: validates, then in one transaction counts the coupon's redemption, creates the
 * tenant, its groups, its unconfirmed administrator, the subscription and the confirmation
 * token; the confirmation mail goes out once it is all committed.
 */
export async function signUp(deps: Deps, body: SignupRequest, referral: boolean): Promise<{ email: string }> {
  const { problems, email, plan, resellerId } = await validate(deps, body, referral);
  if (problems.length) fail(problems);
  const passwordHash = await hashPassword(body.Password);
  const token = newOpaqueToken();
  const coupon = body.Coupon?.trim() || null;
  let created;
  try {
    created = await deps.database.db.transaction(async (tx) => {
      let redeemed = null;
      if (coupon) {
        const r = await redeemCoupon(tx, coupon);
        if ('problem' in r) throw badRequest(r.problem, 'Coupon');
        redeemed = r.coupon;
      }
      const trialDays = (plan ? plan.trialDays : DEFAULT_TRIAL_DAYS) + extraTrialDays(redeemed);
      const out = await createTenantIn(tx, {
        name: body.CompanyName.trim(),
        timeZoneId: body.TimeZoneId ?? 'UTC',
        admin: {
          email,
          firstName: body.FirstName.trim(),
          lastName: body.LastName.trim(),
          passwordHash,
          emailConfirmed: false,
        },
        subscription: {
          planId: plan?.id ?? null,
          trialEndsAt: trialDays > 0 ? new Date(Date.now() + trialDays * DAY_MS) : null,
          couponId: redeemed?.id ?? null,
          resellerId,
        },
      });
      await tx.insert(emailConfirmations).values({
        userId: out.admin!.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
      });
      return out;
    });
  } catch (err) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(err)) fail([{ Field: 'Email', Message: SignupMessages.emailTaken }]);
    throw err;
  }
  deps.ingest.invalidate();
  await sendConfirmation(deps, created.admin!, token);
  return { email };
}

async function sendConfirmation(deps: Deps, user: typeof users.$inferSelect, token: string): Promise<void> {
  const link = `${deps.config.publicUrl}/page/confirm-email/${token}`;
  const name = user.firstName || user.email;
  await deps.mailer.send({
    tenantId: null,
    to: user.email,
    subject: 'Confirm your e-mail address for Vigil',
    text: `Hello ${name},\n\nWelcome to Vigil. Open this link within three days to confirm your e-mail address and activate your account:\n${link}\n\nIf you did not sign up, ignore this message.`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Welcome to Vigil. <a href="${link}">Confirm your e-mail address</a> within three days to activate your account.</p><p>If you did not sign up, ignore this message.</p>`,
  });
}

/** A new link for an address still waiting for confirmation; the answer never says which. */
export async function resendConfirmation(deps: Deps, email: string): Promise<void> {
  const u = await deps.auth.findByEmail(email);
  if (!u || u.emailConfirmed || !u.isEnabled) return;
  const token = newOpaqueToken();
  await deps.database.db.insert(emailConfirmations).values({
    userId: u.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
  });
  await sendConfirmation(deps, u, token);
}

/** Spends the token (once: the update only matches an unused, live row) and confirms the address. */
export async function confirmEmail(deps: Deps, token: string): Promise<{ email: string }> {
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailConfirmations)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailConfirmations.tokenHash, hashToken(token)),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!row) throw badRequest(SignupMessages.confirmLinkInvalid, 'Token');
    const [u] = await tx
      .update(users)
      .set({ emailConfirmed: true })
      .where(eq(users.id, row.userId))
      .returning({ email: users.email });
    return { email: u.email };
  });
}
