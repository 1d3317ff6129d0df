import { silenceEvidence, silenceText, silentDays } from './silence.ts';
import { LIMITS, type Detector } from './types.ts';

/**
 * Backup Retire Suggestion: no result for at least `retireDays` days, or none at all since it
 * was activated that long ago. Alerts too: an alert source silent for a month is usually gone.
 */
export const retireSuggestion: Detector = (e, ctx) => {
  const days = silentDays(e, ctx);
  if (days === null || days < LIMITS.retireDays) return null;
  return {
    type: 'BackupRetireSuggestion',
    detail: silenceText(e, days),
    current: '',
    suggested: '',
    suggestion: {},
    evidence: silenceEvidence(e),
  };
};
