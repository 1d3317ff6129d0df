import { z } from 'zod';
import type { NotificationKind } from './enums.ts';

/**
 * Ticketing (platform §7 Tickets and Policies; features §2.4, §3.3, §5.1, §5.2, §9).
 *
 * A ticket profile says where a ticket goes (the PSA, e-mail recipients, or a webhook) and how
 * it reads; a rule says when one is opened (which statuses, for how long, for which backups) and
 * with which profile. One ticket exists per rule and group (a backup, a company, a job name or a
 * device name, per the profile's GroupBy) while the problem lasts.
 */

/** Group-by: Policy 0 (labelled Backup), Company 1, Job 2, Device 3. */
export const TicketGroupBy = { Policy: 0, Company: 1, Job: 2, Device: 3 } as const;
export type TicketGroupByValue = (typeof TicketGroupBy)[keyof typeof TicketGroupBy];
export const TicketGroupByValue = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const TICKET_GROUP_LABELS: Record<TicketGroupByValue, string> = {
  0: 'Backup',
  1: 'Company',
  2: 'Job Name',
  3: 'Device Name',
};

/** Notification kinds: PSA 1, Email 2, Webhook 3 (the profile's Type). */
export type NotificationKindValue = (typeof NotificationKind)[keyof typeof NotificationKind];
export const NotificationKindValue = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** The form holds Type as text. */
export const PROFILE_TYPE_TEXT: Record<NotificationKindValue, 'PSA' | 'Email' | 'Webhook'> = {
  1: 'PSA',
  2: 'Email',
  3: 'Webhook',
};

/** Ticket mode of a backup's view: None, Email, Ticket, Any. */
export const TicketMode = z.enum(['None', 'Email', 'Ticket', 'Any']);
export type TicketMode = z.infer<typeof TicketMode>;

/** Features §9: the default body ("Ticket automatically created by" and the product name). */
export const DEFAULT_TICKET_DESCRIPTION = 'Ticket automatically created by Vigil';

export const PROFILE_MESSAGES = {
  created: 'Ticket profile created successfully',
  updated: 'Successfully updated',
  subjectUpdated: 'Subject template updated successfully',
  noPsa: "You don't have configured PSA integration",
  noCrmPermission: "You don't have permissions to get CRM Parameters",
  invalidEmail: (value: string) => `${value} in not valid email`,
  previewPlaceholder: 'Plese provide a template to see a preview',
} as const;

const id = z.number().int().positive().nullable();
const text = z.string().max(500).nullable();

/**
 * The saved profile payload (features §3.3): Type and GroupBy numbers, ids numbers or null,
 * blank strings null. DefaultCrmBoard travels as the board's label. Fields the type does not use
 * are ignored and stored as null. Webhook profiles carry WebhookUrl and a write-only secret.
 */
export const TicketProfileInput = z.object({
  Name: z.string().trim().min(1, 'Name is required').max(200),
  Type: NotificationKindValue,
  GroupBy: TicketGroupByValue,
  CustomSubject: z.string().max(1000).nullable().optional(),
  CustomDescription: z.string().max(10000).nullable().optional(),
  // E-mail
  Recipients: z.array(z.string().trim().max(320)).max(50).optional(),
  EmailSettingsId: id.optional(),
  IncludeCompanyName: z.boolean().optional(),
  IncludeFailureText: z.boolean().optional(),
  // PSA
  CrmSourceId: id.optional(),
  IgnoreTicketStatusIds: z.array(z.number().int()).max(200).optional(),
  /** A PSA company of ours (companies.Id, Type Psa) that takes tickets of backups without a PSA company. */
  CatchAllCompany: id.optional(),
  DefaultCrmBoard: text.optional(),
  TicketPriority: z.number().int().nullable().optional(),
  TicketCategoryId: z.number().int().nullable().optional(),
  NewTicketStatusId: z.number().int().nullable().optional(),
  ClosedTicketStatusId: z.number().int().nullable().optional(),
  TypeId: z.number().int().nullable().optional(),
  SubTypeId: z.number().int().nullable().optional(),
  SourceId: z.number().int().nullable().optional(),
  TicketTypeId: z.number().int().nullable().optional(),
  PublicNotes: z.boolean().nullable().optional(),
  ItemId: z.number().int().nullable().optional(),
  TicketNoteTypeId: z.number().int().nullable().optional(),
  // Service management (ServiceNow): choice values and sys_ids are text.
  Category: text.optional(),
  Subcategory: text.optional(),
  Urgency: text.optional(),
  Impact: text.optional(),
  Group: text.optional(),
  Caller: text.optional(),
  // Webhook
  WebhookUrl: z.string().trim().max(1000).nullable().optional(),
  /** Write-only: null keeps the stored secret. */
  WebhookSecret: z.string().max(200).nullable().optional(),
});
export type TicketProfileInput = z.infer<typeof TicketProfileInput>;
export const TicketProfileUpdate = TicketProfileInput.extend({ Id: z.number().int().positive() });
export type TicketProfileUpdate = z.infer<typeof TicketProfileUpdate>;

/** `GET api/ticket/profiles/{id}`: the saved payload, with the webhook secret replaced by a flag. */
export type TicketProfile = Omit<Required<TicketProfileInput>, 'WebhookSecret'> & {
  Id: number;
  CrmTypeId: number;
  HasWebhookSecret: boolean;
  RulesCount: number;
  CreatedAt: string;
  UpdatedAt: string;
};

/** Profile list item (features §3.3: Id, Name, Type) with what the grid shows. */
export interface TicketProfileListItem {
  Id: number;
  Name: string;
  Type: NotificationKindValue;
  GroupBy: TicketGroupByValue;
  Target: string;
  RulesCount: number;
  OpenTickets: number;
  UpdatedAt: string;
}

/** `POST api/ticket/profiles/list`. */
export const TicketProfileListQuery = z.object({
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(500).default(50),
  Search: z.string().max(200).optional(),
  OrderBy: z.enum(['Name', 'Type', 'GroupBy', 'UpdatedAt']).optional(),
  OrderAscending: z.boolean().optional(),
});

/** `GET api/ticket/profiles/psa`: the linked PSA source for the profile form. */
export interface ProfilePsaConfig {
  CrmTypeId: number;
  /** The CRM source (integration) id, null when none is configured. */
  Id: number | null;
  Name: string | null;
}

/** The day statuses a rule can open tickets for: Warning 2, Failure 3, No Result 4. */
export const RuleStatus = z.union([z.literal(2), z.literal(3), z.literal(4)]);

/** Ticket rule: when to open a ticket, with which profile, when to close it. */
export const TicketRuleInput = z.object({
  Name: z.string().trim().min(1, 'Name is required').max(200),
  IsEnabled: z.boolean(),
  ProfileId: z.number().int().positive(),
  Statuses: z.array(RuleStatus).min(1, 'Choose at least one status').max(3),
  /** Open once the status held this many consecutive scheduled days. */
  ConsecutiveDays: z.number().int().min(1).max(30),
  /** Instead of ConsecutiveDays, use each backup's own failure threshold. */
  UseFailureThreshold: z.boolean(),
  /** Empty lists mean every company, tag, vendor. */
  CompanyIds: z.array(z.number().int().positive()).max(1000),
  Tags: z.array(z.string().max(100)).max(200),
  Vendors: z.array(z.string().max(100)).max(200),
  /** Close the ticket when the backup succeeds again, with CloseNote. */
  AutoClose: z.boolean(),
  CloseNote: z.string().max(2000).nullable(),
  /** Add a note each further day the problem continues. */
  NoteOnContinue: z.boolean(),
});
export type TicketRuleInput = z.infer<typeof TicketRuleInput>;

export interface TicketRule extends TicketRuleInput {
  Id: number;
  /** Order: the first enabled rule that covers a backup handles it. */
  Position: number;
  ProfileName: string;
  ProfileType: NotificationKindValue;
  GroupBy: TicketGroupByValue;
  /** How many active backups this rule handles now. */
  BackupsCount: number;
  OpenTickets: number;
}

/** A global subject per grouping (`custom-subjects`, `default-subjects`): Pattern, GroupBy, Example. */
export const SubjectTemplateInput = z.object({
  Pattern: z.string().max(1000),
  GroupBy: TicketGroupByValue,
});
export type SubjectTemplateInput = z.infer<typeof SubjectTemplateInput>;
export interface SubjectTemplate {
  Pattern: string;
  GroupBy: TicketGroupByValue;
  Example: string;
}
/** `POST api/ticket/pattern-example` → `{ Example }`, or 400 with the pattern's errors. */
export interface PatternExample {
  Example: string;
}

export const DEFAULT_SUBJECTS: Record<TicketGroupByValue, string> = {
  0: '{status}: {company} - {device} - {job}',
  1: '{status}: backups of {company}',
  2: '{status}: job {job} ({company})',
  3: '{status}: device {device} ({company})',
};

/** Where a ticket is in its life. */
export const TicketState = z.enum(['Pending', 'Open', 'Closed', 'Failed', 'Unlinked']);
export type TicketState = z.infer<typeof TicketState>;

/** `GET api/ticket/issues`: one row per ticket (open problems first). */
export interface TicketIssue {
  /** The group key: rule, grouping and group value. */
  key: string;
  Id: number;
  Subject: string;
  Kind: NotificationKindValue;
  GroupBy: TicketGroupByValue;
  Group: string;
  Status: number;
  State: TicketState;
  ProfileId: number | null;
  ProfileName: string | null;
  RuleId: number | null;
  RuleName: string | null;
  ExternalId: string | null;
  ExternalNumber: string | null;
  ExternalUrl: string | null;
  BackupIds: number[];
  CompanyName: string | null;
  OpenedAt: string;
  UpdatedAt: string;
  ClosedAt: string | null;
  NotesCount: number;
  LastError: string | null;
}
export const TicketIssuesQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(500).default(50),
  Search: z.string().max(200).optional(),
  State: z.enum(['Open', 'Closed', 'Failed', 'All']).default('Open'),
});

/** One event on a ticket's timeline. */
export interface TicketEvent {
  At: string;
  Kind: 'created' | 'note' | 'closed' | 'reopened' | 'linked' | 'unlinked' | 'error' | 'delivered';
  Text: string;
  UserName: string | null;
}

/** `POST /api/policy/tickets` (page size 10): a backup's tickets, newest first. */
export const PolicyTicketsQuery = z.object({
  PolicyId: z.number().int().positive(),
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(100).default(10),
  /** Only tickets open on this day (YYYY-MM-DD). */
  Date: z.string().nullable().optional(),
});
export interface PolicyTicket {
  Id: number;
  Subject: string;
  State: TicketState;
  Kind: NotificationKindValue;
  ExternalId: string | null;
  ExternalNumber: string | null;
  ExternalUrl: string | null;
  OpenedAt: string;
  ClosedAt: string | null;
  Manual: boolean;
}
export interface PolicyTickets {
  Tickets: PolicyTicket[];
  TicketsCount: number;
}

/** `GET api/ticket/get-details?ticketID=`: ours and, for PSA tickets, what the PSA says now. */
export interface TicketDetails extends PolicyTicket {
  Events: TicketEvent[];
  Psa: {
    StatusName: string | null;
    Closed: boolean;
    CompanyName: string | null;
    Notes: { At: string | null; Text: string; Author: string | null }[];
  } | null;
}

/** `POST api/ticket/CreateForPolicy/{policyId}`: a ticket now, with a profile. */
export const CreateForPolicyInput = z.object({
  ProfileId: z.number().int().positive(),
  Subject: z.string().trim().max(1000).nullable().optional(),
  Description: z.string().max(10000).nullable().optional(),
});
/** `POST api/ticket/UpdateDetails`: a note on the ticket, optionally closing it. */
export const UpdateTicketDetailsInput = z.object({
  TicketId: z.number().int().positive(),
  Note: z.string().trim().min(1, 'Note is required').max(10000),
  Close: z.boolean().optional(),
});
