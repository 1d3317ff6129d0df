// Applying templates to backups (`api/template/apply`) and making backups standalone.
import { z } from 'zod';
import { Id } from './api-template-fields.ts';

/**
 * `PUT api/template/apply`: apply templates to the backups their rules match. With Preview the
 * call changes nothing and answers what would happen. A backup matching more than one of the
 * tenant's templates is a conflict: it is skipped unless IncludeConflicts, in which case it
 * goes to the first template of `Ids` that matches it.
 */
export const TemplateApplyInput = z.object({
  Ids: z.array(Id).min(1).max(100),
  Preview: z.boolean().default(false),
  IncludeConflicts: z.boolean().default(false),
});
export type TemplateApplyInput = z.infer<typeof TemplateApplyInput>;

/** One backup of an apply preview (features §3.5: Id, CompanyName). */
export const ApplyBackup = z.object({
  Id: z.number().int(),
  CompanyName: z.string(),
  DeviceName: z.string(),
  JobName: z.string(),
  State: z.string(),
  HasConflict: z.boolean(),
  /** The other templates that match it too. */
  ConflictsWith: z.array(z.string()),
});
/** Features §3.5 "Apply companies/templates": Id, Name, Backups, HasConflict. */
export const ApplyTemplate = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Backups: z.array(ApplyBackup),
  HasConflict: z.boolean(),
});
export type ApplyTemplate = z.infer<typeof ApplyTemplate>;
export const TemplateApplyAnswer = z.object({
  Templates: z.array(ApplyTemplate),
  /** Backups linked and written (0 in a preview). */
  Applied: z.number().int(),
  /** Conflicting backups left alone. */
  Skipped: z.number().int(),
  /** Inactive backups the apply activated. */
  Activated: z.number().int(),
  /** How the status history follows: re-rolled before the answer, or by the job queue. */
  Reroll: z.enum(['inline', 'queued']),
});
export type TemplateApplyAnswer = z.infer<typeof TemplateApplyAnswer>;

/** `POST api/template/{id}/standalone`: unlink backups (all when BackupIds is left out), keeping their settings. */
export const TemplateStandaloneInput = z.object({ BackupIds: z.array(Id).max(10000).optional() });
export const TemplateStandaloneAnswer = z.object({
  Converted: z.number().int(),
  /** False when the template governs no backup any more and auto-activation was turned off. */
  isActive: z.boolean(),
});
