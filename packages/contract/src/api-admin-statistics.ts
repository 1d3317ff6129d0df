// Admin Portal statistics: the date range, tenants and e-mails.
import { z } from 'zod';
import { IsoDay } from './api-audit.ts';
import { Range } from './api-admin-fields.ts';

/** A date range of UTC days; the last 30 days when left out. */
export const StatisticsQuery = z.object({ From: IsoDay.optional(), To: IsoDay.optional() });
export type StatisticsQuery = z.infer<typeof StatisticsQuery>;
export const STATISTICS_MAX_DAYS = 366;

export const TenantStatistics = z.object({
  ...Range,
  Total: z.number().int(),
  Enabled: z.number().int(),
  Disabled: z.number().int(),
  New: z.number().int(),
  BySubscription: z.array(z.object({ Status: z.string(), Count: z.number().int() })),
  Daily: z.array(z.object({ Day: z.string(), New: z.number().int() })),
});
export type TenantStatistics = z.infer<typeof TenantStatistics>;

export const EmailStatistics = z.object({
  ...Range,
  Total: z.number().int(),
  Processed: z.number().int(),
  /** Parsed, but only for backups not yet activated. */
  Inactive: z.number().int(),
  /** Not recognised, failed, or still waiting. */
  Other: z.number().int(),
  Bytes: z.number(),
  Tenants: z.number().int(),
  Daily: z.array(z.object({ Day: z.string(), Total: z.number().int(), Processed: z.number().int() })),
});
export type EmailStatistics = z.infer<typeof EmailStatistics>;

export const EmailStatisticsRow = z.object({
  TenantId: z.number().int(),
  TenantName: z.string(),
  Total: z.number().int(),
  Processed: z.number().int(),
  Inactive: z.number().int(),
  Other: z.number().int(),
  LastReceivedAt: z.string().nullable(),
});
export type EmailStatisticsRow = z.infer<typeof EmailStatisticsRow>;
