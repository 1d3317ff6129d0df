// Insight types (platform §3) and what each one says.
import { z } from 'zod';

export const InsightType = z.enum([
  'BackupMissingSchedule',
  'BackupExtraSchedule',
  'BackupType',
  'BackupStartOfBusinessDay',
  'BackupNotUpdating',
  'BackupRetireSuggestion',
  'BackupResultsDecreased',
]);
export type InsightType = z.infer<typeof InsightType>;

export interface InsightTypeInfo {
  title: string;
  help: string;
  /** Can be applied from the list (features §9: the first three are selectable). */
  selectable: boolean;
}

export const INSIGHT_TYPES: Record<InsightType, InsightTypeInfo> = {
  BackupMissingSchedule: {
    title: 'Backup Missing Schedule',
    help: 'Results keep arriving on days the schedule does not expect. Adding those days to the schedule makes their results count, and a missed run on them shows as No Result.',
    selectable: true,
  },
  BackupExtraSchedule: {
    title: 'Backup Extra Schedule',
    help: 'The schedule expects days on which no result has arrived for weeks. Removing those days stops a No Result being raised every time.',
    selectable: true,
  },
  BackupType: {
    title: 'Backup Type',
    help: 'The results look like alerts (irregular, only on trouble) for a backup, or like regular backup runs for an alert. Changing the type makes the audit judge it correctly.',
    selectable: true,
  },
  BackupStartOfBusinessDay: {
    title: 'Backup Start Of Business Day',
    help: 'Most runs start shortly after midnight, so they are filed on the day after the night they belong to. A start of business day files them on the previous day.',
    selectable: false,
  },
  BackupNotUpdating: {
    title: 'Backup Not Updating',
    help: 'This active backup has had no result for several days. Check that the job still runs and still sends its e-mail or API result.',
    selectable: false,
  },
  BackupRetireSuggestion: {
    title: 'Backup Retire Suggestion',
    help: 'No result for a long time: the job was probably removed or replaced. Retire it to stop it counting as No Result.',
    selectable: false,
  },
  BackupResultsDecreased: {
    title: 'Backup Results Decreased',
    help: 'Fewer results arrived last week than the week before (more than 20% fewer). A job may have been disabled or its notifications turned off.',
    selectable: false,
  },
};
