import {
  BOARD_REQUIRED_TYPES,
  HELPDESK_TYPES,
  isEmail,
  NotificationKind,
  PROFILE_MESSAGES,
  type TicketProfileInput,
} from '@vigil/contract';
import {
  type CheckContext,
  type CheckedProfile,
  type FieldError,
  PSA_FIELDS,
  type StoredSettings,
} from './profile-fields.ts';
import { blank, patternErrors, profileMessages } from './profile-messages.ts';

/**
 * A profile payload checked and reduced to what its type uses (features §3.3, §5.1). Every
 * problem is reported at once, each with its field, so the form can mark them all. Fields
 * the type does not use are dropped: stored null, read back null (or false and empty lists).
 */

/**
 * Shape checks that need no database; the caller adds the tenant checks (catch-all company,
 * e-mail settings, name taken) and throws with everything together.
 */
export function checkProfile(
  input: TicketProfileInput,
  ctx: CheckContext,
): { profile: CheckedProfile; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const need = (field: keyof typeof profileMessages.required, value: unknown) => {
    if (value === null || value === undefined || value === '')
      errors.push({ Field: field, Message: profileMessages.required[field] });
  };
  const type = input.Type;
  const customSubject = blank(input.CustomSubject);
  // Only PSA tickets and webhooks carry a body; an e-mail's body is the facts themselves.
  const customDescription = type === NotificationKind.Email ? null : blank(input.CustomDescription);
  errors.push(...patternErrors('CustomSubject', customSubject, input.GroupBy));
  errors.push(...patternErrors('CustomDescription', customDescription, input.GroupBy));

  const settings: StoredSettings = {};
  let emailSettingsId: number | null = null;
  let webhookSecret: string | null = null;

  if (type === NotificationKind.PSA) {
    if (ctx.crmType === null) errors.push({ Field: 'Type', Message: PROFILE_MESSAGES.noPsa });
    for (const f of PSA_FIELDS) {
      const v = input[f];
      settings[f] = typeof v === 'string' ? blank(v) : (v ?? null);
    }
    settings.IgnoreTicketStatusIds = [...new Set(input.IgnoreTicketStatusIds ?? [])];
    need('CatchAllCompany', settings.CatchAllCompany);
    if (ctx.crmType !== null && BOARD_REQUIRED_TYPES.includes(ctx.crmType)) {
      need('DefaultCrmBoard', settings.DefaultCrmBoard);
      need('TicketPriority', settings.TicketPriority);
    }
    if (ctx.crmType !== null && HELPDESK_TYPES.includes(ctx.crmType)) need('TicketTypeId', settings.TicketTypeId);
    need('NewTicketStatusId', settings.NewTicketStatusId);
    need('ClosedTicketStatusId', settings.ClosedTicketStatusId);
  } else if (type === NotificationKind.Email) {
    const recipients = [...new Set((input.Recipients ?? []).map((r) => r.trim()).filter(Boolean))];
    if (!recipients.length) errors.push({ Field: 'Recipients', Message: profileMessages.noRecipients });
    for (const r of recipients)
      if (!isEmail(r)) errors.push({ Field: 'Recipients', Message: PROFILE_MESSAGES.invalidEmail(r) });
    settings.Recipients = recipients;
    settings.IncludeCompanyName = input.IncludeCompanyName ?? false;
    settings.IncludeFailureText = input.IncludeFailureText ?? false;
    // Null is the form's default placeholder (features §3.3): the tenant's default SMTP settings,
    // or Vigil's own outbound mail when the tenant has none.
    emailSettingsId = input.EmailSettingsId ?? null;
  } else {
    const url = blank(input.WebhookUrl);
    need('WebhookUrl', url);
    if (url !== null) {
      let parsed: URL | null = null;
      try {
        parsed = new URL(url);
      } catch {
        errors.push({ Field: 'WebhookUrl', Message: profileMessages.webhookNotUrl });
      }
      if (parsed && !(parsed.protocol === 'https:' || (ctx.allowHttp && parsed.protocol === 'http:')))
        errors.push({ Field: 'WebhookUrl', Message: profileMessages.webhookNotHttps });
      settings.WebhookUrl = url;
    }
    webhookSecret = blank(input.WebhookSecret);
    if (webhookSecret === null && !ctx.hasSecret)
      errors.push({ Field: 'WebhookSecret', Message: profileMessages.required.WebhookSecret });
  }

  return {
    profile: {
      name: input.Name.trim(),
      type,
      groupBy: input.GroupBy,
      customSubject,
      customDescription,
      settings,
      emailSettingsId,
      webhookSecret,
    },
    errors,
  };
}

export { PSA_FIELDS } from './profile-fields.ts';
export type { PsaField, StoredSettings, CheckedProfile, FieldError, CheckContext } from './profile-fields.ts';
export { profileMessages, patternErrors, fail } from './profile-messages.ts';
