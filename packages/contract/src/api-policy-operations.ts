// Backup edits and lifecycle operations (`api/policy-operation`): edit, retire, merge, pause.
import { z } from 'zod';
import { BackupSettings } from './api-manage.ts';

const PolicyIds = z.array(z.number().int().positive()).min(1, 'Select at least one backup').max(10_000);

export const PolicyIdsBody = z.object({ PolicyIds });

/** Edit one backup (`PUT api/policy-operation`): its settings; `Activate` also makes it count. */
export const PolicyEdit = BackupSettings.extend({
  PolicyId: z.number().int().positive(),
  Activate: z.boolean().optional(),
});
export type PolicyEdit = z.infer<typeof PolicyEdit>;

/** Edit or activate many (`PUT api/policy-operation/batch`): one transaction. */
export const PolicyBatchEdit = z.object({
  PolicyIds,
  Settings: BackupSettings,
  Activate: z.boolean().optional(),
  /** Tags: add to each backup's own (default) or replace them. */
  TagsMode: z.enum(['add', 'replace']).optional(),
  /** Unlink the backups from their template (standalone) when settings differ from it. */
  Standalone: z.boolean().optional(),
});
export type PolicyBatchEdit = z.infer<typeof PolicyBatchEdit>;

/** Retire, reactivate or delete (features §4.7): only Close sends ClosePsaTicket true. */
export const PolicyOperation = z.object({
  PolicyId: z.number().int().positive(),
  ClosePsaTicket: z.boolean().optional(),
});
export const PolicyBatchOperation = z.object({ PolicyIds, ClosePsaTicket: z.boolean().optional() });
export type PolicyBatchOperation = z.infer<typeof PolicyBatchOperation>;

/** Merge (`POST api/policy-operation/merge-polices`): the source's results join the target's. */
export const MergePolicies = z.object({
  SourcePolicyId: z.number().int().positive(),
  TargetPolicyId: z.number().int().positive(),
});
export type MergePolicies = z.infer<typeof MergePolicies>;

export const OperationAnswer = z.object({
  Message: z.string(),
  PolicyIds: z.array(z.number().int()),
  /** Backups whose history is still being re-rolled by the job queue (large batches). */
  Queued: z.boolean(),
});
export type OperationAnswer = z.infer<typeof OperationAnswer>;

/** `POST api/backups/{id}/pause`: no tickets or alerts until then (null resumes). */
export const PauseBody = z.object({ Until: z.string().datetime({ offset: true }).nullable() });
