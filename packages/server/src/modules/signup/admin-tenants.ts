import type { z } from 'zod';
import { isEmail, Messages, SignupMessages, type AdminTenantCreate, type AdminTenantCreated } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { createSetPasswordToken, setPasswordUrl } from '../../platform/auth/set-password-links.ts';
import { HttpError } from '../../platform/errors.ts';
import { escapeHtml } from '../users/service.ts';
import { DEFAULT_TRIAL_DAYS, planByHandle } from './service.ts';
import { createTenantIn, emailInUse } from './tenant-service.ts';
const DAY_MS = 24 * 3600_000;

/**
 * `POST api/admin/tenants`: the same tenant creation as sign-up, by a platform admin. The first
 * administrator has no password yet; a welcome mail carries a set-password link (the password
 * reset machinery), and opening it proves the address, so it counts as confirmed.
 */
export async function createTenantByAdmin(
  deps: Deps,
  body: z.infer<typeof AdminTenantCreate>,
): Promise<AdminTenantCreated> {
  const problems: { Field: string; Message: string }[] = [];
  const email = body.AdminEmail.trim();
  if (!isEmail(email)) problems.push({ Field: 'AdminEmail', Message: Messages.invalidEmail });
  else if (await emailInUse(deps.database.db, email))
    problems.push({ Field: 'AdminEmail', Message: SignupMessages.emailTaken });
  const plan = body.PlanHandle?.trim() ? await planByHandle(deps, body.PlanHandle) : undefined;
  if (body.PlanHandle?.trim() && !plan) problems.push({ Field: 'PlanHandle', Message: SignupMessages.planUnknown });
  if (body.TimeZoneId && body.TimeZoneId !== 'UTC' && !Intl.supportedValuesOf('timeZone').includes(body.TimeZoneId))
    problems.push({ Field: 'TimeZoneId', Message: 'Unknown time zone' });
  if (problems.length) throw new HttpError(400, problems[0].Message, problems);

  let token = '';
  const trialDays = plan ? plan.trialDays : DEFAULT_TRIAL_DAYS;
  let out;
  try {
    out = await deps.database.db.transaction(async (tx) => {
      const created = await createTenantIn(tx, {
        name: body.Name,
        timeZoneId: body.TimeZoneId ?? 'UTC',
        admin: {
          email,
          firstName: body.AdminFirstName,
          lastName: body.AdminLastName,
          passwordHash: null,
          emailConfirmed: true,
        },
        subscription: {
          planId: plan?.id ?? null,
          trialEndsAt: trialDays > 0 ? new Date(Date.now() + trialDays * DAY_MS) : null,
          couponId: null,
          resellerId: null,
        },
      });
      token = await createSetPasswordToken(tx, created.admin!.id);
      return created;
    });
  } catch (err) {
    if ((err as { code?: string })?.code === '23505')
      throw new HttpError(400, SignupMessages.emailTaken, [
        { Field: 'AdminEmail', Message: SignupMessages.emailTaken },
      ]);
    throw err;
  }
  deps.ingest.invalidate();
  const admin = out.admin!;
  const link = setPasswordUrl(deps.config.publicUrl, token);
  const inbound = `${out.tenant.slug}@${deps.config.INBOUND_DOMAIN}`;
  await deps.mailer.send({
    tenantId: null,
    to: admin.email,
    subject: `Your Vigil account for ${out.tenant.name}`,
    text: `Hello ${admin.firstName},\n\nAn account for ${out.tenant.name} is ready on Vigil. Open this link within seven days to choose your password:\n${link}\n\nBackup reports sent to ${inbound} will appear in your audit.`,
    html: `<p>Hello ${escapeHtml(admin.firstName)},</p><p>An account for ${escapeHtml(out.tenant.name)} is ready on Vigil. <a href="${link}">Choose your password</a> within seven days.</p><p>Backup reports sent to ${escapeHtml(inbound)} will appear in your audit.</p>`,
  });
  return {
    TenantId: out.tenant.id,
    Name: out.tenant.name,
    Slug: out.tenant.slug,
    InboundEmail: inbound,
    AdminUserId: admin.id,
    AdminEmail: admin.email,
    Message: `${out.tenant.name} is created; ${admin.email} was sent a link to choose a password.`,
  };
}
