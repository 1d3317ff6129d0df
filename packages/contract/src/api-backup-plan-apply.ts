// Applying backup plans (`api/backup-plans/apply`) and the backups a plan covers.
import { z } from 'zod';
import { RuleSet } from './api-manage.ts';
import { Id } from './api-backup-plan-fields.ts';

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
