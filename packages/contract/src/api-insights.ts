import { z } from 'zod';
import { InsightType } from './api-insight-types.ts';

/**
 * Insights (platform §3 backup insight types, §7 Insights; features §9 Insight suggestion):
 * suggestions computed per tenant by a scheduled job from the daily rollup and the results.
 * The first three types carry a concrete change that can be applied in one click.
 */

/** Thresholds of the insight job. */
export const INSIGHT_LIMITS = {
  /** Weeks of history examined. */
  weeks: 8,
  /** Missing schedule: results on an unscheduled weekday in at least this many of the weeks. */
  missingScheduleWeeks: 3,
  /** Extra schedule: a scheduled weekday with no result in any of the last this many weeks. */
  extraScheduleWeeks: 4,
  /** Not updating: no result for this many days while active. */
  notUpdatingDays: 3,
  /** Retire suggestion: no result for this many days. */
  retireDays: 30,
  /** Results decreased: last week's count fell by more than this fraction against the week before. */
  decreasedFraction: 0.2,
  /** Start of business: share of results between 00:00 and this hour. */
  startOfBusinessHour: 4,
  startOfBusinessShare: 0.8,
} as const;

/** `POST /api/admin/insights`: per tenant, a count per type (platform §3 insight rows). */
export const AdminInsightRow = z.object({
  TenantId: z.number().int(),
  TenantName: z.string(),
  ComputedAt: z.string().nullable(),
  Insights: z.array(z.object({ Type: InsightType, Count: z.number().int() })),
});
export type AdminInsightRow = z.infer<typeof AdminInsightRow>;
export const AdminInsightsQuery = z.object({
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(500).default(50),
  Search: z.string().max(200).optional(),
});

export * from './api-insight-types.ts';
export * from './api-insight-list.ts';
