// Report formats and runs (`api/reports`): start, poll, download as a file, the catalogue by category.
import { z } from 'zod';
import { ReportDocument, ReportFilters } from './api-report-document.ts';
import { ReportCategory, ReportType } from './api-report-catalogue.ts';

/** Formats: Html 0, Pdf 1, Excel 2, Csv 4. */
export const ReportFormatValue = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4)]);
export type ReportFormatValue = z.infer<typeof ReportFormatValue>;

export const ReportJobStatus = z.enum(['Pending', 'Running', 'Ready', 'Failed', 'Cancelled']);
export type ReportJobStatus = z.infer<typeof ReportJobStatus>;

/** `POST /api/reports/report/{type}/{id}`: {id} is the client's storage key for this run. */
export const ReportStartInput = z.object({ filters: ReportFilters.prefault({}) });
export const ReportJob = z.object({
  id: z.string(),
  type: ReportType,
  status: ReportJobStatus,
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Rows over all sections, once ready. */
  rowCount: z.number().int().nullable(),
});
export type ReportJob = z.infer<typeof ReportJob>;
/** `GET /api/reports/report/{type}/{id}`: the job, with the document once Ready. */
export const ReportJobResult = ReportJob.extend({ document: ReportDocument.nullable() });
export type ReportJobResult = z.infer<typeof ReportJobResult>;

/** `POST /api/reports/excel | pdf | csv`: a file of a ready report (by its run id) or generated anew. */
export const ReportFileInput = z.object({
  type: ReportType,
  id: z.string().max(100).optional(),
  filters: ReportFilters.optional(),
});
export const PdfQuery = z.object({
  landscape: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
  formatA2: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
});

/** `GET /api/reports`: the catalogue, by category. */
export const ReportCatalogue = z.array(
  z.object({
    category: ReportCategory,
    reports: z.array(
      z.object({
        type: ReportType,
        title: z.string(),
        description: z.string(),
        filters: z.array(z.string()),
      }),
    ),
  }),
);
export type ReportCatalogue = z.infer<typeof ReportCatalogue>;

/** `GET /api/reports/pdf/status?id=`: whether the run's document is ready to print. */
export const PdfStatusQuery = z.object({ id: z.string().max(100) });
export const PdfStatus = z.object({ ready: z.boolean() });
