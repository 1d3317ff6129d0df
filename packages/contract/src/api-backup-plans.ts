import { z } from 'zod';
import { IsoDay, ScheduleRule } from './api-audit.ts';
import { BackupSettings, RuleSet } from './api-manage.ts';

/**
 * Backup plans (platform §3, §4, §7 "Backup plans (api/backup-plans)."; behind brBackupPlans):
 * an ordered list of rule sets, each applying settings and tags to the backups it matches. For
 * each backup the first enabled matching plan (lowest position) wins. Tags a plan adds are
 * stored with the plan and shown as "Tagged via backup plan {name}".
 */

const Name = z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
const Id = z.number().int().positive();

export const BackupPlanRow = z.object({
  Id: z.number().int(),
  Name: z.string(),
  IsEnabled: z.boolean(),
  /** 1 for the first plan. */
  Position: z.number().int(),
  /** The plan right before this one; null for the first. */
  AfterId: z.number().int().nullable(),
  Rules: RuleSet,
  Settings: BackupSettings,
  /** Backups whose settings this plan applied last. */
  BackupsCount: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type BackupPlanRow = z.infer<typeof BackupPlanRow>;

export const BackupPlanListQuery = z.object({
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(500).default(100),
  Search: z.string().max(200).optional(),
});

export const BackupPlanCreate = z.object({
  Name,
  IsEnabled: z.boolean().default(true),
  Rules: RuleSet.default({ Groups: [] }),
  Settings: BackupSettings.default({}),
  /** Place it right after this plan; left out: last. */
  AfterId: Id.nullable().optional(),
});
export type BackupPlanCreate = z.infer<typeof BackupPlanCreate>;
export const BackupPlanUpdate = z.object({
  Id,
  Name,
  Rules: RuleSet,
  Settings: BackupSettings,
  IsEnabled: z.boolean().optional(),
});
export type BackupPlanUpdate = z.infer<typeof BackupPlanUpdate>;

export const BackupPlanNameUniqueInput = z.object({ Name: z.string().max(200), Id: Id.optional() });
export const BackupPlanNameUniqueAnswer = z.object({ IsUnique: z.boolean() });

/** `POST api/backup-plans/reorder`: move a plan right after another; AfterId null puts it first. */
export const BackupPlanReorder = z.object({ Id, AfterId: Id.nullable() });

/** `POST api/backup-plans/apply`: the plans to apply (all enabled ones when left out). */
export const BackupPlanApplyInput = z.object({ Ids: z.array(Id).max(500).optional() });
export const BackupPlanApplyQuery = z.object({
  overrideBackupPlans: z
    .enum(['true', 'false'], { message: 'overrideBackupPlans is true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});
export const BackupPlanApplyAnswer = z.object({
  /** Backups written, per plan. */
  Plans: z.array(z.object({ Id: z.number().int(), Name: z.string(), Applied: z.number().int() })),
  Applied: z.number().int(),
  /** Matching backups left with the plan already governing them (no override). */
  Kept: z.number().int(),
  Reroll: z.enum(['inline', 'queued']),
});
export type BackupPlanApplyAnswer = z.infer<typeof BackupPlanApplyAnswer>;

/** A tag on a backup; PlanId/PlanName when a plan added it ("Tagged via backup plan {name}"). */
export const BackupPlanTag = z.object({
  Value: z.string(),
  PlanId: z.number().int().nullable(),
  PlanName: z.string().nullable(),
});

/** `POST api/backup-plans/backups`: the backups some rules match and the plan that governs each. */
export const BackupPlanBackupsInput = z.object({
  Rules: RuleSet.optional(),
  /** A saved plan: its rules are used when Rules is left out. */
  Id: Id.optional(),
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(500).default(100),
});
export const BackupPlanBackup = z.object({
  Id: z.number().int(),
  DeviceName: z.string(),
  JobName: z.string(),
  Vendor: z.string(),
  CompanyName: z.string(),
  State: z.string(),
  /** The plan whose settings the backup carries now. */
  BackupPlanId: z.number().int().nullable(),
  BackupPlanName: z.string().nullable(),
  /** The enabled plan that wins for this backup by order (null when none matches). */
  WinningPlanId: z.number().int().nullable(),
  WinningPlanName: z.string().nullable(),
  Tags: z.array(BackupPlanTag),
});
export type BackupPlanBackup = z.infer<typeof BackupPlanBackup>;
export const BackupPlanBackupsAnswer = z.object({
  Results: z.array(BackupPlanBackup),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
  TotalPages: z.number().int(),
});

/**
 * `POST api/backup-plans/scheduled-days`: the days of a range a schedule expects a result
 * (a rule, or a named schedule by ScheduleId). At most 366 days.
 */
export const ScheduledDaysInput = z.object({
  Schedule: ScheduleRule.optional(),
  ScheduleId: Id.optional(),
  From: IsoDay,
  To: IsoDay,
});
export const ScheduledDaysAnswer = z.object({
  Days: z.array(IsoDay),
  Count: z.number().int(),
});

/**
 * `POST api/backup-plans/date-flags`: per day of a range (at most 366) the flags a schedule
 * rule is written in: weekday flag (Sunday 1 … Saturday 64), month 1–12, which occurrence of
 * its weekday in the month (1–5) and whether it is the last one (-1 in a monthly rule).
 */
export const DateFlagsInput = z.object({ From: IsoDay, To: IsoDay });
export const PlanDateFlag = z.object({
  Date: IsoDay,
  Weekday: z.number().int(),
  WeekdayName: z.string(),
  Month: z.number().int(),
  Nth: z.number().int(),
  IsLast: z.boolean(),
});
export const DateFlagsAnswer = z.object({ Days: z.array(PlanDateFlag) });
