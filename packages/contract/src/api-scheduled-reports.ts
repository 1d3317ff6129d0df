// Scheduled reports (`api/reports/scheduled`): weekdays, hour and recipients.
import { z } from 'zod';
import { ReportType } from './api-report-catalogue.ts';
import { ReportFormatValue } from './api-report-jobs.ts';
import { ReportFilters } from './api-report-document.ts';

/** Scheduled reports: weekdays (Sunday 1 … Saturday 64, All 127) and an hour in the tenant's time zone. */
export const ScheduledReportRun = z.object({
  At: z.string(),
  Recipients: z.array(z.string()),
  SizeBytes: z.number().int().nullable(),
  Outcome: z.enum(['Sent', 'Failed']),
  Error: z.string().nullable(),
});
export type ScheduledReportRun = z.infer<typeof ScheduledReportRun>;

export const ScheduledReport = z.object({
  Id: z.number().int(),
  Name: z.string(),
  ReportType: ReportType,
  Format: ReportFormatValue,
  Weekdays: z.number().int().min(1).max(127),
  Hour: z.number().int().min(0).max(23),
  Recipients: z.array(z.string()),
  Filters: ReportFilters,
  IsEnabled: z.boolean(),
  NextRunAt: z.string().nullable(),
  LastRun: ScheduledReportRun.nullable(),
  Runs: z.array(ScheduledReportRun).optional(),
  CreatedAt: z.string(),
});
export type ScheduledReport = z.infer<typeof ScheduledReport>;

const RecipientsSchema = z
  .array(z.string().trim().email('Invalid email address').max(254))
  .min(1, 'Add at least one recipient')
  .max(50, 'At most 50 recipients');

export const ScheduledReportInput = z.object({
  Name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  ReportType: ReportType,
  Format: ReportFormatValue,
  Weekdays: z.number().int().min(1, 'Choose at least one day').max(127),
  Hour: z.number().int().min(0).max(23),
  Recipients: RecipientsSchema,
  Filters: ReportFilters.prefault({}),
  IsEnabled: z.boolean().default(true),
});
export type ScheduledReportInput = z.infer<typeof ScheduledReportInput>;

/** `DELETE /api/reports/scheduled/{id}` answers the id removed. */
export const ScheduledReportDeleted = z.object({ Id: z.number().int() });
