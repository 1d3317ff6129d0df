// What the scheduled reports grid can do with a report, and the count wording of its screens.
import type { ScheduledReport } from '@vigil/contract';

export const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

export interface ScheduledActions {
  onEdit: (r: ScheduledReport) => void;
  onCopy: (r: ScheduledReport) => void;
  onRun: (r: ScheduledReport) => void;
  onDelete: (r: ScheduledReport) => void;
  onToggle: (r: ScheduledReport, enabled: boolean) => void;
  running: number | null;
  toggling: number | null;
}
