// Public REST API v1 results and day history, their pages and day status names.
import { z } from 'zod';
import { DayStatusValue } from './api-audit.ts';
import { paged } from './api-common.ts';

export const PublicResult = z.object({
  ResultId: z.number().int(),
  BackupId: z.number().int(),
  /** 1 Success, 2 Warning, 3 Failure. */
  Status: z.number().int(),
  StatusName: z.string(),
  /** When the backup ran, as parsed from the report. */
  ParsedDateTime: z.string(),
  StartTime: z.string().nullable(),
  EndTime: z.string().nullable(),
  /** The tenant's business day the result counts for; null while the backup is not audited. */
  BusinessDay: z.string().nullable(),
  SizeBytes: z.number().nullable(),
  DurationSeconds: z.number().int().nullable(),
  Message: z.string().nullable(),
  Source: z.string(),
  Notes: z.string().nullable(),
});
export type PublicResult = z.infer<typeof PublicResult>;

export const PublicHistoryDay = z.object({
  BackupId: z.number().int(),
  Date: z.string(),
  Status: DayStatusValue,
  StatusName: z.string(),
  IsScheduled: z.boolean(),
  CountSuccess: z.number().int(),
  CountWarning: z.number().int(),
  CountFailure: z.number().int(),
});
export type PublicHistoryDay = z.infer<typeof PublicHistoryDay>;
export const PublicResultPage = paged(PublicResult);
export const PublicHistoryPage = paged(PublicHistoryDay);

/** Day statuses by number, as the public API names them. */
export const DayStatusName: Record<number, string> = {
  0: 'Not Scheduled',
  1: 'Success',
  2: 'Warning',
  3: 'Failure',
  4: 'No Result',
  5: 'Pending',
  6: 'Suppressed No Result',
};
