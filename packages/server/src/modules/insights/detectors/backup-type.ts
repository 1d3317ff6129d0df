import { bitCount, plural, type BackupEvidence, type Detector } from './types.ts';

/**
 * Backup Type. Criteria, over the full weeks examined (8 by default, 56 days):
 * - a Backup looks like an alert when, counted from its first week with a result and over at
 *   least 4 weeks, it had at least 4 results, at least 75% of them warnings or failures, on fewer
 *   than half of the days, and no weekday had a result in 75% or more of those weeks (no
 *   regular run);
 * - an Alert looks like a backup when results arrived on at least 5 days a week on average
 *   (40 of 56 days) and at least 90% of them were successes.
 */
export const BACKUP_TYPE_RULES = {
  minAlertResults: 4,
  minAlertWeeks: 4,
  alertTroubleShare: 0.75,
  alertMaxDayShare: 0.5,
  regularWeekdayShare: 0.75,
  backupDaysPerWeek: 5,
  backupSuccessShare: 0.9,
} as const;

const R = BACKUP_TYPE_RULES;
const pct = (x: number) => `${Math.round(x * 100)}%`;

function looksLikeAlert(e: BackupEvidence, weeks: number): string | null {
  const total = e.successResults + e.troubleResults;
  // Weeks since it first reported: a backup new this month is judged on its own life only.
  const span = weeks - e.weekResults.findIndex((n) => n > 0);
  if (span > weeks || span < R.minAlertWeeks) return null;
  if (total < R.minAlertResults || e.troubleResults < total * R.alertTroubleShare) return null;
  if (e.daysWithResults >= span * 7 * R.alertMaxDayShare) return null;
  if (e.weekdayWeeks.some((mask) => bitCount(mask) >= span * R.regularWeekdayShare)) return null;
  return `${e.troubleResults} of ${total} results in the last ${plural(span, 'week')} were warnings or failures, on ${e.daysWithResults} irregular days of ${span * 7}`;
}

function looksLikeBackup(e: BackupEvidence, weeks: number): string | null {
  const total = e.successResults + e.troubleResults;
  if (!total || e.daysWithResults < weeks * R.backupDaysPerWeek) return null;
  if (e.successResults < total * R.backupSuccessShare) return null;
  return `Results arrived on ${e.daysWithResults} of the last ${weeks * 7} days, ${pct(e.successResults / total)} of them successes, like a regular backup`;
}

export const backupType: Detector = (e, ctx) => {
  const weeks = ctx.weekStarts.length;
  const detail = e.backupType === 'Backup' ? looksLikeAlert(e, weeks) : looksLikeBackup(e, weeks);
  if (!detail) return null;
  const to = e.backupType === 'Backup' ? 'Alert' : 'Backup';
  return {
    type: 'BackupType',
    detail,
    current: e.backupType,
    suggested: to,
    suggestion: { backupType: to },
    evidence: { from: e.backupType, to },
  };
};
