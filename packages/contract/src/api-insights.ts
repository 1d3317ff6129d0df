import { z } from 'zod';
import { ScheduleRule } from './api-audit.ts';

/**
 * Insights (platform §3 backup insight types, §7 Insights; features §9 Insight suggestion):
 * suggestions computed per tenant by a scheduled job from the daily rollup and the results.
 * The first three types carry a concrete change that can be applied in one click.
 */

export const InsightType = z.enum([
  'BackupMissingSchedule',
  'BackupExtraSchedule',
  'BackupType',
  'BackupStartOfBusinessDay',
  'BackupNotUpdating',
  'BackupRetireSuggestion',
  'BackupResultsDecreased',
]);
export type InsightType = z.infer<typeof InsightType>;

export interface InsightTypeInfo {
  title: string;
  help: string;
  /** Can be applied from the list (features §9: the first three are selectable). */
  selectable: boolean;
}

export const INSIGHT_TYPES: Record<InsightType, InsightTypeInfo> = {
  BackupMissingSchedule: {
    title: 'Backup Missing Schedule',
    help: 'Results keep arriving on days the schedule does not expect. Adding those days to the schedule makes their results count, and a missed run on them shows as No Result.',
    selectable: true,
  },
  BackupExtraSchedule: {
    title: 'Backup Extra Schedule',
    help: 'The schedule expects days on which no result has arrived for weeks. Removing those days stops a No Result being raised every time.',
    selectable: true,
  },
  BackupType: {
    title: 'Backup Type',
    help: 'The results look like alerts (irregular, only on trouble) for a backup, or like regular backup runs for an alert. Changing the type makes the audit judge it correctly.',
    selectable: true,
  },
  BackupStartOfBusinessDay: {
    title: 'Backup Start Of Business Day',
    help: 'Most runs start shortly after midnight, so they are filed on the day after the night they belong to. A start of business day files them on the previous day.',
    selectable: false,
  },
  BackupNotUpdating: {
    title: 'Backup Not Updating',
    help: 'This active backup has had no result for several days. Check that the job still runs and still sends its e-mail or API result.',
    selectable: false,
  },
  BackupRetireSuggestion: {
    title: 'Backup Retire Suggestion',
    help: 'No result for a long time: the job was probably removed or replaced. Retire it to stop it counting as No Result.',
    selectable: false,
  },
  BackupResultsDecreased: {
    title: 'Backup Results Decreased',
    help: 'Fewer results arrived last week than the week before (more than 20% fewer). A job may have been disabled or its notifications turned off.',
    selectable: false,
  },
};

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

/** What applying a suggestion changes. */
export const InsightSuggestion = z.object({
  schedule: ScheduleRule.optional(),
  backupType: z.enum(['Backup', 'Alert']).optional(),
  dayStartHour: z.number().int().min(0).max(23).optional(),
});
export type InsightSuggestion = z.infer<typeof InsightSuggestion>;

/** One suggestion for one backup. */
export const Insight = z.object({
  Id: z.number().int(),
  Type: InsightType,
  PolicyId: z.number().int(),
  CompanyId: z.number().int().nullable(),
  CompanyName: z.string().nullable(),
  Vendor: z.string(),
  VendorName: z.string(),
  DeviceName: z.string(),
  JobName: z.string(),
  /** Why it was suggested, in words. */
  Detail: z.string(),
  /** The current value and the suggested one, in words (empty for the non-selectable types). */
  Current: z.string(),
  Suggested: z.string(),
  Suggestion: InsightSuggestion,
  CreatedAt: z.string(),
});
export type Insight = z.infer<typeof Insight>;

/** `GET /api/insight`: the overview, a count per type. */
export const InsightOverview = z.object({
  ComputedAt: z.string().nullable(),
  Types: z.array(
    z.object({
      Type: InsightType,
      Title: z.string(),
      Help: z.string(),
      Selectable: z.boolean(),
      Count: z.number().int(),
    }),
  ),
});
export type InsightOverview = z.infer<typeof InsightOverview>;

/** `GET /api/insight/{type}` query. */
export const InsightListQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(500).default(50),
  Search: z.string().max(200).optional(),
});
export type InsightListQuery = z.infer<typeof InsightListQuery>;

/** `POST /api/insight/{type}`: apply (selectable types) or dismiss suggestions. */
export const InsightActionInput = z.object({
  Ids: z.array(z.number().int().positive()).min(1, 'Select at least one suggestion').max(1000),
  Action: z.enum(['apply', 'dismiss']),
});
export type InsightActionInput = z.infer<typeof InsightActionInput>;
export const InsightActionResult = z.object({
  Applied: z.number().int(),
  Dismissed: z.number().int(),
  Message: z.string(),
});

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
