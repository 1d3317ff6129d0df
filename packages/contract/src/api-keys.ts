import { z } from 'zod';
import { DayStatusValue, IsoDay } from './api-audit.ts';
import { paged, QueryBoolean } from './api-common.ts';
import { DEFAULT_PAGE_SIZE } from './constants.ts';

/**
 * API keys (platform §7 Account: `GET/POST api/account/api-key`, `DELETE api/account/api-key/{id}`;
 * Settings → API Keys) and the public REST API they open (`/api/public/v1/…`, key in the
 * `ApiKey` header). A key belongs to the tenant, not to the user who made it.
 */

/** The request header that carries a key. */
export const API_KEY_HEADER = 'ApiKey';
/** Every key starts with this, so a leaked key is recognisable in logs and secret scanners. */
export const API_KEY_PREFIX = 'vgl_';
/** How many characters of a key are kept in clear and listed, to tell keys apart. */
export const API_KEY_VISIBLE_CHARS = 12;
/** Keys a tenant may hold at once. */
export const MAX_API_KEYS = 50;
/** Requests a key may make in a minute. */
export const PUBLIC_API_RATE_LIMIT = 120;
/** The largest page the public API returns. */
export const PUBLIC_API_MAX_PAGE_SIZE = 1000;
/** Days the key list sums usage over. */
export const API_KEY_USAGE_DAYS = 30;

export const ApiKeyMessages = {
  missing: `An API key is required in the ${API_KEY_HEADER} header.`,
  invalid: 'The API key is not valid. It may have been deleted.',
  tooMany: (seconds: number) =>
    `Rate limit exceeded: at most ${PUBLIC_API_RATE_LIMIT} requests a minute per API key. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  limitReached: `A tenant can hold at most ${MAX_API_KEYS} API keys. Delete one that is no longer used.`,
  nameTaken: (name: string) => `An API key named "${name}" already exists.`,
  /** Results: instants, To exclusive (a day as To ends where the next day starts). */
  instantOrder: 'From must be earlier than To.',
  /** Daily history: days, both included. */
  dayOrder: 'From must not be after To.',
} as const;

export const ApiKeyName = z
  .string()
  .trim()
  .min(1, 'Name is a required field')
  .max(100, 'Name must be at most 100 characters');

/** `POST api/account/api-key`. */
export const ApiKeyInput = z.object({ Name: ApiKeyName });
export type ApiKeyInput = z.infer<typeof ApiKeyInput>;

/** A key as the list shows it: never the key itself. */
export const ApiKeyItem = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** The first characters of the key, e.g. "vgl_3kP9xQ2m". */
  Prefix: z.string(),
  CreatedAt: z.string(),
  /** Who created it; null once that user is gone. */
  CreatedBy: z.string().nullable(),
  LastUsedAt: z.string().nullable(),
  /** Requests and rows served over the last 30 UTC days, today included. */
  RecentRequests: z.number().int(),
  RecentRows: z.number().int(),
});
export type ApiKeyItem = z.infer<typeof ApiKeyItem>;

/** The create answer: the only time the full key is ever returned. */
export const ApiKeyCreated = ApiKeyItem.extend({ Key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

// ---------------------------------------------------------------------------------------------
// Public REST API v1

const Size = z.coerce
  .number()
  .int()
  .min(1, 'must be at least 1')
  .max(PUBLIC_API_MAX_PAGE_SIZE, `must be at most ${PUBLIC_API_MAX_PAGE_SIZE} (page through larger sets with Page)`)
  .default(DEFAULT_PAGE_SIZE);

/** Paging of every public list: Page from 1, Size up to 1000 (a larger Size is refused, not capped). */
export const PublicPageQuery = z.object({
  Page: z.coerce.number().int().min(1, 'must be at least 1').default(1),
  Size,
});

const Id = z.coerce.number().int().positive();

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

export const PublicCompany = z.object({
  CompanyId: z.number().int(),
  Name: z.string(),
  /** 0 synced from a PSA, 1 local. */
  Type: z.union([z.literal(0), z.literal(1)]),
  TypeName: z.enum(['Psa', 'Local']),
  ActiveBackups: z.number().int(),
});
export type PublicCompany = z.infer<typeof PublicCompany>;

export const PublicBackupsQuery = PublicPageQuery.extend({
  CompanyId: Id.optional(),
  /** The backup's current day status (0 not scheduled … 6 suppressed No Result). */
  Status: z.coerce.number().pipe(DayStatusValue).optional(),
  /** true: audited backups only; false: inactive and retired ones only. */
  Active: QueryBoolean.optional(),
});
export type PublicBackupsQuery = z.infer<typeof PublicBackupsQuery>;

export const PublicBackup = z.object({
  BackupId: z.number().int(),
  Vendor: z.string(),
  VendorName: z.string(),
  DeviceName: z.string(),
  JobName: z.string(),
  Method: z.string(),
  BackupType: z.string(),
  State: z.enum(['Inactive', 'Active', 'Retired']),
  IsActive: z.boolean(),
  CompanyId: z.number().int().nullable(),
  CompanyName: z.string(),
  ClientId: z.string(),
  /** Current day status and its name. */
  Status: DayStatusValue,
  StatusName: z.string(),
  StatusSince: z.string().nullable(),
  LastResultAt: z.string().nullable(),
  LastSuccessAt: z.string().nullable(),
  Tags: z.array(z.string()),
  CreatedAt: z.string(),
});
export type PublicBackup = z.infer<typeof PublicBackup>;

export const PublicBackupParams = z.object({ id: Id });

export const PublicResultsQuery = PublicPageQuery.extend({
  BackupId: Id.optional(),
  /** Default: seven days before To. */
  From: PublicInstant.optional(),
  /** Default: now. */
  To: PublicInstant.optional(),
});
export type PublicResultsQuery = z.infer<typeof PublicResultsQuery>;

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

export const PublicHistoryQuery = PublicPageQuery.extend({
  BackupId: Id.optional(),
  /** First business day; default 29 days before To. */
  From: IsoDay.optional(),
  /** Last business day; default today in the tenant's time zone. */
  To: IsoDay.optional(),
});
export type PublicHistoryQuery = z.infer<typeof PublicHistoryQuery>;

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

export const PublicCompanyPage = paged(PublicCompany);
export const PublicBackupPage = paged(PublicBackup);
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
