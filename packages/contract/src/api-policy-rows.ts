// Backups as the Manage lists show them: policy counts and their labels, and the row.
import { z } from 'zod';
import { DayStatusValue, ScheduleRule, StatusCalculation } from './api-audit.ts';

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
