import { describe, expect, it } from 'vitest';
import { testMail } from '../test-mail.ts';
import type { MailMessage } from '../types.ts';
import { readUnclaimed } from '../engine.ts';
import { GENERIC_THRESHOLD, readGeneric } from './index.ts';

/** Long-tail tools the generic reader meets: cron mails of backup tools, monitors, housekeeping. */
const mail = (subject: string, text: string, from = 'root@srv01.example.com', fromName = ''): MailMessage =>
  testMail({ subject, text, from, fromName, to: [] });

describe('generic reader: cron mail of a backup tool that names no backup word', () => {
  it('reads barman cron output as its warning, on the host cron names', () => {
    const out = readUnclaimed(
      mail(
        'Cron <barman@db01> [ -x /usr/bin/barman ] && /usr/bin/barman -q cron',
        'WARNING: another process is updating barman configuration files',
        'barman@db01.example.com',
        'Cron Daemon',
      ),
    );
    expect(out.results).toHaveLength(1);
    expect(out.results[0]).toMatchObject({
      vendor: 'generic',
      status: 'Warning',
      jobName: '[ -x /usr/bin/barman ] && /usr/bin/barman -q cron',
      deviceName: 'db01',
    });
  });

  it('still keeps a cron mail of a tool that is no backup tool out', () => {
    const r = readGeneric(
      mail(
        'Cron <root@host> /etc/webmin/package-updates/update.pl',
        'Error: No mail program was found on your system!',
        'root@host.example.com',
        'Cron Daemon',
      ),
    );
    expect(r.isReport).toBe(false);
  });
});

describe('generic reader: failed housekeeping is a warning, not a failure', () => {
  it('reads sanoid failing to prune an expired snapshot as a warning', () => {
    const r = readGeneric(
      mail(
        'Cron <root@zfs01> /usr/local/bin/sanoid --cron',
        'could not find any snapshots to destroy; check snapshot names.\n' +
          'could not remove tank/home@autosnap_2019-11-14_15:00:02_hourly : 256 at /usr/local/bin/sanoid line 326.',
        'root@zfs01.example.org',
        'Cron Daemon',
      ),
    );
    expect(r).toMatchObject({ status: 'Warning', jobName: '/usr/local/bin/sanoid --cron', deviceName: 'zfs01' });
    expect(r.confidence).toBeGreaterThanOrEqual(GENERIC_THRESHOLD);
    expect(r.reasons[0]).toBe(
      'status: Warning — "could not find any snapshots to destroy" in body line 1; "could not remove" in body line 2',
    );
  });

  it.each([
    ['en', 'Failed to delete old archive nightly-2024-01-01'],
    ['fr', "Impossible de supprimer l'ancienne archive"],
    ['de', 'Alte Sicherung konnte nicht gelöscht werden'],
    ['es', 'No se pudo eliminar la copia antigua'],
    ['it', "Impossibile eliminare l'archivio scaduto"],
    ['nl', 'Oude back-up kon niet worden verwijderd'],
    ['pt', 'Não foi possível remover a cópia antiga'],
  ])('%s: "%s" is a warning', (_lang, line) => {
    const r = readGeneric(mail('Nightly backup report', `Job: Nightly\nHost: srv01\n${line}`));
    expect(r).toMatchObject({ status: 'Warning', jobName: 'Nightly', deviceName: 'srv01' });
  });

  it('a failed backup beside a failed cleanup stays a failure', () => {
    const r = readGeneric(
      mail(
        'Nightly backup report',
        'Job: Nightly\nBackup failed: destination unreachable\nCould not remove old snapshots',
      ),
    );
    expect(r.status).toBe('Failure');
  });
});

describe('generic reader: a missing backup is a failure', () => {
  it('reads a repository server\'s "Backup missing" alert, naming the client after the tag', () => {
    const out = readUnclaimed(
      mail(
        '[YNH] Backup missing : borgserv_sshuser',
        'No file has been backuped in /home/borgserv_sshuser since 1 days',
        'root@ynh01.example.org',
      ),
    );
    expect(out.results).toHaveLength(1);
    expect(out.results[0]).toMatchObject({
      status: 'Failure',
      jobName: '[YNH] Backup missing : borgserv_sshuser',
      deviceName: 'borgserv_sshuser',
    });
  });

  it.each([
    ['en', 'srv01 has not been backed up for 3 days'],
    ['fr', 'Sauvegarde manquante pour srv01'],
    ['de', 'Sicherung fehlt seit 3 Tagen'],
    ['es', 'Ninguna copia de seguridad desde hace 3 días'],
    ['it', 'Nessun backup da 3 giorni'],
    ['nl', 'Geen back-up sinds 3 dagen'],
    ['pt', 'Nenhum backup desde há 3 dias'],
  ])('%s: "%s" is a failure', (_lang, line) => {
    const r = readGeneric(mail('Backup monitor', `Job: Nightly\n${line}`));
    expect(r).toMatchObject({ status: 'Failure', jobName: 'Nightly' });
  });

  it('a bracketed job name still names the job when nothing follows it', () => {
    const r = readGeneric(mail('[Nightly] Success', 'Backup completed successfully', 'backup@example.com'));
    expect(r).toMatchObject({ status: 'Success', jobName: 'Nightly' });
  });
});

describe('generic reader: names in tool subjects', () => {
  it.each([
    ['Kopia created 11 snapshots on host01', 'Path: /home\nStatus: ok', 'Success', 'host01'],
    ['Kopia has encountered an error during snapshot create on host01', 'example error', 'Failure', 'host01'],
  ] as const)('names the host ending "%s"', (subject, body, status, device) => {
    const r = readGeneric(mail(subject, body, 'kopia@example.com', 'Kopia'));
    expect(r).toMatchObject({ status, jobName: subject, deviceName: device });
  });

  it('does not take a weekday ending the subject for a host', () => {
    const r = readGeneric(mail('Backup completed on Monday', 'Status: completed', 'backup@example.com'));
    expect(r.deviceName).toBe('');
  });

  it('names the job of an openmediavault "Cron - <job>" mail', () => {
    const r = readGeneric(
      mail(
        'Cron - Medien-Backup',
        'Please wait, syncing </srv/dev-disk-by-label-data/> to <server:/share/medien/> ...\n' +
          'The synchronisation has completed successfully.',
        'root@omv.example.com',
        'Cron Daemon',
      ),
    );
    expect(r).toMatchObject({ status: 'Success', jobName: 'Medien-Backup', deviceName: 'omv' });
  });
});

describe('generic reader: library assertion messages', () => {
  const glib = [
    "(process:4242): GLib-GIO-CRITICAL **: 03:00:01.120: g_file_get_path: assertion 'G_IS_FILE (file)' failed",
    "** (process:4242): CRITICAL **: 03:00:01.121: helper_path_join: assertion 'base != NULL' failed",
  ];

  it('does not file a check run whose only alarm is a GLib assertion', () => {
    const r = readGeneric(
      mail(
        'Cron <root@ws01> snapshot-tool --check',
        [...glib, 'Daily snapshots are enabled', 'Last daily snapshot is 5 hours old'].join('\n'),
        'root@ws01.example.com',
        'Cron Daemon',
      ),
    );
    expect(r.status).toBe('Warning');
    expect(r.confidence).toBeLessThan(GENERIC_THRESHOLD);
  });

  it('still reads a real failure beside them', () => {
    const r = readGeneric(
      mail('Cron <root@ws01> snapshot-tool --create', [...glib, 'Snapshot creation failed: disk full'].join('\n')),
    );
    expect(r.status).toBe('Failure');
    expect(r.reasons[0]).toContain('"failed" in body line 3');
    expect(r.failureText).toBe('Snapshot creation failed: disk full');
  });

  it('does not let them turn a success green-and-sure', () => {
    const r = readGeneric(mail('Backup of ws01', [...glib, 'Backup completed successfully'].join('\n')));
    expect(r.status).toBe('Success');
    expect(r.confidence).toBeLessThan(GENERIC_THRESHOLD);
  });
});

describe('generic reader: Chinese', () => {
  it('reads a failure notice with full-width colons, its job without the run stamp and its client', () => {
    const r = readGeneric(
      mail(
        '备份任务执行失败通知',
        [
          '任务 nightly-files 执行简况:',
          ' 任务名字：nightly-files.2024-03-02_01.00.00_07',
          ' 完成情况：失败',
          ' 客户端名字：fs01-fd',
        ].join('\n'),
        'backup@example.com',
      ),
    );
    expect(r).toMatchObject({ isReport: true, status: 'Failure', jobName: 'nightly-files', deviceName: 'fs01-fd' });
    expect(r.confidence).toBeGreaterThanOrEqual(GENERIC_THRESHOLD);
  });

  it('reads "未完成" as not completed, and a plain success as Success', () => {
    expect(readGeneric(mail('备份任务未完成', '任务：web01 数据库备份', 'backup@example.com')).status).toBe('Failure');
    expect(readGeneric(mail('备份成功', '任务：web01 数据库备份\n状态：成功', 'backup@example.com')).status).toBe(
      'Success',
    );
  });

  it('keeps Latin words inside a Chinese sentence whole', () => {
    const r = readGeneric(mail('BAREOS任务执行OK', '完成情况：OK', 'backup@example.com'));
    expect(r.status).toBe('Success');
    expect(readGeneric(mail('任务完成', 'okay', 'backup@example.com')).reasons.join(' ')).not.toContain('"ok"');
  });
});

describe('generic reader: restore jobs', () => {
  it('files no backup result for a restore job, however it ended', () => {
    for (const text of ['Job type: Restore\nStatus: Error', '任务类型：Restore\n完成情况：Error']) {
      const r = readGeneric(mail('Job report', text, 'backup@example.com'));
      expect(r.isReport).toBe(false);
      expect(r.reasons.join(' ')).toContain('not a report: a restore job');
    }
  });
});
