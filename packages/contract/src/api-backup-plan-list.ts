// Backup plans (`api/backup-plans`): rows, list, create, update, unique names and order.
import { z } from 'zod';
import { BackupSettings, RuleSet } from './api-manage.ts';
import { Id, Name } from './api-backup-plan-fields.ts';

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
