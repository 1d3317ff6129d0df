import {
  BOARD_REQUIRED_TYPES,
  CrmType,
  DEFAULT_TICKET_DESCRIPTION,
  HELPDESK_TYPES,
  PROFILE_MESSAGES,
  PROFILE_TYPE_TEXT,
  type PsaOption,
  type TicketGroupByValue,
  type TicketProfile,
  type TicketProfileInput,
} from '@vigil/contract';

/**
 * The ticket profile form (features §3.3, §5.1). The form holds Type as text and every id as a
 * string; the payload turns them back into numbers or null. Pure, so the rules are tested
 * without a browser.
 */
export type ProfileTypeText = 'PSA' | 'Email' | 'Webhook';

export interface ProfileFormValues {
  Name: string;
  Type: ProfileTypeText;
  GroupBy: '' | '0' | '1' | '2' | '3';
  CustomSubject: string;
  CustomDescription: string;
  Recipients: string[];
  /** '' is the "default SMTP settings" placeholder. */
  EmailSettingsId: string;
  IncludeCompanyName: boolean;
  IncludeFailureText: boolean;
  IgnoreTicketStatusIds: string[];
  CatchAllCompany: string;
  /** The board id; the payload sends the board's label. */
  DefaultCrmBoard: string;
  TicketPriority: string;
  TicketCategoryId: string;
  NewTicketStatusId: string;
  ClosedTicketStatusId: string;
  TypeId: string;
  SubTypeId: string;
  SourceId: string;
  TicketTypeId: string;
  PublicNotes: boolean;
  ItemId: string;
  TicketNoteTypeId: string;
  Category: string;
  Subcategory: string;
  Urgency: string;
  Impact: string;
  Group: string;
  Caller: string;
  WebhookUrl: string;
  /** Write-only: blank keeps the stored secret. */
  WebhookSecret: string;
}

export type ProfileField = keyof ProfileFormValues;

export const TYPE_NUMBER: Record<ProfileTypeText, 1 | 2 | 3> = { PSA: 1, Email: 2, Webhook: 3 };

export function emptyProfile(hasPsa: boolean, emailSettingsId = ''): ProfileFormValues {
  return {
    Name: '',
    Type: hasPsa ? 'PSA' : 'Email',
    GroupBy: '',
    CustomSubject: '',
    CustomDescription: '',
    Recipients: [],
    EmailSettingsId: emailSettingsId,
    IncludeCompanyName: true,
    IncludeFailureText: true,
    IgnoreTicketStatusIds: [],
    CatchAllCompany: '',
    DefaultCrmBoard: '',
    TicketPriority: '',
    TicketCategoryId: '',
    NewTicketStatusId: '',
    ClosedTicketStatusId: '',
    TypeId: '',
    SubTypeId: '',
    SourceId: '',
    TicketTypeId: '',
    PublicNotes: false,
    ItemId: '',
    TicketNoteTypeId: '',
    Category: '',
    Subcategory: '',
    Urgency: '',
    Impact: '',
    Group: '',
    Caller: '',
    WebhookUrl: '',
    WebhookSecret: '',
  };
}

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The default source (features §3.3: SourceId defaults to the source marked default). */
export function defaultSourceId(sources: readonly PsaOption[] | null | undefined): string {
  return sources?.find((s) => s.IsDefault)?.Id ?? '';
}

/**
 * A saved profile as form values (features §3.3 "On load"): ids as strings, the board label
 * mapped back to its id, SourceId defaulting to the default source and the default description
 * shown empty.
 */
export function profileToForm(
  p: TicketProfile,
  boards: readonly PsaOption[] | null | undefined,
  sources: readonly PsaOption[] | null | undefined,
): ProfileFormValues {
  const board = p.DefaultCrmBoard
    ? (boards?.find((b) => b.Name === p.DefaultCrmBoard) ?? boards?.find((b) => b.Id === p.DefaultCrmBoard))
    : undefined;
  return {
    Name: p.Name,
    Type: PROFILE_TYPE_TEXT[p.Type],
    GroupBy: str(p.GroupBy) as ProfileFormValues['GroupBy'],
    CustomSubject: p.CustomSubject ?? '',
    CustomDescription: p.CustomDescription === DEFAULT_TICKET_DESCRIPTION ? '' : (p.CustomDescription ?? ''),
    Recipients: [...(p.Recipients ?? [])],
    EmailSettingsId: str(p.EmailSettingsId),
    IncludeCompanyName: p.IncludeCompanyName ?? true,
    IncludeFailureText: p.IncludeFailureText ?? true,
    IgnoreTicketStatusIds: (p.IgnoreTicketStatusIds ?? []).map(String),
    CatchAllCompany: str(p.CatchAllCompany),
    DefaultCrmBoard: board?.Id ?? '',
    TicketPriority: str(p.TicketPriority),
    TicketCategoryId: str(p.TicketCategoryId),
    NewTicketStatusId: str(p.NewTicketStatusId),
    ClosedTicketStatusId: str(p.ClosedTicketStatusId),
    TypeId: str(p.TypeId),
    SubTypeId: str(p.SubTypeId),
    SourceId: p.SourceId === null || p.SourceId === undefined ? defaultSourceId(sources) : String(p.SourceId),
    TicketTypeId: str(p.TicketTypeId),
    PublicNotes: !!p.PublicNotes,
    ItemId: str(p.ItemId),
    TicketNoteTypeId: str(p.TicketNoteTypeId),
    Category: p.Category ?? '',
    Subcategory: p.Subcategory ?? '',
    Urgency: p.Urgency ?? '',
    Impact: p.Impact ?? '',
    Group: p.Group ?? '',
    Caller: p.Caller ?? '',
    WebhookUrl: p.WebhookUrl ?? '',
    WebhookSecret: '',
  };
}

/** Blank → null, otherwise the number (ids travel as numbers). */
export function idOrNull(v: string): number | null {
  const t = v.trim();
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}
const textOrNull = (v: string) => (v.trim() ? v.trim() : null);

/**
 * The saved payload (features §3.3): numbers for Type and GroupBy, ids as numbers or null,
 * blank strings null; Email sends only its own fields; PSA sends the board's label and the
 * CRM source; an empty PSA description becomes the default description.
 */
export function formToPayload(
  v: ProfileFormValues,
  ctx: { boards: readonly PsaOption[] | null | undefined; crmSourceId: number | null },
): TicketProfileInput {
  const base = {
    Name: v.Name.trim(),
    Type: TYPE_NUMBER[v.Type],
    GroupBy: Number(v.GroupBy) as TicketGroupByValue,
    CustomSubject: textOrNull(v.CustomSubject),
  };
  if (v.Type === 'Email') {
    return {
      ...base,
      Recipients: v.Recipients.map((r) => r.trim()),
      IncludeCompanyName: v.IncludeCompanyName,
      IncludeFailureText: v.IncludeFailureText,
      EmailSettingsId: idOrNull(v.EmailSettingsId),
    };
  }
  if (v.Type === 'Webhook') {
    return {
      ...base,
      CustomDescription: textOrNull(v.CustomDescription),
      IncludeCompanyName: v.IncludeCompanyName,
      IncludeFailureText: v.IncludeFailureText,
      WebhookUrl: textOrNull(v.WebhookUrl),
      WebhookSecret: textOrNull(v.WebhookSecret),
    };
  }
  const board = ctx.boards?.find((b) => b.Id === v.DefaultCrmBoard);
  return {
    ...base,
    CustomDescription: textOrNull(v.CustomDescription) ?? DEFAULT_TICKET_DESCRIPTION,
    CrmSourceId: ctx.crmSourceId,
    IncludeFailureText: v.IncludeFailureText,
    IgnoreTicketStatusIds: v.IgnoreTicketStatusIds.map(Number).filter((n) => Number.isInteger(n)),
    CatchAllCompany: idOrNull(v.CatchAllCompany),
    DefaultCrmBoard: board ? board.Name : textOrNull(v.DefaultCrmBoard),
    TicketPriority: idOrNull(v.TicketPriority),
    TicketCategoryId: idOrNull(v.TicketCategoryId),
    NewTicketStatusId: idOrNull(v.NewTicketStatusId),
    ClosedTicketStatusId: idOrNull(v.ClosedTicketStatusId),
    TypeId: idOrNull(v.TypeId),
    SubTypeId: idOrNull(v.SubTypeId),
    SourceId: idOrNull(v.SourceId),
    TicketTypeId: idOrNull(v.TicketTypeId),
    PublicNotes: v.PublicNotes,
    ItemId: idOrNull(v.ItemId),
    TicketNoteTypeId: idOrNull(v.TicketNoteTypeId),
    Category: textOrNull(v.Category),
    Subcategory: textOrNull(v.Subcategory),
    Urgency: textOrNull(v.Urgency),
    Impact: textOrNull(v.Impact),
    Group: textOrNull(v.Group),
    Caller: textOrNull(v.Caller),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (v: string) => EMAIL.test(v.trim());

/** Features §5.1, field by field; the messages name the field by its label. */
export function validateProfile(
  v: ProfileFormValues,
  crmType: number,
  labels: Partial<Record<ProfileField, string>> = {},
  opts: { hasWebhookSecret?: boolean } = {},
): Partial<Record<ProfileField, string>> {
  const e: Partial<Record<ProfileField, string>> = {};
  const required = (f: ProfileField, label: string) => {
    const value = v[f];
    if (typeof value === 'string' && !value.trim()) e[f] = `${labels[f] ?? label} is required`;
  };
  required('Name', 'Ticket Profile name');
  if (!v.GroupBy) e.GroupBy = `${labels.GroupBy ?? 'Group Backups by'} is required`;
  if (v.Type === 'Email') {
    if (!v.Recipients.length) e.Recipients = 'Add at least one recipient';
    const bad = v.Recipients.find((r) => !isValidEmail(r));
    if (bad !== undefined) e.Recipients = PROFILE_MESSAGES.invalidEmail(bad);
  } else if (v.Type === 'Webhook') {
    if (!/^https?:\/\/\S+$/i.test(v.WebhookUrl.trim())) e.WebhookUrl = 'Enter a URL starting with http:// or https://';
    // The secret signs every request; an existing profile keeps its stored one when left blank.
    if (!opts.hasWebhookSecret && !v.WebhookSecret.trim()) e.WebhookSecret = 'Signing secret is required';
  } else {
    required('CatchAllCompany', 'Catch-all company');
    required('NewTicketStatusId', 'New ticket status');
    required('ClosedTicketStatusId', 'Closed ticket status');
    if ((BOARD_REQUIRED_TYPES as readonly number[]).includes(crmType)) {
      required('DefaultCrmBoard', 'Board');
      required('TicketPriority', 'Priority');
    }
    if ((HELPDESK_TYPES as readonly number[]).includes(crmType)) required('TicketTypeId', 'Ticket type');
  }
  return e;
}

/**
 * A user's change with the dependent resets of features §5.1: board clears statuses, type,
 * subtype and item; type clears subtype and item; subtype clears item; a help-desk ticket type
 * clears the statuses; a ServiceNow category clears the subcategory and the catch-all company
 * clears the caller. Loading a profile does not go through here, so nothing clears on load.
 */
export function changeProfile(
  v: ProfileFormValues,
  patch: Partial<ProfileFormValues>,
  crmType: number,
): ProfileFormValues {
  const next = { ...v, ...patch };
  const changed = (f: ProfileField) => f in patch && patch[f] !== v[f];
  const clearStatuses = () => {
    next.NewTicketStatusId = '';
    next.ClosedTicketStatusId = '';
    next.IgnoreTicketStatusIds = [];
  };
  if (changed('DefaultCrmBoard')) {
    clearStatuses();
    next.TypeId = '';
    next.SubTypeId = '';
    next.ItemId = '';
  }
  if (changed('TypeId')) {
    next.SubTypeId = '';
    next.ItemId = '';
  }
  if (changed('SubTypeId')) next.ItemId = '';
  if (changed('TicketTypeId') && (HELPDESK_TYPES as readonly number[]).includes(crmType)) clearStatuses();
  if (crmType === CrmType.ServiceNow) {
    if (changed('Category')) next.Subcategory = '';
    if (changed('CatchAllCompany')) next.Caller = '';
  }
  return next;
}
