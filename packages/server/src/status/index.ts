/**
 * The status engine: pure functions that decide, per backup and per local business day, which
 * status a day has. No database, no clock (callers pass `now`), no I/O.
 *
 * Rules:
 * - A result belongs to the local business day (tenant time zone) in which the backup started.
 *   With start of business h, day D runs from local D h:00 to local D+1 h:00, so a result at
 *   local 03:00 with h = 6 belongs to the previous day. When h:00 falls in a spring-forward gap
 *   the day opens at the end of the gap; when it is repeated, at its first occurrence.
 * - A day with results has the status its results give by the backup's status calculation
 *   (even when it is not scheduled); counts are the raw counts as reported.
 * - A scheduled day without results is No Result once its window has closed (closesAt <= now),
 *   Suppressed No Result when the day is suppressed, and Pending while it is open. An
 *   unscheduled day without results is Not Scheduled.
 * - An Alert has no schedule: a day without results carries the status of the latest earlier
 *   day with results (also from before the range), and is Not Scheduled before any result.
 */
export * from './types.ts';
export { addDays, daysBetween } from './calendar.ts';
export { businessDay, dayWindow } from './zone.ts';
export { isScheduled } from './schedule.ts';
export { dayStatus, rollDays, summarize } from './engine.ts';
export { daysWithoutSuccess, noSuccessCutoff } from './success.ts';
