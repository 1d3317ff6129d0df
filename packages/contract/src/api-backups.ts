import { z } from 'zod';
import { DayStatusValue, ScheduleRule, StatusCalculation } from './api-audit.ts';
import { BackupSettings } from './api-manage.ts';

/**
 * The backup lifecycle in Manage (platform §7 Backup, Backups, Policies, policy-operation,
 * Account policy-count; features §2.2, §4.4, §4.7): inactive, active and retired lists,
 * activation and editing, retire, reactivate, delete, merge.
 */

/** Policy counts (platform §3) with the labels of features §9. */
export const PolicyCount = z.object({
  ActiveBackups: z.number().int(),
  Office365: z.number().int(),
  Workstations: z.number().int(),
  ActivePolicies: z.number().int(),
  InactivePolicies: z.number().int(),
  RetiredPolicies: z.number().int(),
});
export type PolicyCount = z.infer<typeof PolicyCount>;
export const POLICY_COUNT_LABELS: Record<keyof PolicyCount, string> = {
  ActiveBackups: 'Active Units',
  Office365: 'Active Mailboxes Backups',
  Workstations: 'Active Workstations',
  ActivePolicies: 'Active Backups',
  InactivePolicies: 'Inactive Backups',
  RetiredPolicies: 'Retired Backups',
};

/** A backup as the Manage lists and editors show it. */
export const PolicyRow = z.object({
  PolicyId: z.number().int(),
  BackupId: z.number().int(),
  State: z.enum(['Inactive', 'Active', 'Retired']),
  Vendor: z.string(),
  VendorName: z.string(),
  DeviceName: z.string(),
  JobName: z.string(),
  Method: z.enum(['Email', 'Api']),
  BackupType: z.enum(['Backup', 'Alert']),
  SenderEmail: z.string().nullable(),
  ClientId: z.string(),
  CompanyId: z.number().int().nullable(),
  CompanyName: z.string(),
  CompanySource: z.string().nullable(),
  TemplateId: z.number().int().nullable(),
  TemplateName: z.string().nullable(),
  BackupPlanId: z.number().int().nullable(),
  Schedule: ScheduleRule.nullable(),
  ScheduleId: z.number().int().nullable(),
  ScheduleName: z.string(),
  DayStartHour: z.number().int(),
  StatusCalculation: StatusCalculation,
  TreatWarningAsSuccess: z.boolean(),
  FailureThreshold: z.number().int(),
  Notes: z.string().nullable(),
  Tags: z.array(z.object({ TagValue: z.string(), PlanName: z.string().nullable() })),
  LastEmailAt: z.string().nullable(),
  LastStatus: z.number().int().nullable(),
  LastResultAt: z.string().nullable(),
  CurrentStatus: DayStatusValue,
  ResultCount: z.number().int(),
  PausedUntil: z.string().nullable(),
  ActivatedAt: z.string().nullable(),
  RetiredAt: z.string().nullable(),
  CreatedAt: z.string(),
});
export type PolicyRow = z.infer<typeof PolicyRow>;

export const PolicyListQuery = z.object({
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(1000).default(50),
  Search: z.string().max(200).optional(),
  Companies: z.array(z.number().int()).max(1000).optional(),
  IncludeNoCompany: z.boolean().optional(),
  Vendors: z.array(z.string().max(100)).max(100).optional(),
  Tags: z.array(z.string().max(100)).max(100).optional(),
  OrderBy: z
    .enum(['PolicyId', 'CompanyName', 'DeviceName', 'JobName', 'Vendor', 'LastEmailAt', 'SenderEmail', 'CreatedAt'])
    .optional(),
  OrderAscending: z.boolean().optional(),
});
export type PolicyListQuery = z.infer<typeof PolicyListQuery>;

const PolicyIds = z.array(z.number().int().positive()).min(1, 'Select at least one backup').max(10_000);

export const PolicyIdsBody = z.object({ PolicyIds });

/** Activation suggestions (`POST /api/policy/to-activate`): each backup with proposed settings. */
export const ToActivateRow = PolicyRow.extend({
  Suggested: BackupSettings.extend({
    /** Why the schedule was suggested: the weekdays results arrived on. */
    ScheduleReason: z.string().nullable(),
  }),
});
export type ToActivateRow = z.infer<typeof ToActivateRow>;

/** Edit one backup (`PUT api/policy-operation`): its settings; `Activate` also makes it count. */
export const PolicyEdit = BackupSettings.extend({
  PolicyId: z.number().int().positive(),
  Activate: z.boolean().optional(),
});
export type PolicyEdit = z.infer<typeof PolicyEdit>;

/** Edit or activate many (`PUT api/policy-operation/batch`): one transaction. */
export const PolicyBatchEdit = z.object({
  PolicyIds,
  Settings: BackupSettings,
  Activate: z.boolean().optional(),
  /** Tags: add to each backup's own (default) or replace them. */
  TagsMode: z.enum(['add', 'replace']).optional(),
  /** Unlink the backups from their template (standalone) when settings differ from it. */
  Standalone: z.boolean().optional(),
});
export type PolicyBatchEdit = z.infer<typeof PolicyBatchEdit>;

/** Retire, reactivate or delete (features §4.7): only Close sends ClosePsaTicket true. */
export const PolicyOperation = z.object({
  PolicyId: z.number().int().positive(),
  ClosePsaTicket: z.boolean().optional(),
});
export const PolicyBatchOperation = z.object({ PolicyIds, ClosePsaTicket: z.boolean().optional() });
export type PolicyBatchOperation = z.infer<typeof PolicyBatchOperation>;

/** Merge (`POST api/policy-operation/merge-polices`): the source's results join the target's. */
export const MergePolicies = z.object({
  SourcePolicyId: z.number().int().positive(),
  TargetPolicyId: z.number().int().positive(),
});
export type MergePolicies = z.infer<typeof MergePolicies>;

export const OperationAnswer = z.object({
  Message: z.string(),
  PolicyIds: z.array(z.number().int()),
  /** Backups whose history is still being re-rolled by the job queue (large batches). */
  Queued: z.boolean(),
});
export type OperationAnswer = z.infer<typeof OperationAnswer>;

/** `POST api/backups/{id}/pause`: no tickets or alerts until then (null resumes). */
export const PauseBody = z.object({ Until: z.string().datetime({ offset: true }).nullable() });

/** Side drawer data (features §3.4, §4.8). E-mailed backups carry what their e-mails tell. */
export const SideMenu = z.object({
  IntegrationType: z.string(),
  Data: z.object({
    BackupId: z.number().int(),
    DeviceName: z.string(),
    Hostname: z.string().nullable(),
    Company: z.string(),
    Vendor: z.string(),
    JobName: z.string(),
    SenderEmail: z.string().nullable(),
    LastEmailAt: z.string().nullable(),
    LastResultAt: z.string().nullable(),
    ProtectedDevices: z.array(z.object({ BackupId: z.number().int(), DeviceName: z.string(), DeviceId: z.string() })),
  }),
});

export const LastEmail = z.object({
  EmailId: z.number().int(),
  Subject: z.string(),
  From: z.string(),
  ReceivedAt: z.string(),
});

export const VendorOption = z.object({ Id: z.string(), Name: z.string(), Count: z.number().int() });
