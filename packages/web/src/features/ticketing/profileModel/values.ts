// The ticket profile form's values (features §3.3): Type as text, every id as a string.

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

/** Blank → null, otherwise the number (ids travel as numbers). */
export function idOrNull(v: string): number | null {
  const t = v.trim();
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}
