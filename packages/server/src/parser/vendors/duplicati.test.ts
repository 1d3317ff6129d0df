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
  it('reads top-level keys, a failed sub-result (verification) only as a warning', () => {
    const [r] = duplicati.parse(
      mail(report('11/24/2026 12:00:00 AM (1795474800)', '11/24/2026 12:09:05 AM (1795475345)')),
    );
    expect(r.status).toBe('Warning');
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

  // Every status field counts; none may leave a failure green (Failure > Warning > Success).
  const statusCases: [string, string, string | undefined, string | null][] = [
    [
      'top-level Success',
      'MainOperation: Backup\nParsedResult: Success\nWarnings: []\nErrors: []',
      undefined,
      'Success',
    ],
    ['top-level Error', 'MainOperation: Backup\nParsedResult: Error\nErrors: []', undefined, 'Failure'],
    ['Fatal', 'MainOperation: Backup\nParsedResult: Fatal', undefined, 'Failure'],
    [
      "indentation lost: a nested Success line before the report's Error",
      'MainOperation: Backup\nDeleteResults:\nParsedResult: Success\nErrors: []\nParsedResult: Error\nErrors: []',
      undefined,
      'Failure',
    ],
    [
      'a Success word but a non-empty Errors list',
      'MainOperation: Backup\nParsedResult: Success\nWarnings: []\nErrors: [\n    2026-11-22 00:05:31 +01 - [Error-Duplicati.Library.Main.Operation.BackupHandler-FatalError]: Fatal error\n]',
      undefined,
      'Failure',
    ],
    [
      'an old-style inline Errors list',
      'MainOperation: Backup\nParsedResult: Success\nErrors: [Failed to process path: C:\\x]',
      undefined,
      'Failure',
    ],
    [
      'ErrorsActualLength above zero',
      'MainOperation: Backup\nParsedResult: Success\nErrorsActualLength: 2',
      undefined,
      'Failure',
    ],
    [
      'a non-empty Warnings list',
      'MainOperation: Backup\nParsedResult: Success\nWarnings: [x]\nErrors: []',
      undefined,
      'Warning',
    ],
    ['files with errors', 'MainOperation: Backup\nParsedResult: Success\nFilesWithError: 3', undefined, 'Warning'],
    [
      'Failed: beside a ParsedResult line',
      'MainOperation: Backup\nParsedResult: Success\nFailed: The operation Backup has failed',
      undefined,
      'Failure',
    ],
    [
      'the result word in the subject',
      'MainOperation: Backup\nParsedResult: Success',
      'Duplicati Backup (Error) report for Docs',
      'Failure',
    ],
    [
      'the result word before the operation in the subject',
      'MainOperation: Backup\nParsedResult: Success',
      'Duplicati Warning Backup report for Docs',
      'Warning',
    ],
    [
      'a result prefix on the subject',
      'MainOperation: Backup\nParsedResult: Success',
      'Fatal: Duplicati Backup report for Docs',
      'Failure',
    ],
    [
      'the default subject of newer versions: "Duplicati Error, Backup report for"',
      'MainOperation: Backup\nParsedResult: Success',
      'Duplicati Error, Backup report for Docs',
      'Failure',
    ],
    [
      'the default subject of newer versions on success',
      'MainOperation: Backup\nParsedResult: Success',
      'Duplicati Success, Backup report for Docs',
      'Success',
    ],
    [
      'the JSON report format',
      '{"Data":{"MainOperation":"Backup","ParsedResult":"Error"},"Extra":{"backup-name":"Docs"}}',
      undefined,
      'Failure',
    ],
  ];
  for (const [name, text, subject, want] of statusCases)
    it(`status: ${name}`, () => {
      const [r] = duplicati.parse(mail(text, subject));
      expect(r.status).toBe(want);
      expect(r.jobName).toBe('Docs');
    });

  it('refuses a report with no status field at all rather than guessing', () => {
    expect(() => duplicati.parse(mail('MainOperation: Backup\nVersion: 2.0.8.1'))).toThrow(/without a result/);
  });
});
