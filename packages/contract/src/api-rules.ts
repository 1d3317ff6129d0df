// Matching rules (fields, operators, groups, sets) and the backup settings they apply.
import { z } from 'zod';
import { ScheduleRule, StatusCalculation } from './api-audit.ts';

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
