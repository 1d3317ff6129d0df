import type { Schedule, ScheduleRule, TemplateRow } from '@vigil/contract';
import { hourText, weekdaysText } from '../../lib/schedule';

const CALCULATION: Record<string, string> = {
  WarningIfMixed: 'Warning if mixed',
  Last: 'Last result',
  Worst: 'Worst result',
  Best: 'Best result',
};
const NTH: Record<number, string> = { 1: 'First', 2: 'Second', 3: 'Third', 4: 'Fourth', 5: 'Fifth', [-1]: 'Last' };

/** A schedule rule as a sentence: "Weekdays", "Every 2 days from 2026-01-05", "Last Fri of the month". */
export function ruleText(rule: ScheduleRule): string {
  if (rule.kind === 'weekly') return weekdaysText(rule.weekdays);
  if (rule.kind === 'interval')
    return rule.everyDays === 1
      ? `Every day from ${rule.startDate}`
      : `Every ${rule.everyDays} days from ${rule.startDate}`;
  return `${NTH[rule.nth]} ${weekdaysText(rule.weekdays)} of the month`;
}

export interface PolicyLine {
  label: string;
  value: string;
}

/** The policy a template gives its backups, line by line, as the templates/policy window shows it. */
export function templatePolicyLines(
  t: TemplateRow,
  schedules: readonly Pick<Schedule, 'ScheduleId' | 'Name' | 'Description'>[],
  timeFormat: string,
): PolicyLine[] {
  const s = t.Settings;
  const named = s.ScheduleId ? schedules.find((x) => x.ScheduleId === s.ScheduleId) : undefined;
  const schedule = named ? `${named.Name} (${named.Description})` : s.Schedule ? ruleText(s.Schedule) : 'Not scheduled';
  return [
    { label: 'Backup type', value: s.BackupType === 'Alert' ? 'System Alert' : 'Backup Result' },
    { label: 'Schedule', value: schedule },
    { label: 'Business day starts', value: hourText(s.DayStartHour ?? 0, timeFormat) },
    { label: 'Status calculation', value: CALCULATION[s.StatusCalculation ?? 'WarningIfMixed'] },
    { label: 'Warnings count as success', value: s.TreatWarningAsSuccess ? 'Yes' : 'No' },
    {
      label: 'Failure threshold',
      value: `${s.FailureThreshold ?? 1} day${(s.FailureThreshold ?? 1) === 1 ? '' : 's'}`,
    },
    { label: 'Tags', value: s.Tags?.length ? s.Tags.join(', ') : 'None' },
    { label: 'Companies', value: t.CompanyNames.length ? t.CompanyNames.join(', ') : 'All companies' },
    { label: 'Auto-activation', value: t.isActive ? 'On: new matching backups are activated' : 'Off' },
    { label: 'Linked backups', value: t.BackupsCount.toLocaleString('en-US') },
  ];
}
