import type { AuditHistoryEntry, UsageLine } from '@vigil/contract';

/** Thirty days of a backup's history for the history bar: mostly success, a few warnings and failures. */
export function sampleHistory(today = new Date(Date.UTC(2026, 10, 27))): AuditHistoryEntry[] {
  const statuses = [1, 1, 1, 2, 1, 1, 0, 0, 1, 3, 3, 1, 1, 1, 4, 1, 1, 2, 1, 1, 0, 0, 1, 1, 5, 1, 1, 1, 3, 1];
  return statuses.map((status, i) => {
    const d = new Date(today.getTime() - (statuses.length - 1 - i) * 86_400_000);
    return {
      Date: d.toISOString().slice(0, 10),
      CountSuccess: status === 1 ? 1 : 0,
      CountWarning: status === 2 ? 1 : 0,
      CountFailure: status === 3 ? 1 : 0,
      CountNoResult: status === 4 ? 1 : 0,
      Status: status as AuditHistoryEntry['Status'],
      IsScheduled: status !== 0,
    };
  });
}

export interface SampleBackup {
  id: number;
  company: string;
  device: string;
  job: string;
  vendor: string;
  status: number;
}

export const SAMPLE_BACKUPS: SampleBackup[] = [
  { id: 1, company: 'Alpha Dental', device: 'srv-dc-01', job: 'Nightly image', vendor: 'Veeam', status: 1 },
  { id: 2, company: 'Alpha Dental', device: 'srv-sql-02', job: 'SQL log backup', vendor: 'Veeam', status: 2 },
  { id: 3, company: 'Bravo Law', device: 'nas-01', job: 'Offsite copy', vendor: 'Synology', status: 3 },
  { id: 4, company: 'Charlie Builders', device: 'ws-014', job: 'Workstation', vendor: 'Datto', status: 4 },
  { id: 5, company: 'Delta Clinic', device: 'm365-tenant', job: 'Exchange Online', vendor: 'Acronis', status: 5 },
];

export const SAMPLE_USAGE: UsageLine[] = [
  { Key: 'units', Label: 'Active Units', Count: 182, Limit: 200, Ratio: 0.91, Status: 'warning' },
  { Key: 'mailboxes', Label: 'Active Mailboxes Backups', Count: 48, Limit: null, Ratio: -1, Status: 'noResult' },
];
