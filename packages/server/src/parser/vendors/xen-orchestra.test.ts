import { describe, expect, it } from 'vitest';
import { parseMail } from '../engine.ts';
import { testMail } from '../test-mail.ts';
import type { MailMessage } from '../types.ts';

const mail = (subject: string, text: string): MailMessage =>
  testMail({ subject, text, from: 'xo@xo.example.com', fromName: 'Xen Orchestra' });

describe('xen-orchestra: the 2016 report (xo-server 5.1)', () => {
  const vm = (name: string, status: string, extra: string[] = []) => [
    `VM : ${name}`,
    '',
    'UUID: 00000000-0000-0000-0000-000000000000',
    `Status: ${status}`,
    'Start time: Sun Sep 04 2016 12:00:04 GMT+0200',
    'End time: Sun Sep 04 2016 12:00:18 GMT+0200',
    'Duration: a few seconds',
    ...extra,
  ];

  it('reads one result per VM, the job from the subject', () => {
    const text = [
      ...vm('web01', 'Fail', ['Error: SR_BACKEND_FAILURE_44(, There is insufficient space, )']),
      '',
      ...vm('db01', 'Success'),
    ];
    const out = parseMail(mail('Backup Reports for "rolling-snap-3-per-days" (Xen Orchestra)', text.join('\n')));
    expect(out.vendor).toBe('xen-orchestra');
    expect(out.results).toHaveLength(2);
    expect(out.results[0]).toMatchObject({
      status: 'Failure',
      jobName: 'rolling-snap-3-per-days',
      deviceName: 'web01',
    });
    expect(out.results[0].failureText).toContain('insufficient space');
    expect(out.results[1]).toMatchObject({ status: 'Success', jobName: 'rolling-snap-3-per-days', deviceName: 'db01' });
  });

  it('says the VM failed even when the mail gives no reason', () => {
    const out = parseMail(mail('Backup Reports for "nightly" (Xen Orchestra)', vm('vm1', 'Fail').join('\n')));
    expect(out.results[0]).toMatchObject({ status: 'Failure', deviceName: 'vm1', failureText: 'Status: Fail' });
  });
});

describe('xen-orchestra: a report as the mail client shows it (markdown rendered)', () => {
  const rendered = (successes: string) =>
    [
      'Global status: interrupted',
      'mode: full',
      'Start time: Monday, July 9th 2018, 12:14:43 am',
      'End time: Monday, July 9th 2018, 4:47:13 am',
      'Duration: Invalid date',
      `Successes: ${successes}`,
      'Transfer size: 148.26 GiB',
    ].join('\n');

  it('never reads an interrupted run as a success, even with every VM counted a success', () => {
    const out = parseMail(mail('Backup report', rendered('7 / 7')));
    expect(out.vendor).toBe('xen-orchestra');
    expect(out.results).toHaveLength(1);
    expect(out.results[0]).toMatchObject({ status: 'Warning', failureText: 'Global status: interrupted' });
  });

  it('reads an interrupted run that lost VMs as a failure', () => {
    const out = parseMail(mail('Backup report', rendered('5 / 7')));
    expect(out.results[0].status).toBe('Failure');
  });
});
