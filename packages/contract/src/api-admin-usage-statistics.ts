// Admin Portal statistics: backups and public API use, per tenant.
import { z } from 'zod';
import { Range } from './api-admin-fields.ts';

export const BackupStatistics = z.object({
  ...Range,
  /** Backups as they are now. */
  Active: z.number().int(),
  Inactive: z.number().int(),
  Retired: z.number().int(),
  /** Results filed in the range. */
  Results: z.number().int(),
  Success: z.number().int(),
  Warning: z.number().int(),
  Failure: z.number().int(),
  Daily: z.array(
    z.object({ Day: z.string(), Success: z.number().int(), Warning: z.number().int(), Failure: z.number().int() }),
  ),
});
export type BackupStatistics = z.infer<typeof BackupStatistics>;

export const BackupStatisticsRow = z.object({
  TenantId: z.number().int(),
  TenantName: z.string(),
  Active: z.number().int(),
  Inactive: z.number().int(),
  Retired: z.number().int(),
  Results: z.number().int(),
  Failure: z.number().int(),
});
export type BackupStatisticsRow = z.infer<typeof BackupStatisticsRow>;

export const PublicApiStatistics = z.object({
  ...Range,
  Requests: z.number().int(),
  Rows: z.number(),
  Keys: z.number().int(),
  Tenants: z.number().int(),
  Daily: z.array(z.object({ Day: z.string(), Requests: z.number().int() })),
});
export type PublicApiStatistics = z.infer<typeof PublicApiStatistics>;

export const PublicApiStatisticsRow = z.object({
  TenantId: z.number().int(),
  TenantName: z.string(),
  Requests: z.number().int(),
  Rows: z.number(),
  Keys: z.number().int(),
  LastUsedAt: z.string().nullable(),
});
export type PublicApiStatisticsRow = z.infer<typeof PublicApiStatisticsRow>;
