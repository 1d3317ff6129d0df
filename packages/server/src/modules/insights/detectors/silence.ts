import { DAY_MS } from '../../../status/calendar.ts';
import { plural, type BackupEvidence, type InsightContext } from './types.ts';

/**
 * Whole days since the backup's last result; a backup that never had one counts from its
 * activation. Null when neither is known.
 */
export function silentDays(e: BackupEvidence, ctx: InsightContext): number | null {
  const since = e.lastResultAt ?? e.activatedAt;
  if (!since) return null;
  return Math.floor((ctx.now.getTime() - since.getTime()) / DAY_MS);
}

/** "No result for 5 days (the last on 2026-11-18)" / "No result since it was activated 40 days ago". */
export function silenceText(e: BackupEvidence, days: number): string {
  if (!e.lastResultAt) return `No result since it was activated ${plural(days, 'day')} ago`;
  return `No result for ${plural(days, 'day')} (the last on ${e.lastResultDay ?? e.lastResultAt.toISOString().slice(0, 10)})`;
}

/** What a dismissal of a silence suggestion holds on to: the last result (or the activation). */
export const silenceEvidence = (e: BackupEvidence) => ({
  last: (e.lastResultAt ?? e.activatedAt)?.toISOString() ?? null,
});
