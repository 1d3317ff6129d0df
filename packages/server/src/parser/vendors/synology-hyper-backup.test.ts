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

describe('synology hyper backup in German', () => {
  const body = (headline: string) =>
    `${headline}\n\nWeitere Informationen finden Sie im Sicherungsprotokoll unter Hyper Backup > Protokoll.\n\n` +
    'Datensicherungsaufgabe: Nachtsicherung\nSicherungsziel: USB / Nachtsicherung.hbk\nDauer: 12 Minute\n\nVon DS920';

  it.each([
    ['Die Datensicherung auf DS920 ist fehlgeschlagen.', 'Failure'],
    ['Die Datensicherung auf DS920 wurde teilweise abgeschlossen.', 'Warning'],
    ['Die Datensicherung auf DS920 wurde abgeschlossen.', 'Success'],
    ['Die Datensicherung auf DS920 wurde abgebrochen.', 'Failure'],
  ])('%s → %s, with the task from its own line and the NAS from the sign-off', (headline, status) => {
    const msg = mail('Hyper Backup', body(headline));
    expect(synologyHyperBackup.detect(msg)).toBe(true);
    const [r] = synologyHyperBackup.parse(msg);
    expect(r).toMatchObject({
      jobName: 'Nachtsicherung',
      deviceName: 'DS920',
      status,
      storageKind: 'Removable storage',
    });
    expect(r.failureText).toBe(status === 'Success' ? null : headline.replace(/\.$/, ''));
  });

  it('reads the task-first form', () => {
    const msg = mail('Hyper Backup', 'Die Datensicherungsaufgabe Fotos auf DS218 wurde abgeschlossen.\nHyper Backup');
    expect(synologyHyperBackup.parse(msg)[0]).toMatchObject({
      jobName: 'Fotos',
      deviceName: 'DS218',
      status: 'Success',
    });
  });
});
