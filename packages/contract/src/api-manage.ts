import { z } from 'zod';
import { ScheduleRule, StatusCalculation } from './api-audit.ts';

/**
 * Manage (platform §2, §3, §7; features §2.2, §3.5, §4.4, §4.7): what company rules, templates
 * and backup plans share — matching rules and backup settings — and the activity log.
 */

/** Backup fields a rule can test (features §3.5 company assignment rules, plus vendor and client id). */
export const RuleField = z.enum([
  'BackupType',
  'SenderEmail',
  'JobName',
  'DeviceName',
  'BackupMethod',
  'Vendor',
  'ClientId',
]);
export type RuleField = z.infer<typeof RuleField>;
export const RuleOperator = z.enum(['Equals', 'Contains', 'StartsWith', 'EndsWith', 'NotEquals', 'NotContains']);
export type RuleOperator = z.infer<typeof RuleOperator>;

export const RuleCondition = z.object({
  Field: RuleField,
  Operator: RuleOperator,
  Value: z.string().trim().min(1, 'Value is a required field').max(500),
});
export type RuleCondition = z.infer<typeof RuleCondition>;

/** Conditions of a group all hold (and); a rule set matches when any group does (or). */
export const RuleGroup = z.object({ Conditions: z.array(RuleCondition).min(1).max(50) });
export type RuleGroup = z.infer<typeof RuleGroup>;
export const RuleSet = z.object({ Groups: z.array(RuleGroup).max(50) });
export type RuleSet = z.infer<typeof RuleSet>;

/** Hour of the day a backup's business day starts (features §9: options 0 to 23). */
export const DayStartHour = z.number().int().min(0).max(23);

/**
 * Every backup setting the status engine knows, plus the manage-only ones. In an edit, a field
 * left out is left as it is; `ScheduleId` wins over `Schedule`.
 */
export const BackupSettings = z.object({
  CompanyId: z.number().int().positive().nullable().optional(),
  BackupType: z.enum(['Backup', 'Alert']).optional(),
  Schedule: ScheduleRule.nullable().optional(),
  ScheduleId: z.number().int().positive().nullable().optional(),
  DayStartHour: DayStartHour.optional(),
  StatusCalculation: StatusCalculation.optional(),
  TreatWarningAsSuccess: z.boolean().optional(),
  FailureThreshold: z.number().int().min(1).max(100).optional(),
  Notes: z.string().max(4000).nullable().optional(),
  Tags: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
});
export type BackupSettings = z.infer<typeof BackupSettings>;

/** Activity log (Manage → Activity Logs, `POST api/user/activity-logs`). */
export const ActivityAction = z.enum([
  'Backup activated',
  'Backup edited',
  'Backup retired',
  'Backup reactivated',
  'Backup deleted',
  'Backups merged',
  'Backup paused',
  'Company created',
  'Company renamed',
  'Company updated',
  'Company replaced',
  'Company deleted',
  'Company rules changed',
  'Company rules applied',
  'Client mapping changed',
  'Client mappings applied',
  'Template created',
  'Template edited',
  'Template deleted',
  'Template applied',
  'Template toggled',
  'Backup plan created',
  'Backup plan edited',
  'Backup plan deleted',
  'Backup plan applied',
  'Backup plan toggled',
  'Backup plans reordered',
  'Schedule created',
  'Schedule edited',
  'Schedule deleted',
  'Tag created',
  'Tag renamed',
  'Tag deleted',
  'Ticket profile created',
  'Ticket profile edited',
  'Ticket profile deleted',
  'Ticket rule created',
  'Ticket rule edited',
  'Ticket rule deleted',
  'Ticket rules reordered',
]);
export type ActivityAction = z.infer<typeof ActivityAction>;
export const ActivityEntity = z.enum([
  'Backup',
  'Company',
  'Template',
  'BackupPlan',
  'Schedule',
  'Tag',
  'TicketProfile',
  'TicketRule',
]);
export type ActivityEntity = z.infer<typeof ActivityEntity>;

export const ActivityLogQuery = z.object({
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(500).default(50),
  Actions: z.array(ActivityAction).max(50).optional(),
  UserIds: z.array(z.number().int().positive()).max(200).optional(),
  EntityType: ActivityEntity.optional(),
  EntityId: z.string().max(64).optional(),
  Search: z.string().max(200).optional(),
  DateFrom: z.string().datetime({ offset: true }).optional(),
  DateTo: z.string().datetime({ offset: true }).optional(),
  OrderAscending: z.boolean().optional(),
});
export type ActivityLogQuery = z.infer<typeof ActivityLogQuery>;

export const ActivityLogRow = z.object({
  Id: z.number().int(),
  CreatedAt: z.string(),
  UserId: z.number().int().nullable(),
  UserName: z.string(),
  Action: z.string(),
  EntityType: z.string(),
  EntityId: z.string().nullable(),
  EntityName: z.string(),
  Before: z.unknown().nullable(),
  After: z.unknown().nullable(),
});
export type ActivityLogRow = z.infer<typeof ActivityLogRow>;
export const ActivityActionOption = z.object({ Value: z.string(), Label: z.string() });
