import {
  DEFAULT_SUBJECTS,
  DEFAULT_TICKET_DESCRIPTION,
  TICKET_GROUP_LABELS,
  TicketGroupBy,
  renderPattern,
  type PatternValues,
  type TicketGroupByValue,
} from '@vigil/contract';
import type { QueryFn } from '../../../db/client.ts';

/** Day status names as tickets and notes print them. */
export const STATUS_NAMES: Record<number, string> = {
  0: 'Not scheduled',
  1: 'Success',
  2: 'Warning',
  3: 'Failure',
  4: 'No Result',
  5: 'Pending',
  6: 'Suppressed No Result',
};
export const statusName = (s: number) => STATUS_NAMES[s] ?? 'Unknown';

/** What a ticket's texts say about one backup. */
export interface BackupText {
  id: number;
  deviceName: string;
  jobName: string;
  vendor: string;
  companyName: string | null;
  tags: string[];
  status: number;
  /** Consecutive problem days up to the latest one. */
  streak: number;
  failureText: string | null;
}

export interface ProfileTexts {
  groupBy: TicketGroupByValue;
  customSubject: string | null;
  customDescription: string | null;
}

/** The label of a group: a backup reads "device / job". */
export function groupLabel(groupBy: TicketGroupByValue, b: Pick<BackupText, 'deviceName' | 'jobName' | 'companyName'>) {
  switch (groupBy) {
    case TicketGroupBy.Policy:
      return `${b.deviceName} / ${b.jobName}`;
    case TicketGroupBy.Company:
      return b.companyName ?? 'No company';
    case TicketGroupBy.Job:
      return b.jobName;
    case TicketGroupBy.Device:
      return b.deviceName;
  }
}

/** Pattern values of a group: its first backup speaks for job, device and method. */
export function patternValues(
  groupBy: TicketGroupByValue,
  backups: BackupText[],
  status: number,
  date: Date,
  timeZone: string,
): PatternValues {
  const first = backups[0];
  const companies = [...new Set(backups.map((b) => b.companyName).filter((c): c is string => !!c))];
  return {
    date,
    timeZone,
    groupBy,
    group: first ? groupLabel(groupBy, first) : '',
    status: statusName(status),
    company: companies.join(', '),
    method: [...new Set(backups.map((b) => b.vendor))].join(', '),
    tags: [...new Set(backups.flatMap((b) => b.tags))],
    job: first?.jobName,
    device: first?.deviceName,
  };
}

/** The tenant's global subject for a grouping, when one was saved. */
export async function globalSubject(q: QueryFn, tenantId: number, groupBy: number): Promise<string | null> {
  const r = await q<{ pattern: string }>('SELECT pattern FROM ticket_subjects WHERE tenant_id = $1 AND group_by = $2', [
    tenantId,
    groupBy,
  ]);
  return r.rows[0]?.pattern ?? null;
}

/** Subject precedence: the profile's own, the tenant's for the grouping, the default. */
export function subjectPattern(profile: ProfileTexts, tenantSubject: string | null): string {
  if (profile.customSubject?.trim()) return profile.customSubject;
  if (tenantSubject?.trim()) return tenantSubject;
  return DEFAULT_SUBJECTS[profile.groupBy];
}

export function renderSubject(pattern: string, values: PatternValues): string {
  // PSAs cap summaries (ConnectWise at 100); keep a margin-free, single-line subject.
  return renderPattern(pattern, values).replace(/\s+/g, ' ').trim().slice(0, 250) || 'Backup problem';
}

/** One line per backup: what failed, for how long, and (when asked) the failure text. */
export function backupLines(
  backups: BackupText[],
  opts: { includeCompany: boolean; includeFailureText: boolean },
): string[] {
  return backups.map((b) => {
    const days = b.streak > 1 ? ` for ${b.streak} consecutive days` : '';
    const company = opts.includeCompany && b.companyName ? ` (${b.companyName})` : '';
    const head = `- ${b.deviceName} / ${b.jobName}${company} [${b.vendor}]: ${statusName(b.status)}${days}`;
    return opts.includeFailureText && b.failureText ? `${head}\n  ${b.failureText.trim().slice(0, 1000)}` : head;
  });
}

/** The body of a new ticket: the profile's description (or the default) and the facts. */
export function renderDescription(
  profile: ProfileTexts,
  values: PatternValues,
  backups: BackupText[],
  opts: { includeCompany: boolean; includeFailureText: boolean },
): string {
  const intro = profile.customDescription?.trim()
    ? renderPattern(profile.customDescription, values)
    : DEFAULT_TICKET_DESCRIPTION;
  const what = `${TICKET_GROUP_LABELS[profile.groupBy]}: ${values.group}`;
  return [intro, '', what, `Status: ${values.status}`, '', 'Backups:', ...backupLines(backups, opts)].join('\n');
}
