import { z } from 'zod';
import { BackupSettings, RuleSet } from './api-manage.ts';

/**
 * Templates (platform §3, §7 "Templates."; features §2.2, §3.5, §4.3): a named backup
 * configuration plus matching rules. Applying a template links the matching backups to it and
 * writes its settings to them; a linked backup follows every later change of the template's
 * settings until it is made standalone. An active template (isActive, auto-activation)
 * activates newly discovered backups its rules match.
 */

const Name = z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
const Id = z.number().int().positive();

export const TemplateRow = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Settings: BackupSettings,
  Rules: RuleSet,
  /** Companies the template is limited to; empty for all. */
  Companies: z.array(z.number().int()),
  CompanyNames: z.array(z.string()),
  /** Auto-activation of new matching backups. */
  isActive: z.boolean(),
  /** Backups linked to the template. */
  BackupsCount: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type TemplateRow = z.infer<typeof TemplateRow>;

export const TemplateListQuery = z.object({
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(500).default(50),
  Search: z.string().max(200).optional(),
  OrderBy: z.enum(['Name', 'BackupsCount', 'CreatedAt', 'UpdatedAt']).optional(),
  OrderAscending: z.boolean().optional(),
});
export type TemplateListQuery = z.infer<typeof TemplateListQuery>;

/** `POST api/template/create`: the body is the name as a bare JSON string. */
export const TemplateCreate = Name;

export const TemplateUpdate = z.object({
  Id,
  Name,
  Settings: BackupSettings,
  Companies: z.array(Id).max(1000).default([]),
});
export type TemplateUpdate = z.infer<typeof TemplateUpdate>;

/** `DELETE api/template`: several templates at once; their backups become standalone. */
export const TemplateBulkDelete = z.object({ Ids: z.array(Id).min(1).max(500) });

export const TemplateRulesInput = z.object({ Id, Rules: RuleSet });
export type TemplateRulesInput = z.infer<typeof TemplateRulesInput>;

/** A backup as the template screens list it. */
export const TemplateBackup = z.object({
  Id: z.number().int(),
  DeviceName: z.string(),
  JobName: z.string(),
  Vendor: z.string(),
  BackupType: z.string(),
  CompanyId: z.number().int().nullable(),
  CompanyName: z.string(),
  /** Inactive, Active or Retired. */
  State: z.string(),
  TemplateId: z.number().int().nullable(),
  TemplateName: z.string().nullable(),
});
export type TemplateBackup = z.infer<typeof TemplateBackup>;

/** `POST api/template/test`: which backups the rules match, without saving anything. */
export const TemplateTestInput = z.object({
  Rules: RuleSet,
  Companies: z.array(Id).max(1000).default([]),
  /** The template being edited: its own backups are not reported as linked elsewhere. */
  TemplateId: Id.optional(),
});
export const TemplateTestAnswer = z.object({
  Backups: z.array(TemplateBackup),
  /** All matches; `Backups` holds the first 500. */
  Total: z.number().int(),
});
export type TemplateTestAnswer = z.infer<typeof TemplateTestAnswer>;

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

export const TemplateDropdownItem = z.object({ Id: z.number().int(), Name: z.string() });

export const TemplateBackupsQuery = z.object({ templateId: z.coerce.number().int().positive() });

/** A backup a template activated by itself (auto-activation), or when asked to (POST activations). */
export const TemplateActivation = z.object({
  Id: z.number().int(),
  TemplateId: z.number().int(),
  TemplateName: z.string(),
  BackupId: z.number().int(),
  DeviceName: z.string(),
  JobName: z.string(),
  CreatedAt: z.string(),
});
export type TemplateActivation = z.infer<typeof TemplateActivation>;
export const TemplateActivationsQuery = z.object({
  templateId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(50),
});
/** `POST api/template/activations`: activate a template's matching Inactive backups now (all, or the listed ones). */
export const TemplateActivateInput = z.object({ TemplateId: Id, BackupIds: z.array(Id).max(10000).optional() });
export const TemplateActivateAnswer = z.object({ Activated: z.number().int() });
/** `DELETE api/template/activations`: forget activation records (the backups stay as they are). */
export const TemplateActivationsDelete = z.object({
  TemplateId: Id.optional(),
  Ids: z.array(z.number().int().positive()).max(10000).optional(),
});
export const TemplateDeletedAnswer = z.object({ Deleted: z.number().int() });

/** `PATCH api/template/{id}/{flag}` and `PATCH api/backup-plans/{id}/{flag}`: true or false. */
export const ToggleFlagParams = z.object({
  id: z.coerce.number().int().positive(),
  flag: z.enum(['true', 'false'], { message: 'flag is true or false' }).transform((v) => v === 'true'),
});
