// The shapes of a checked ticket profile: PSA fields, stored settings, field errors, check context.
import { type CrmTypeValue, type TicketGroupByValue } from '@vigil/contract';

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

export interface CheckContext {
  /** The tenant's PSA type, null when it has none. */
  crmType: CrmTypeValue | null;
  /** True when the profile already has a sealed webhook secret. */
  hasSecret: boolean;
  allowHttp: boolean;
}
