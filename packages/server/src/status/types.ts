/**
 * Day status numbers: the product's numeric status (0 unknown/not scheduled, 1 Success, 2 Warning,
 * 3 Failure, 4 No Result, 5 Pending) plus 6 for a No Result a user or rule suppressed.
 */
export const DayStatus = {
  NotScheduled: 0,
  Success: 1,
  Warning: 2,
  Failure: 3,
  NoResult: 4,
  Pending: 5,
  SuppressedNoResult: 6,
} as const;
export type DayStatusValue = (typeof DayStatus)[keyof typeof DayStatus];

/** A result's own status: 1 Success, 2 Warning, 3 Failure. */
export type ResultStatus = 1 | 2 | 3;

/** How the results of one day make that day's status. */
export type StatusCalculation = 'WarningIfMixed' | 'Last' | 'Worst' | 'Best';

/**
 * A schedule rule. Days are local business days 'YYYY-MM-DD'.
 *
 * - `weekly`: weekday flags Sunday 1, Monday 2, Tuesday 4 … Saturday 64, All 127.
 * - `interval`: every `everyDays` days counting from `startDate`; days before it are not scheduled.
 * - `monthlyNth`: the nth occurrence of each flagged weekday in the month (third Friday is nth 3,
 *   weekdays 32); -1 is the last such weekday; 5 schedules only in months that have a fifth one.
 *
 * `months` (1–12) limits any rule to those months; empty or absent means every month.
 */
export type ScheduleRule =
  | { kind: 'weekly'; weekdays: number; months?: number[] }
  | { kind: 'interval'; everyDays: number; startDate: string; months?: number[] }
  | { kind: 'monthlyNth'; nth: 1 | 2 | 3 | 4 | 5 | -1; weekdays: number; months?: number[] };

export interface BackupSettings {
  /** IANA zone of the tenant (e.g. 'Europe/London'); an invalid one is treated as 'UTC'. */
  timeZone: string;
  /** 0–23, the local hour the business day starts at; 0 by default. */
  dayStartHour: number;
  statusCalculation: StatusCalculation;
  treatWarningAsSuccess: boolean;
  kind: 'Backup' | 'Alert';
  /** null = no schedule: the backup never shows No Result. */
  schedule: ScheduleRule | null;
}

export interface ResultInput {
  /** When the backup started. */
  at: Date;
  status: ResultStatus;
}

export interface DayRow {
  /** 'YYYY-MM-DD' local business day. */
  day: string;
  countSuccess: number;
  countWarning: number;
  countFailure: number;
  status: DayStatusValue;
  isScheduled: boolean;
  /** End of that business day's window: the next day's start of business. */
  closesAt: Date;
}

export interface BackupSummary {
  /** Status of the latest day that is not NotScheduled/Pending (fallback: the latest day's status). */
  currentStatus: DayStatusValue;
  /** First day of the current run of that status (NotScheduled and Pending days do not break a run). */
  statusSince: string | null;
  /** Calendar days from statusSince to today: 0 when the run started today. */
  daysInStatus: number;
  /** Latest day with a successful result (Success, or Warning when warnings count as success). */
  lastSuccessDay: string | null;
  /** `at` of the latest Success result. */
  lastSuccessAt: Date | null;
  /** `daysWithoutSuccess(lastSuccessDay, today)`: 0 = succeeded today; null when never. */
  daysWithoutSuccess: number | null;
}
