import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../types.ts';
import { synologyHyperBackup, taskAndDevice } from './synology-hyper-backup.ts';

function mail(subject: string, text: string): MailMessage {
  return {
    messageId: 'test@example.com',
    subject,
    from: 'nas@contoso.com',
    fromName: 'DS920',
    to: ['demo@inbound.localhost'],
    date: null,
    text,
    html: null,
    attachments: [],
    headers: {},
  };
}

describe('synology hyper backup task names containing " on "', () => {
  const cases: [string, string, string, { jobName: string; deviceName: string; status: string }][] = [
    [
      'device named in the sentence, no Task name line',
      '[DS920] Hyper Backup task Photos on USB has completed',
      'Hyper Backup task Photos on USB on DS920 has completed.\nFrom DS920',
      { jobName: 'Photos on USB', deviceName: 'DS920', status: 'Success' },
    ],
    [
      'device only in the subject prefix',
      '[DS920] Hyper Backup task Backup on Sundays has failed',
      'Hyper Backup task Backup on Sundays has failed.',
      { jobName: 'Backup on Sundays', deviceName: 'DS920', status: 'Failure' },
    ],
    [
      'no device elsewhere: the last " on " splits',
      'Hyper Backup',
      'Hyper Backup task Docs on Sunday on FS-NAS01 was partially completed.',
      { jobName: 'Docs on Sunday', deviceName: 'FS-NAS01', status: 'Warning' },
    ],
  ];
  for (const [name, subject, text, want] of cases)
    it(name, () => {
      expect(synologyHyperBackup.detect(mail(subject, text))).toBe(true);
      expect(synologyHyperBackup.parse(mail(subject, text))[0]).toMatchObject(want);
    });

  it('splits on a bracketed device', () => {
    expect(taskAndDevice('[Weekly on Fri] on [DS218]', 'DS218')).toEqual({ task: 'Weekly on Fri', device: 'DS218' });
  });
});
