import type { InsightSuggestion, ScheduleRule } from '@vigil/contract';
import type { Finding } from './detectors/index.ts';

/**
 * The `suggestion` column: the change itself (InsightSuggestion's fields at the top level),
 * the current and suggested values in words, and for schedule changes the schedule the
 * suggestion was made from, so applying it later changes only the days it names.
 */
export interface StoredSuggestion extends InsightSuggestion {
  current?: string;
  suggested?: string;
  basis?: ScheduleRule;
}

export function storedSuggestion(f: Finding): StoredSuggestion {
  const basis = (f.evidence as { from?: unknown }).from;
  return {
    ...f.suggestion,
    current: f.current,
    suggested: f.suggested,
    ...(f.suggestion.schedule && basis ? { basis: basis as ScheduleRule } : {}),
  };
}

/** Splits a stored suggestion into the API's Suggestion and its words. */
export function readSuggestion(s: StoredSuggestion): {
  suggestion: InsightSuggestion;
  current: string;
  suggested: string;
  basis: ScheduleRule | null;
} {
  const { current = '', suggested = '', basis = null, ...suggestion } = s;
  return { suggestion, current, suggested, basis };
}
