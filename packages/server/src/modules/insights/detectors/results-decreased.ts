import { LIMITS, type Detector } from './types.ts';

/** The week before must have had at least this many results for a fall to mean anything. */
export const MIN_PREVIOUS_WEEK = 3;

/**
 * Backup Results Decreased: the last full week had more than `decreasedFraction` fewer results
 * than the week before. Backups only: fewer alerts is good news.
 */
export const resultsDecreased: Detector = (e, ctx) => {
  const weeks = e.weekResults.length;
  if (e.backupType !== 'Backup' || weeks < 2) return null;
  const last = e.weekResults[weeks - 1];
  const before = e.weekResults[weeks - 2];
  if (before < MIN_PREVIOUS_WEEK || last >= before * (1 - LIMITS.decreasedFraction)) return null;
  const week = ctx.weekStarts[weeks - 1];
  return {
    type: 'BackupResultsDecreased',
    detail: `${last} results in the week of ${week}, down from ${before} the week before (${Math.round(((last - before) / before) * 100)}%)`,
    current: '',
    suggested: '',
    suggestion: {},
    evidence: { week, last, before },
  };
};
