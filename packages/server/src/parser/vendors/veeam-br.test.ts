import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../types.ts';
import { anyDate, atTime, rawTables, statusText, textTables } from './_a-shared.ts';
import { veeamAgent } from './veeam-agent.ts';
import { veeamBr } from './veeam-br.ts';
import { veeamM365 } from './veeam-m365.ts';

function mail(subject: string, html: string): MailMessage {
  return {
    messageId: '',
    subject,
    from: 'veeam@contoso.com',
    fromName: '',
    to: [],
    date: null,
    text: '',
    html,
    attachments: [],
    headers: {},
  };
}

const table = (header: string, footer: string) =>
  `<table><tr><td><table><tr><td>${header}<div>desc</div></td><td>Success</td></tr></table></td></tr></table>` +
  `<table><tr><td>Name</td><td>Status</td><td>Transferred</td></tr><tr><td>DC01</td><td>Success</td><td>1 GB</td></tr></table>` +
  `<div>${footer}</div>`;

describe('group a shared helpers', () => {
  it('reads month-name dates in both orders, with 12-hour clocks and zones, without the host zone', () => {
    expect(anyDate('Saturday, 21 November 2026 22:00:05')?.toISOString()).toBe('2026-11-21T22:00:05.000Z');
    expect(anyDate('Saturday, November 21, 2026 11:30:02 PM')?.toISOString()).toBe('2026-11-21T23:30:02.000Z');
    expect(anyDate('Nov 22, 2026, 12:05:00 AM')?.toISOString()).toBe('2026-11-22T00:05:00.000Z');
    expect(anyDate('21 Nov 2026 01:00 +01:00')?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(anyDate('11/21/2026 1:00:00 AM')?.toISOString()).toBe('2026-11-21T01:00:00.000Z');
    expect(anyDate('not a date')).toBeNull();
  });

  it('puts a time of day on the next day when it is before the session start', () => {
    const start = new Date('2026-11-21T23:30:02Z');
    expect(atTime(start, '12:41:12 AM', start)?.toISOString()).toBe('2026-11-22T00:41:12.000Z');
    expect(atTime(start, '11:58:40 PM', start)?.toISOString()).toBe('2026-11-21T23:58:40.000Z');
  });

  it('splits nested tables innermost first and keeps the inner table out of its parent cells', () => {
    const html = '<table><tr><td>outer</td><td><table><tr><td>a</td><td>b<br>c</td></tr></table></td></tr></table>';
    expect(textTables(html)).toEqual([[['a', 'b c']], [['outer', '']]]);
    expect(rawTables(html)[0][0][1]).toBe('b<br>c');
  });

  it('ranks failure and warning words over a leading "completed"', () => {
    expect(statusText('Completed with warnings')).toBe('Warning');
    expect(statusText('Completed with errors')).toBe('Failure');
    expect(statusText('Backup succeeded')).toBe('Success');
    expect(statusText('Partially completed')).toBe('Warning');
  });
});

describe('Veeam family detection', () => {
  it('leaves agent jobs managed by Backup & Replication to veeam-br', () => {
    const m = mail(
      '[Success] Physical (1 machines)',
      table(
        'Agent Backup job: Physical',
        'Veeam Backup &amp; Replication 12.1 — Veeam Agent for Microsoft Windows 6.1',
      ),
    );
    expect(veeamAgent.detect(m)).toBe(false);
    expect(veeamM365.detect(m)).toBe(false);
    expect(veeamBr.detect(m)).toBe(true);
  });

  it('gives standalone agents to veeam-agent and Microsoft 365 jobs to veeam-m365', () => {
    const agent = mail(
      '[Warning] Backup Job FS02 (FS02)',
      table('Agent Backup job: Backup Job FS02', 'Veeam Agent for Microsoft Windows 6.1'),
    );
    expect(veeamAgent.detect(agent)).toBe(true);
    const m365 = mail(
      '[Failed] contoso - Mail (2 objects)',
      table('Backup job: Mail', 'Veeam Backup for Microsoft 365 8.1'),
    );
    expect(veeamM365.detect(m365)).toBe(true);
    expect(veeamAgent.detect(m365)).toBe(false);
  });

  it('takes the result from the report header when a custom subject has no bracket', () => {
    const m = mail('Nightly backup report', table('Backup job: DC Servers', 'Veeam Backup &amp; Replication 12.1'));
    expect(veeamBr.detect(m)).toBe(true);
    expect(veeamBr.parse(m).map((r) => [r.deviceName, r.status, r.sizeBytes])).toEqual([
      ['DC01', 'Success', 1073741824],
    ]);
  });
});
