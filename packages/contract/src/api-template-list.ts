// Templates (`api/template`): rows, list, create, update, delete, rules and their test.
import { z } from 'zod';
import { BackupSettings, RuleSet } from './api-manage.ts';
import { Id, Name } from './api-template-fields.ts';

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
