import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../types.ts';
import { duplicati } from './duplicati.ts';

function mail(text: string, subject = 'Duplicati Backup report for Docs'): MailMessage {
  return {
    messageId: 'test@example.com',
    subject,
    from: 'duplicati@contoso.com',
    fromName: 'Duplicati',
    to: ['demo@inbound.localhost'],
    date: null,
    text,
    html: null,
    attachments: [],
    headers: {},
  };
}

const report = (begin: string, end: string) =>
  [
    'MainOperation: Backup',
    'TestResults:',
    '    MainOperation: Test',
    '    ParsedResult: Error',
    '    BeginTime: 1/1/2020 1:00:00 AM (1577840400)',
    'ParsedResult: Success',
    'Version: 2.0.8.1 (2.0.8.1_beta_2024-05-07)',
    `EndTime: ${end}`,
    `BeginTime: ${begin}`,
    'Duration: 00:09:05.4471020',
    'Warnings: []',
    'Errors: []',
  ].join('\n');

describe('duplicati', () => {
  it('reads top-level keys only, not the nested sub-results', () => {
    const [r] = duplicati.parse(
      mail(report('11/24/2026 12:00:00 AM (1795474800)', '11/24/2026 12:09:05 AM (1795475345)')),
    );
    expect(r.status).toBe('Success');
    expect(r.startTime?.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(r.endTime?.toISOString()).toBe('2026-11-24T00:09:05.000Z');
    expect(r.durationSeconds).toBe(545);
  });

  it('uses the Unix time to tell day/month order of the server locale', () => {
    // 4 Nov 2026 22:00 in a UTC+1 locale writing dd/mm/yyyy.
    const [r] = duplicati.parse(mail(report('04/11/2026 22:00:00 (1793826000)', '04.11.2026 22:30:00 (1793827800)')));
    expect(r.startTime?.toISOString()).toBe('2026-11-04T22:00:00.000Z');
    expect(r.endTime?.toISOString()).toBe('2026-11-04T22:30:00.000Z');
  });

  it('reports an operation that threw as a failure', () => {
    const [r] = duplicati.parse(
      mail('Failed: Disk full\nDetails: System.IO.IOException: Disk full\n   at Duplicati.Library.Main'),
    );
    expect(r).toMatchObject({ status: 'Failure', failureText: 'Disk full', jobName: 'Docs' });
  });
});
