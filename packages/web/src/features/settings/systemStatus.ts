import type { TenantFunctionStatus } from '@vigil/contract';

export type HealthState = 'ok' | 'warning' | 'idle';

export interface Assessment {
  key: string;
  name: string;
  state: HealthState;
  /** What the server measured, in its words ("3 e-mails in the queue"). */
  detail: string;
  /** One line: what it means and what to do. */
  advice: string;
  lastAt: string | null;
}

/** Past this long without any e-mail, intake is worth a look: most backup tools report daily. */
export const QUIET_INTAKE_HOURS = 26;

const hoursSince = (iso: string | null, now: Date) =>
  iso ? (now.getTime() - new Date(iso).getTime()) / 3_600_000 : Number.POSITIVE_INFINITY;

/**
 * A tenant function's state as a tenant administrator reads it: the server's state, with one
 * addition (intake that has gone quiet for more than a day is a warning), and what to do about it.
 */
export function assess(f: TenantFunctionStatus, now: Date, inboundAddress: string | null): Assessment {
  const base = { key: f.Key, name: f.Name, detail: f.Detail, lastAt: f.LastAt };
  const address = inboundAddress ?? 'your Vigil inbound address';
  switch (f.Key) {
    case 'email-intake': {
      if (f.State === 'idle')
        return {
          ...base,
          state: 'idle',
          advice: `Nothing received yet: send your backup notifications to ${address}.`,
        };
      if (hoursSince(f.LastAt, now) > QUIET_INTAKE_HOURS)
        return {
          ...base,
          state: 'warning',
          detail: 'No e-mail for more than a day',
          advice: `Check that your backup tools still send their notifications to ${address}.`,
        };
      return { ...base, state: 'ok', advice: 'Backup e-mails are arriving. Nothing to do.' };
    }
    case 'email-parsing':
      if (f.State === 'warning')
        return {
          ...base,
          state: 'warning',
          advice: 'E-mails are stored safely but read late; if this lasts over an hour, contact Support.',
        };
      return f.State === 'idle'
        ? { ...base, state: 'idle', advice: 'No e-mail to read yet.' }
        : { ...base, state: 'ok', advice: 'E-mails are read as they arrive. Nothing to do.' };
    case 'daily-rollup':
      if (f.State === 'warning')
        return {
          ...base,
          state: 'warning',
          advice:
            'Audit and reports may miss recent days; it catches up every five minutes — contact Support if it stays.',
        };
      return f.State === 'idle'
        ? { ...base, state: 'idle', advice: 'Activate backups under Manage → Activate Backups to start tracking them.' }
        : { ...base, state: 'ok', advice: 'Audit, dashboards and reports are up to date.' };
    case 'scheduled-reports':
      if (f.State === 'warning')
        return {
          ...base,
          state: 'warning',
          advice:
            "The last report did not go out: check Settings → SMTP and the report's recipients, then run it again.",
        };
      if (f.State !== 'idle')
        return { ...base, state: 'ok', advice: 'Scheduled reports are going out. Nothing to do.' };
      return {
        ...base,
        state: 'idle',
        advice: f.Configured
          ? 'No report has been sent yet: the first one goes out at its scheduled time.'
          : 'No report is scheduled yet. Schedule one under Reporting → Scheduled Reports.',
      };
    case 'ticketing':
      return f.State === 'idle'
        ? { ...base, state: 'idle', advice: 'Ticket rules have not run yet. Add one under Ticketing → Ticket Rules.' }
        : { ...base, state: f.State, advice: 'New results are checked against your ticket rules every few minutes.' };
    case 'mailbox-polling':
      return f.State === 'warning'
        ? {
            ...base,
            state: 'warning',
            advice: 'A mailbox cannot be read (often a changed password): see Integration → Mailboxes.',
          }
        : { ...base, state: 'ok', advice: 'Your mailboxes are read every minute. Nothing to do.' };
    default:
      return { ...base, state: f.State, advice: f.State === 'warning' ? 'Contact Support if this stays.' : '' };
  }
}

/** The overall line at the top: any warning wins, else all good. */
export function overall(items: Assessment[]): { state: HealthState; text: string } {
  const warnings = items.filter((i) => i.state === 'warning');
  if (warnings.length)
    return {
      state: 'warning',
      text: `${warnings.length} ${warnings.length === 1 ? 'item needs' : 'items need'} attention: ${warnings.map((w) => w.name).join(', ')}`,
    };
  return { state: 'ok', text: 'Everything is running normally' };
}
