import {
  CrmType,
  CRM_VENDORS,
  NotificationKind,
  vendorOfType,
  type NotificationKindValue,
  type TicketGroupByValue,
  type TicketProfile,
} from '@vigil/contract';
import type { StoredSettings } from './profile-payload.ts';

/** How a stored ticket profile reads: the API's view, the list's target, the activity log's view. */

export interface ProfileDbRow {
  id: number;
  name: string;
  type: number;
  group_by: number;
  custom_subject: string | null;
  custom_description: string | null;
  settings: StoredSettings;
  crm_integration_id: number | null;
  email_settings_id: number | null;
  has_secret: boolean;
  crm_type: number | null;
  rules_count: string | number;
  open_tickets: string | number;
  created_at: Date | string;
  updated_at: Date | string;
}

export const PROFILE_SELECT = `
  SELECT p.id, p.name, p.type, p.group_by, p.custom_subject, p.custom_description, p.settings,
         p.crm_integration_id, p.email_settings_id, p.webhook_secret IS NOT NULL AS has_secret,
         ci.crm_type, p.created_at, p.updated_at,
         (SELECT count(*) FROM ticket_rules r WHERE r.profile_id = p.id) AS rules_count,
         (SELECT count(*) FROM tickets t WHERE t.profile_id = p.id AND t.state IN ('Pending', 'Open')) AS open_tickets
    FROM ticket_profiles p
    LEFT JOIN crm_integrations ci ON ci.id = p.crm_integration_id`;

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function toProfile(r: ProfileDbRow): TicketProfile {
  const s = r.settings ?? {};
  const psa = r.type === NotificationKind.PSA;
  return {
    Id: r.id,
    Name: r.name,
    Type: r.type as NotificationKindValue,
    GroupBy: r.group_by as TicketGroupByValue,
    CustomSubject: r.custom_subject,
    CustomDescription: r.custom_description,
    Recipients: Array.isArray(s.Recipients) ? s.Recipients : [],
    EmailSettingsId: r.email_settings_id,
    IncludeCompanyName: s.IncludeCompanyName === true,
    IncludeFailureText: s.IncludeFailureText === true,
    CrmSourceId: psa ? r.crm_integration_id : null,
    CrmTypeId: psa ? (r.crm_type ?? CrmType.NotConfigured) : CrmType.NotConfigured,
    IgnoreTicketStatusIds: Array.isArray(s.IgnoreTicketStatusIds) ? (s.IgnoreTicketStatusIds as number[]) : [],
    CatchAllCompany: num(s.CatchAllCompany),
    DefaultCrmBoard: str(s.DefaultCrmBoard),
    TicketPriority: num(s.TicketPriority),
    TicketCategoryId: num(s.TicketCategoryId),
    NewTicketStatusId: num(s.NewTicketStatusId),
    ClosedTicketStatusId: num(s.ClosedTicketStatusId),
    TypeId: num(s.TypeId),
    SubTypeId: num(s.SubTypeId),
    SourceId: num(s.SourceId),
    TicketTypeId: num(s.TicketTypeId),
    PublicNotes: typeof s.PublicNotes === 'boolean' ? s.PublicNotes : null,
    ItemId: num(s.ItemId),
    TicketNoteTypeId: num(s.TicketNoteTypeId),
    Category: str(s.Category),
    Subcategory: str(s.Subcategory),
    Urgency: str(s.Urgency),
    Impact: str(s.Impact),
    Group: str(s.Group),
    Caller: str(s.Caller),
    WebhookUrl: str(s.WebhookUrl),
    HasWebhookSecret: r.type === NotificationKind.Webhook && r.has_secret,
    RulesCount: Number(r.rules_count),
    CreatedAt: new Date(r.created_at).toISOString(),
    UpdatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** What the profile list shows as its destination. */
export function targetOf(r: ProfileDbRow): string {
  const s = r.settings ?? {};
  if (r.type === NotificationKind.Email) return (s.Recipients ?? []).join(', ');
  if (r.type === NotificationKind.Webhook) return s.WebhookUrl ?? '';
  const vendor = r.crm_type === null ? null : vendorOfType(r.crm_type);
  const label = vendor ? CRM_VENDORS[vendor].label : 'PSA (not linked)';
  return typeof s.DefaultCrmBoard === 'string' ? `${label} · ${s.DefaultCrmBoard}` : label;
}

/** A profile as the activity log shows it: what was saved, never the secret. */
export function logView(p: TicketProfile): Record<string, unknown> {
  const { Id: _id, CreatedAt: _c, UpdatedAt: _u, RulesCount: _r, ...rest } = p;
  return rest;
}

/** The fields that differ, before and after. */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after))
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  return { before: b, after: a };
}
