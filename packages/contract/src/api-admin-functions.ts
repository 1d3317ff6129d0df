// Admin Portal functions: what runs on each tenant's behalf and the job queues.
import { z } from 'zod';

/** One thing running on a tenant's behalf: `ok`, `warning` (needs a look) or `idle` (nothing yet). */
export const TenantFunctionStatus = z.object({
  Key: z.string(),
  Name: z.string(),
  State: z.enum(['ok', 'warning', 'idle']),
  LastAt: z.string().nullable(),
  Detail: z.string(),
  /** How many items the function works through are set up (scheduled reports: enabled schedules). */
  Configured: z.number().int().optional(),
});
export type TenantFunctionStatus = z.infer<typeof TenantFunctionStatus>;

export const QueueStatus = z.object({
  Name: z.string(),
  Cron: z.string().nullable(),
  Timezone: z.string().nullable(),
  Queued: z.number().int(),
  Active: z.number().int(),
  Retrying: z.number().int(),
  Failed: z.number().int(),
  Completed: z.number().int(),
  LastCompletedAt: z.string().nullable(),
  LastFailedAt: z.string().nullable(),
});
export type QueueStatus = z.infer<typeof QueueStatus>;

export const AdminFunctionsStatus = z.object({
  /** False when the job tables do not exist yet (no worker has started against this database). */
  Available: z.boolean(),
  Queues: z.array(QueueStatus),
  CheckedAt: z.string(),
});
export type AdminFunctionsStatus = z.infer<typeof AdminFunctionsStatus>;
