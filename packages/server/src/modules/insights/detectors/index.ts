import { backupType } from './backup-type.ts';
import { extraSchedule } from './extra-schedule.ts';
import { missingSchedule } from './missing-schedule.ts';
import { notUpdating } from './not-updating.ts';
import { resultsDecreased } from './results-decreased.ts';
import { retireSuggestion } from './retire-suggestion.ts';
import { startOfBusinessDay } from './start-of-business-day.ts';
import type { BackupEvidence, Detector, Finding, InsightContext } from './types.ts';

export type { BackupEvidence, Finding, InsightContext } from './types.ts';

export const DETECTORS: Detector[] = [
  missingSchedule,
  extraSchedule,
  backupType,
  startOfBusinessDay,
  notUpdating,
  retireSuggestion,
  resultsDecreased,
];

/** Every suggestion for one backup. */
export function detect(e: BackupEvidence, ctx: InsightContext): Finding[] {
  return DETECTORS.map((d) => d(e, ctx)).filter((f): f is Finding => f !== null);
}
