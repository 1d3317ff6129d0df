// Public REST API v1 queries: paging, instants, companies, backups, results and history.
import { z } from 'zod';
import { DayStatusValue, IsoDay } from './api-audit.ts';
import { QueryBoolean } from './api-common.ts';
import { Id, Size } from './api-public-fields.ts';

/** Paging of every public list: Page from 1, Size up to 1000 (a larger Size is refused, not capped). */
export const PublicPageQuery = z.object({
  Page: z.coerce.number().int().min(1, 'must be at least 1').default(1),
  Size,
});

/** An instant, or a day (UTC; as To it covers the whole day). */
export const PublicInstant = z
  .string()
  .refine((s) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? IsoDay.safeParse(s).success : !Number.isNaN(Date.parse(s))), {
    message: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
  });

export const PublicCompaniesQuery = PublicPageQuery.extend({
  /** Part of the name, any case. */
  Name: z.string().max(200).optional(),
});
export type PublicCompaniesQuery = z.infer<typeof PublicCompaniesQuery>;

export const PublicBackupsQuery = PublicPageQuery.extend({
  CompanyId: Id.optional(),
  /** The backup's current day status (0 not scheduled … 6 suppressed No Result). */
  Status: z.coerce.number().pipe(DayStatusValue).optional(),
  /** true: audited backups only; false: inactive and retired ones only. */
  Active: QueryBoolean.optional(),
});
export type PublicBackupsQuery = z.infer<typeof PublicBackupsQuery>;

export const PublicBackupParams = z.object({ id: Id });

export const PublicResultsQuery = PublicPageQuery.extend({
  BackupId: Id.optional(),
  /** Default: seven days before To. */
  From: PublicInstant.optional(),
  /** Default: now. */
  To: PublicInstant.optional(),
});
export type PublicResultsQuery = z.infer<typeof PublicResultsQuery>;

export const PublicHistoryQuery = PublicPageQuery.extend({
  BackupId: Id.optional(),
  /** First business day; default 29 days before To. */
  From: IsoDay.optional(),
  /** Last business day; default today in the tenant's time zone. */
  To: IsoDay.optional(),
});
export type PublicHistoryQuery = z.infer<typeof PublicHistoryQuery>;
