import { LIMITS, type Detector } from './types.ts';

/** Fewer results than this say nothing about when a backup usually runs. */
export const MIN_START_RESULTS = 4;

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * Backup Start Of Business Day: with the business day starting at midnight, at least
 * `startOfBusinessShare` of the results started between 00:00 and `startOfBusinessHour` local
 * time, so each night's run is filed on the following day. Suggests that hour as the start of
 * the business day. Informational: the hour is changed in the backup's settings.
 */
export const startOfBusinessDay: Detector = (e, ctx) => {
  const total = e.successResults + e.troubleResults;
  const hour = LIMITS.startOfBusinessHour;
  if (e.dayStartHour !== 0 || total < MIN_START_RESULTS) return null;
  if (e.earlyResults < total * LIMITS.startOfBusinessShare) return null;
  return {
    type: 'BackupStartOfBusinessDay',
    detail: `${e.earlyResults} of ${total} results in the last ${ctx.weekStarts.length} weeks started between 00:00 and ${hh(hour)}; a start of business day at ${hh(hour)} would file them on the day of the night they ran`,
    current: '',
    suggested: '',
    suggestion: { dayStartHour: hour },
    evidence: { from: e.dayStartHour, to: hour },
  };
};
