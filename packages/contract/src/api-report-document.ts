// A generated report: its filters and the document of typed tables every format renders.
import { z } from 'zod';
import { DayStatusValue } from './api-audit.ts';
import { DateRange } from './api-tiles.ts';
import { ReportCategory, ReportType } from './api-report-catalogue.ts';

/** Report filters (features §5.4 date presets; client users are narrowed to their companies). */
export const ReportFilters = z.object({
  DateRange: DateRange.prefault({ Preset: 'last30days' }),
  Companies: z.array(z.number().int()).max(1000).default([]),
  IncludeNoCompany: z.boolean().optional(),
  Statuses: z.array(DayStatusValue).max(7).default([]),
  Vendors: z.array(z.string().max(100)).max(100).default([]),
  Tags: z.array(z.string().max(100)).max(100).default([]),
});
export type ReportFilters = z.infer<typeof ReportFilters>;

/** A column of a report table: its type decides formatting and the Excel cell type. */
export const ReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'number', 'percent', 'date', 'datetime', 'status']),
  /** Relative width hint for PDF and Excel. */
  width: z.number().optional(),
});
export type ReportColumn = z.infer<typeof ReportColumn>;

/**
 * A cell: text, number (percent as 0–100), date 'YYYY-MM-DD', datetime ISO string, status as
 * its number; null for empty.
 */
export const ReportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof ReportCell>;

export const ReportSection = z.object({
  title: z.string(),
  columns: z.array(ReportColumn),
  rows: z.array(z.array(ReportCell)),
  /** A totals row shown under the table. */
  totals: z.array(ReportCell).optional(),
  /** Shown instead of an empty table. */
  emptyText: z.string().optional(),
});
export type ReportSection = z.infer<typeof ReportSection>;

export const ReportDocument = z.object({
  type: ReportType,
  title: z.string(),
  category: ReportCategory,
  tenantName: z.string(),
  /** The tenant has a logo (GET /api/branding logo) to print in the header. */
  hasLogo: z.boolean(),
  generatedAt: z.string(),
  timeZone: z.string(),
  /** The tenant's formats (platform §9 defaults MM/DD/yyyy, hh:mm A). */
  dateFormat: z.string(),
  timeFormat: z.string(),
  /** The resolved range, when the report has one. */
  range: z.object({ From: z.string(), To: z.string() }).nullable(),
  /** Header facts: filters in words ("Companies: Acme, Globex"). */
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  sections: z.array(ReportSection),
});
export type ReportDocument = z.infer<typeof ReportDocument>;
