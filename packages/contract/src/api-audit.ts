import { z } from 'zod';
import { AdditionalFieldFilter } from './api-lookups.ts';
import { ResultReading } from './api-ingest.ts';

/**
 * Audit, daily activity, schedules and saved filters (platform §3, §7; features §3.4).
 *
 * Day statuses: 0 not scheduled, 1 Success, 2 Warning, 3 Failure, 4 No Result, 5 Pending, and
 * 6 Suppressed No Result (a No Result a user suppressed). Result statuses are 1–3.
 */
export const DayStatusValue = z.number().int().min(0).max(6);
export const ResultStatusValue = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export const StatusCalculation = z.enum(['WarningIfMixed', 'Last', 'Worst', 'Best']);
export type StatusCalculation = z.infer<typeof StatusCalculation>;

/** Whether 'YYYY-MM-DD' text names a real calendar day (no 2026-02-30). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const y = Number(s.slice(0, 4));
  const m = Number(s.slice(5, 7));
  const d = Number(s.slice(8, 10));
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = m === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
  return m >= 1 && m <= 12 && d >= 1 && d <= days;
}

/** A calendar day 'YYYY-MM-DD' (a real one). */
const IsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Date must be valid', abort: true })
  .refine(isCalendarDay, 'Date must be valid');
export { IsoDay };

/** Weekday flags Sunday 1 … Saturday 64 (All 127); months 1–12 (empty = every month). */
const Months = z.array(z.number().int().min(1).max(12)).max(12).optional();
export const ScheduleRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('weekly'), weekdays: z.number().int().min(1).max(127), months: Months }),
  z.object({
    kind: z.literal('interval'),
    everyDays: z.number().int().min(1).max(366),
    startDate: IsoDay,
    months: Months,
  }),
  z.object({
    kind: z.literal('monthlyNth'),
    nth: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(-1)]),
    weekdays: z.number().int().min(1).max(127),
    months: Months,
  }),
]);
export type ScheduleRule = z.infer<typeof ScheduleRule>;

/** One day of a backup's history bar. */
export const AuditHistoryEntry = z.object({
  Date: IsoDay,
  CountSuccess: z.number().int(),
  CountWarning: z.number().int(),
  CountFailure: z.number().int(),
  CountNoResult: z.number().int(),
  Status: DayStatusValue,
  IsScheduled: z.boolean(),
});
export type AuditHistoryEntry = z.infer<typeof AuditHistoryEntry>;

/** A policy (backup) row of the Audit grid. */
export const AuditBackupRow = z.object({
  PolicyId: z.number().int(),
  BackupId: z.number().int(),
  CompanyId: z.number().int().nullable(),
  /** '- No company assigned -' when none. */
  CompanyName: z.string(),
  /** The vendor's client id or the plus-address tag; '- None -' when none. */
  ClientId: z.string(),
  Vendor: z.string(),
  VendorName: z.string(),
  DeviceName: z.string(),
  JobName: z.string(),
  Method: z.enum(['Email', 'Api']),
  BackupType: z.enum(['Backup', 'Alert']),
  /** Status of the selected date. */
  Status: DayStatusValue,
  /** The status as of the selected date (its latest day with a status of its own), and for how many days it had held. */
  CurrentStatus: DayStatusValue,
  DaysInStatus: z.number().int().nullable(),
  /** The latest successful result. */
  LastSuccess: z.string().nullable(),
  /** Days from the last success up to the selected date (0: that day); null: none by then. */
  DaysWithoutSuccess: z.number().int().nullable(),
  TicketsCount: z.number().int(),
  Tags: z.array(z.string()),
  ScheduleName: z.string(),
  Verified: z.boolean(),
  Remediated: z.boolean(),
  Restored: z.boolean(),
  /** The backup's values of the tenant's extra backup fields, by field id; a field not set is absent. */
  AdditionalFields: z.record(z.string(), z.string()),
  History: z.array(AuditHistoryEntry),
});
export type AuditBackupRow = z.infer<typeof AuditBackupRow>;

export const AuditFilters = z.object({
  /** The selected date (local business day); default yesterday. */
  Date: IsoDay.optional(),
  /** Days of history returned per row, ending at Date (default 30). */
  HistoryDays: z.number().int().min(1).max(90).default(30),
  Companies: z.array(z.number().int()).max(1000).optional(),
  /** Include backups with no company. */
  IncludeNoCompany: z.boolean().optional(),
  Statuses: z.array(DayStatusValue).max(7).optional(),
  /**
   * With Statuses: a backup matches when any of the StatusDays days ending at Date had one of
   * them (a dashboard Count tile's date range); 1 or absent: Date only.
   */
  StatusDays: z.number().int().min(1).max(366).optional(),
  Vendors: z.array(z.string().max(100)).max(100).optional(),
  Methods: z
    .array(z.enum(['Email', 'Api']))
    .max(2)
    .optional(),
  Tags: z.array(z.string().max(100)).max(100).optional(),
  /** Only backups whose last success is at least this many days before Date (or never). */
  DaysWithoutSuccess: z.number().int().min(0).max(3650).nullable().optional(),
  /** Only backups scheduled on Date. */
  FilterScheduled: z.boolean().optional(),
  Search: z.string().max(200).optional(),
  /** The tenant's extra backup fields (additional-backup-fields): every one given must match. */
  AdditionalFields: z.array(AdditionalFieldFilter).max(10).optional(),
});
export type AuditFilters = z.infer<typeof AuditFilters>;
/** Audit filters as stored (account audit-filters, saved filters): every field optional, no defaults. */
export const AuditFiltersDoc = AuditFilters.partial().extend({
  HistoryDays: z.number().int().min(1).max(90).optional(),
});
export type AuditFiltersDoc = z.infer<typeof AuditFiltersDoc>;

export const AuditBackupsQuery = AuditFilters.extend({
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(1000).default(50),
  OrderBy: z
    .enum(['CompanyName', 'JobName', 'DeviceName', 'Vendor', 'Status', 'DaysInStatus', 'LastSuccess', 'PolicyId'])
    .optional(),
  OrderAscending: z.boolean().optional(),
});
export type AuditBackupsQuery = z.infer<typeof AuditBackupsQuery>;

/** A result as Audit shows it (features §3.4 audit result: ResultID, ParsedDateTime, Notes). */
export const AuditResult = z.object({
  ResultID: z.number().int(),
  PolicyId: z.number().int(),
  Status: ResultStatusValue,
  /** When the backup ran (start time, else end, else e-mail date). */
  ParsedDateTime: z.string(),
  BusinessDay: IsoDay.nullable(),
  StartTime: z.string().nullable(),
  EndTime: z.string().nullable(),
  Notes: z.string().nullable(),
  Source: z.enum(['email', 'manual', 'api']),
  ResultKind: z.string(),
  StorageKind: z.string().nullable(),
  SizeBytes: z.number().nullable(),
  DurationSeconds: z.number().nullable(),
  FailureText: z.string().nullable(),
  EmailId: z.number().int().nullable(),
  Subject: z.string().nullable(),
  From: z.string().nullable(),
  CreatedBy: z.string().nullable(),
  EditedAt: z.string().nullable(),
  /** Set when the generic reader read it (no vendor parser claimed the e-mail). */
  Reading: ResultReading.nullable().optional(),
});
export type AuditResult = z.infer<typeof AuditResult>;

/** One result with the e-mail it was read from (view-result). */
export const AuditResultDetail = AuditResult.extend({
  VendorName: z.string(),
  DeviceName: z.string(),
  JobName: z.string(),
  CompanyName: z.string(),
  /** The e-mail's text body (HTML reduced to text), when the result came from an e-mail. */
  EmailText: z.string().nullable(),
  EmailHtml: z.string().nullable(),
  ReceivedAt: z.string().nullable(),
});
export type AuditResultDetail = z.infer<typeof AuditResultDetail>;

export const AuditResultsQuery = z.object({
  policyId: z.coerce.number().int().positive(),
  date: IsoDay,
});

export const NewAuditResult = z.object({
  PolicyId: z.number().int().positive(),
  Status: ResultStatusValue,
  ParsedDateTime: z.string().datetime({ offset: true }),
  Notes: z.string().trim().max(4000).optional(),
});
export const EditAuditResult = z.object({
  ResultID: z.number().int().positive(),
  Status: ResultStatusValue,
  ParsedDateTime: z.string().datetime({ offset: true }),
  Notes: z.string().trim().max(4000).nullable().optional(),
});
export const DeleteAuditResults = z.object({ ResultIds: z.array(z.number().int().positive()).min(1).max(500) });
/** How many rows a delete removed (results, or audit actions). */
export const AuditDeleteAnswer = z.object({ Deleted: z.number().int() });
export const ParsedDateTimeAnswer = z.object({ ParsedDateTime: z.string() });

/** Verify, remediate or restore a backup's day (one or many backups), with notes. */
export const AuditActionInput = z.object({
  PolicyIds: z.array(z.number().int().positive()).min(1).max(5000),
  Date: IsoDay,
  Notes: z.string().trim().max(4000).optional(),
});
export const AuditActionRemove = z.object({
  PolicyIds: z.array(z.number().int().positive()).min(1).max(5000),
  Date: IsoDay,
});
export const AuditAction = z.object({
  Id: z.number().int(),
  PolicyId: z.number().int(),
  Date: IsoDay,
  Kind: z.enum(['verify', 'remediate', 'restore']),
  Notes: z.string().nullable(),
  UserName: z.string().nullable(),
  CreatedAt: z.string(),
});
export type AuditAction = z.infer<typeof AuditAction>;
export const AuditActionQuery = z.object({ policyId: z.coerce.number().int().positive(), date: IsoDay });

/** Saved audit filters (api/common/user-filters); id -1 is the built-in "All backups". */
export const UserFilter = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: AuditFiltersDoc,
});
export type UserFilter = z.infer<typeof UserFilter>;
export const UserFilterInput = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1, 'Name is required').max(100),
  filters: AuditFiltersDoc,
});

/** Column layout of a saved grid (platform §3 saved grid settings). */
export const GridSettings = z.object({
  order: z.array(z.string().max(64)).max(100),
  widths: z.record(z.string().max(64), z.number().min(20).max(4000)),
  hidden: z.array(z.string().max(64)).max(100),
});
export const AuditUiSettings = z.object({
  Columns: GridSettings.optional(),
  HistoryDays: z.number().int().min(7).max(90).optional(),
  PageSize: z.union([z.literal(50), z.literal(100), z.literal(200), z.literal(500)]).optional(),
  FiltersExpanded: z.boolean().optional(),
});

/** Named schedules (api/schedule). */
export const Schedule = z.object({
  ScheduleId: z.number().int(),
  Name: z.string(),
  Rule: ScheduleRule,
  /** A sentence: "Every weekday", "Third Friday of the month", … */
  Description: z.string(),
  BackupsCount: z.number().int(),
});
export type Schedule = z.infer<typeof Schedule>;
export const ScheduleInput = z.object({
  ScheduleId: z.number().int().optional(),
  Name: z.string().trim().min(1, 'Name is required').max(100),
  Rule: ScheduleRule,
});
export const ScheduleOption = z.object({
  /** A named schedule's id, or null for a built-in rule. */
  ScheduleId: z.number().int().nullable(),
  Name: z.string(),
  Rule: ScheduleRule,
});

/** Daily Activity: every result of one day. */
export const DailyActivityQuery = z.object({
  Date: IsoDay,
  Companies: z.array(z.number().int()).max(1000).optional(),
  /** Include backups with no company. */
  IncludeNoCompany: z.boolean().optional(),
  Statuses: z.array(ResultStatusValue).max(3).optional(),
  Vendors: z.array(z.string().max(100)).max(100).optional(),
  Search: z.string().max(200).optional(),
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(1000).default(50),
  OrderBy: z.enum(['Time', 'Status', 'CompanyName', 'Vendor', 'DeviceName', 'JobName']).optional(),
  OrderAscending: z.boolean().optional(),
});
export const DailyActivityRow = z.object({
  ResultID: z.number().int(),
  PolicyId: z.number().int(),
  Time: z.string(),
  Status: ResultStatusValue,
  DayStatus: DayStatusValue,
  Vendor: z.string(),
  VendorName: z.string(),
  CompanyName: z.string(),
  DeviceName: z.string(),
  JobName: z.string(),
  ResultKind: z.string(),
  FailureText: z.string().nullable(),
  Source: z.enum(['email', 'manual', 'api']),
  EmailId: z.number().int().nullable(),
  Subject: z.string().nullable(),
});
export type DailyActivityRow = z.infer<typeof DailyActivityRow>;
export const DailyActivityDateQuery = z.object({ date: IsoDay });
/** status-log: the results of one backup on one day in time order, with the day's status. */
export const StatusLog = z.object({
  PolicyId: z.number().int(),
  Date: IsoDay,
  DayStatus: DayStatusValue,
  Results: z.array(AuditResult),
});
/** group-details: the backup and its day in counts. */
export const GroupDetails = z.object({
  PolicyId: z.number().int(),
  Date: IsoDay,
  CompanyName: z.string(),
  VendorName: z.string(),
  DeviceName: z.string(),
  JobName: z.string(),
  ScheduleName: z.string(),
  IsScheduled: z.boolean(),
  DayStatus: DayStatusValue,
  CountSuccess: z.number().int(),
  CountWarning: z.number().int(),
  CountFailure: z.number().int(),
  Actions: z.array(AuditAction),
});
