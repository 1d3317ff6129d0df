import { describe, expect, it } from 'vitest';
import { parseMail } from '../engine.ts';
import type { MailMessage } from '../types.ts';

function mail(subject: string, text: string): MailMessage {
  return {
    messageId: 'test@example.com',
    subject,
    from: 'bacula@backup.example.com',
    fromName: '(Bacula)',
    to: ['demo@inbound.localhost'],
    date: null,
    text,
    html: null,
    attachments: [],
    headers: {},
  };
}

const messagesOnly = [
  '12-Mar 23:05 backup-dir JobId 812: Start Backup JobId 812, Job=WebNightly.2026-03-12_23.05.00_41',
  '12-Mar 23:05 backup-dir JobId 812: Using Device "FileStorage" to write.',
  '12-Mar 23:08 backup-dir JobId 812: Fatal error: bsock.c:133 Unable to connect to Client: web01-fd on web01.example.lan:9102. ERR=Connection refused',
].join('\n');

describe('bacula: a mail with the director subject but no report block', () => {
  it('reads the exit status of the subject and the fatal error of the job', () => {
    const out = parseMail(mail('Bacula: Backup Fatal Error of web01-fd Incremental', messagesOnly));
    expect(out.vendor).toBe('bacula');
    expect(out.results).toHaveLength(1);
    expect(out.results[0]).toMatchObject({ status: 'Failure', jobName: 'WebNightly', deviceName: 'web01-fd' });
    expect(out.results[0].failureText).toContain('Unable to connect to Client');
  });

  it('never reads an "OK" subject as a success when the job logged an error', () => {
    const out = parseMail(mail('Bacula: Backup OK of web01-fd Incremental', messagesOnly));
    expect(out.results).toEqual([]);
  });

  it('never reads an "OK" subject as a success without the job messages', () => {
    const out = parseMail(mail('Bacula: Backup OK of web01-fd Incremental', 'See the console.'));
    expect(out.results).toEqual([]);
  });
});

describe('bacula: a report copied without its JobId line', () => {
  it('starts the report at the stamped Job line', () => {
    const text = [
      'Job:                    WebNightly.2026-03-12_23.05.00_41',
      'Backup Level:           Incremental, since=2026-03-11 23:05:02',
      'Client:                 "web01-fd" 13.0.1 (05Aug22) x86_64-pc-linux-gnu,ubuntu,22.04',
      'Start time:             12-Mar-2026 23:05:02',
      'End time:               12-Mar-2026 23:09:40',
      'SD Bytes Written:       1,048,576 (1.048 MB)',
      'Termination:            Backup OK',
    ].join('\n');
    const out = parseMail(mail('Bacula: Backup OK of web01-fd Incremental', text));
    expect(out.vendor).toBe('bacula');
    expect(out.results[0]).toMatchObject({
      status: 'Success',
      jobName: 'WebNightly',
      deviceName: 'web01-fd',
      sizeBytes: 1048576,
    });
  });
});

describe('bacula: a Bacula 2.x report', () => {
  it('reads the job name without the dotted run stamp of that version', () => {
    const text = [
      '29-Mar 21:19 srv01-dir JobId 2: Error: Bacula srv01-dir 2.4.4 (28Dec08): 29-Mar-2011 21:19:45',
      '  JobId:                  2',
      '  Job:                    Immediate.2011-03-29_21.19.43.13',
      '  Backup Level:           Full (upgraded from Incremental)',
      '  Client:                 "srv01-fd" ',
      '  FD Files Written:       0',
      '  FD termination status:  ',
      '  SD termination status:  ',
      '  Termination:            *** Backup Error ***',
    ].join('\n');
    const out = parseMail(mail('Bacula: Backup Error of srv01-fd Full', text));
    expect(out.vendor).toBe('bacula');
    expect(out.results[0]).toMatchObject({ status: 'Failure', jobName: 'Immediate', deviceName: 'srv01-fd' });
  });
});
