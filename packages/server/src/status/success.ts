import { addDays, daysBetween } from './calendar.ts';

/**
 * "Days without success", the one definition behind the Audit column and drawer, the Audit filter
 * "no success for N days", the dashboards' "No success for N days" tiles and the backup summary.
 *
 * The last success is the latest result with status Success (or Warning when the backup treats
 * warnings as success) whose local business day (tenant zone, the backup's start of business) is
 * on or before the selected day. The number is 0 when that day is the selected day, otherwise the
 * calendar days between them; null when the backup never succeeded up to that day.
 */
export function daysWithoutSuccess(lastSuccessDay: string | null, selectedDay: string): number | null {
  if (lastSuccessDay === null) return null;
  return Math.max(0, daysBetween(lastSuccessDay, selectedDay));
}

/**
 * The latest last-success day that still counts as "no success for `days` days" on `selectedDay`:
 * `daysWithoutSuccess(last, selectedDay) >= days` exactly when `last <= noSuccessCutoff(...)`
 * (and a backup that never succeeded always counts).
 */
export function noSuccessCutoff(selectedDay: string, days: number): string {
  return addDays(selectedDay, -days);
}
