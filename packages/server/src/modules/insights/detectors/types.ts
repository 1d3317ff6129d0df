import { INSIGHT_LIMITS, type InsightSuggestion, type InsightType, type ScheduleRule } from '@vigil/contract';

/**
 * What the insight detectors see of one Active backup: its settings and a digest of its last
 * INSIGHT_LIMITS.weeks full weeks (Monday to Sunday, in the tenant's zone), read for the whole
 * tenant in a few set-based queries. Week 0 is the oldest; the last is the last full week.
 */
export interface BackupEvidence {
  id: number;
  backupType: 'Backup' | 'Alert';
  /** The schedule in force: the named schedule's rule, else the backup's own; null when none. */
  schedule: ScheduleRule | null;
  dayStartHour: number;
  activatedAt: Date | null;
  lastResultAt: Date | null;
  /** Last result's business day (local), when there is one. */
  lastResultDay: string | null;
  /** Results per full week, oldest first. */
  weekResults: number[];
  /** Per weekday (0 Sunday … 6 Saturday): bit i set when week i had a result on that weekday. */
  weekdayWeeks: number[];
  /** Days of the full weeks that had a result. */
  daysWithResults: number;
  successResults: number;
  /** Warnings and failures. */
  troubleResults: number;
  /** Scheduled days that ended with No Result since the last result (within the weeks examined and this week). */
  missedSinceLastResult: number;
  /** Results of the full weeks whose start, in local time, lies before INSIGHT_LIMITS.startOfBusinessHour. */
  earlyResults: number;
}

export interface InsightContext {
  now: Date;
  /** The tenant's zone and its today. */
  timeZone: string;
  today: string;
  /** Monday of each full week, oldest first. */
  weekStarts: string[];
}

/** One suggestion a detector makes for one backup. */
export interface Finding {
  type: InsightType;
  detail: string;
  current: string;
  suggested: string;
  suggestion: InsightSuggestion;
  /** The evidence that decides whether a dismissal still holds: a dismissed finding returns only when it changes. */
  evidence: unknown;
}

export type Detector = (e: BackupEvidence, ctx: InsightContext) => Finding | null;

export const LIMITS = INSIGHT_LIMITS;

/** Weekday names by JavaScript weekday (0 Sunday). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Weekdays in the order sentences list them: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

export const bitCount = (n: number): number => {
  let c = 0;
  for (let x = n; x; x &= x - 1) c++;
  return c;
};

/** "a, b and c" / "a or b". */
export function listWords(items: string[], last = 'and'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Weeks whose bits are set among the last `n` full weeks. */
export function recentWeeks(mask: number, weeks: number, n: number): number {
  return bitCount(mask >> (weeks - n));
}
