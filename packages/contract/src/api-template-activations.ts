// Template dropdown, backups and auto-activations (`api/template/activations`), and flag toggles.
import { z } from 'zod';
import { Id } from './api-template-fields.ts';

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
