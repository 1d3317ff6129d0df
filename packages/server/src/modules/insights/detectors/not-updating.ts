import { silenceEvidence, silenceText, silentDays } from './silence.ts';
import { LIMITS, type Detector } from './types.ts';

/**
 * Backup Not Updating: an Active backup's last result is at least `notUpdatingDays` and less
 * than `retireDays` days old. Alerts are left out: an alert that stays quiet is good news.
 * A backup whose schedule runs less often than that (weekly, monthly) is only reported once it
 * has also missed a scheduled day, i.e. when its status shows No Result.
 */
export const notUpdating: Detector = (e, ctx) => {
  if (e.backupType !== 'Backup') return null;
  const days = silentDays(e, ctx);
  if (days === null || days < LIMITS.notUpdatingDays || days >= LIMITS.retireDays) return null;
  if (e.schedule && !e.missedSinceLastResult) return null;
  return {
    type: 'BackupNotUpdating',
    detail: silenceText(e, days),
    current: '',
    suggested: '',
    suggestion: {},
    evidence: silenceEvidence(e),
  };
};
