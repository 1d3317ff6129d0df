import {
  BOARD_REQUIRED_TYPES,
  HELPDESK_TYPES,
  isEmail,
  NotificationKind,
  parsePattern,
  PROFILE_MESSAGES,
  type CrmTypeValue,
  type TicketGroupByValue,
  type TicketProfileInput,
} from '@vigil/contract';
import { HttpError } from '../../platform/errors.ts';

/**
 * A profile payload checked and reduced to what its type uses (features §3.3, §5.1). Every
 * problem is reported at once, each with its field, so the form can mark them all. Fields
 * the type does not use are dropped: stored null, read back null (or false and empty lists).
 */

export const PSA_FIELDS = [
  'IgnoreTicketStatusIds',
  'CatchAllCompany',
  'DefaultCrmBoard',
  'TicketPriority',
  'TicketCategoryId',
  'NewTicketStatusId',
  'ClosedTicketStatusId',
  'TypeId',
  'SubTypeId',
  'SourceId',
  'TicketTypeId',
  'PublicNotes',
  'ItemId',
  'TicketNoteTypeId',
  'Category',
  'Subcategory',
  'Urgency',
  'Impact',
  'Group',
  'Caller',
] as const;
export type PsaField = (typeof PSA_FIELDS)[number];

/** The type-specific part kept in ticket_profiles.settings. */
export interface StoredSettings {
  Recipients?: string[];
  IncludeCompanyName?: boolean;
  IncludeFailureText?: boolean;
  WebhookUrl?: string;
  [k: string]: unknown;
}

export interface CheckedProfile {
  name: string;
  type: 1 | 2 | 3;
  groupBy: TicketGroupByValue;
  customSubject: string | null;
  customDescription: string | null;
  settings: StoredSettings;
  emailSettingsId: number | null;
  /** A new secret to seal; null keeps the stored one. */
  webhookSecret: string | null;
}

export interface FieldError {
  Field: string;
  Message: string;
  start?: number;
  end?: number;
  message?: string;
}

export const profileMessages = {
  nameTaken: (name: string) => `A ticket profile named "${name}" already exists.`,
  required: {
    CatchAllCompany: 'Catch-all company is required',
    NewTicketStatusId: 'New ticket status is required',
    ClosedTicketStatusId: 'Closed ticket status is required',
    DefaultCrmBoard: 'Board is required',
    TicketPriority: 'Priority is required',
    TicketTypeId: 'Ticket type is required',
    WebhookUrl: 'Webhook URL is required',
    WebhookSecret: 'Webhook secret is required',
  },
  noRecipients: 'At least one recipient is required',
  catchAllNotPsa: 'The catch-all company must be one of your PSA companies',
  emailSettingsUnknown: 'These e-mail settings do not exist',
  webhookNotUrl: 'Webhook URL is not a valid address',
  webhookNotHttps: 'Webhook URL must start with https://',
  inUse: (rules: number) =>
    `This ticket profile is used by ${rules} ${rules === 1 ? 'rule' : 'rules'}. Change or delete ${rules === 1 ? 'it' : 'them'} first.`,
} as const;

/** Blank text is null. */
const blank = (v: string | null | undefined): string | null => {
  if (v === undefined || v === null) return null;
  const t = v.trim();
  return t.length ? t : null;
};

/** A pattern's errors as field errors; the offsets stay so the editor can underline them. */
export function patternErrors(field: string, pattern: string | null, groupBy: TicketGroupByValue): FieldError[] {
  if (pattern === null) return [];
  return parsePattern(pattern, groupBy).errors.map((e) => ({
    Field: field,
    Message: e.message,
    start: e.start,
    end: e.end,
    message: e.message,
  }));
}

export function fail(errors: FieldError[]): never {
  throw new HttpError(400, errors[0].Message, errors);
}

export interface CheckContext {
  /** The tenant's PSA type, null when it has none. */
  crmType: CrmTypeValue | null;
  /** True when the profile already has a sealed webhook secret. */
  hasSecret: boolean;
  allowHttp: boolean;
}

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
