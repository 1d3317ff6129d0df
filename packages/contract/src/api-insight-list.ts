// Insights of a tenant (`api/insight`): suggestions, the overview, lists and actions.
import { z } from 'zod';
import { ScheduleRule } from './api-audit.ts';
import { InsightType } from './api-insight-types.ts';

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
