import { describe, expect, it } from 'vitest';
import { testMail } from '../test-mail.ts';
import type { MailMessage } from '../types.ts';
import { readUnclaimed } from '../engine.ts';
import { GENERIC_THRESHOLD, readGeneric } from './index.ts';

const mail = (subject: string, text: string, from = 'backup@srv01.corp.example.com', fromName = ''): MailMessage =>
  testMail({ subject, text, from, fromName, to: [] });

type Status = 'Success' | 'Warning' | 'Failure';

/** Subject, body, expected status: each language's success, warning and failure words. */
const LANGUAGE_CASES: [string, string, string, Status][] = [
  ['en', 'Backup job Nightly completed successfully', 'Errors: 0', 'Success'],
  ['en', 'Backup job Nightly completed with warnings', '', 'Warning'],
  ['en', 'Backup job Nightly failed', '', 'Failure'],
  ['fr', 'Sauvegarde Documents terminée avec succès', '0 échec', 'Success'],
  ['fr', 'Sauvegarde Documents : avertissement', '', 'Warning'],
  ['fr', 'Sauvegarde Documents : échec', '', 'Failure'],
  ['fr', 'Rapport de sauvegarde', 'Tâche : Documents\nRésultat : erreur', 'Failure'],
  ['de', 'Sicherung Server erfolgreich abgeschlossen', 'Fehler: 0', 'Success'],
  ['de', 'Sicherung Server mit Warnungen abgeschlossen', '', 'Warning'],
  ['de', 'Sicherung Server fehlgeschlagen', '', 'Failure'],
  ['es', 'Copia de seguridad Equipo correcta', 'sin errores', 'Success'],
  ['es', 'Copia de seguridad completada con advertencias', '', 'Warning'],
  ['es', 'Copia de seguridad fallida', '', 'Failure'],
  ['it', 'Backup Documenti completato con successo', 'nessun errore', 'Success'],
  ['it', 'Backup Documenti: avviso', '', 'Warning'],
  ['it', 'Backup Documenti non riuscito', '', 'Failure'],
  ['nl', 'Back-up taak Documenten geslaagd', 'geen fouten', 'Success'],
  ['nl', 'Back-up taak Documenten: waarschuwing', '', 'Warning'],
  ['nl', 'Back-up taak Documenten mislukt', '', 'Failure'],
  ['pt', 'Cópia de segurança concluída', 'sem erros', 'Success'],
  ['pt', 'Cópia de segurança concluída com avisos', '', 'Warning'],
  ['pt', 'Cópia de segurança falhou', '', 'Failure'],
];

describe('generic reader: status in seven languages', () => {
  it.each(LANGUAGE_CASES)('%s: %s', (_lang, subject, body, status) => {
    const r = readGeneric(mail(subject, body));
    expect(r.status).toBe(status);
    expect(r.isReport).toBe(true);
    expect(r.confidence).toBeGreaterThanOrEqual(GENERIC_THRESHOLD);
    expect(r.reasons[0]).toMatch(new RegExp(`^status: ${status} — "`));
  });
});

/** Negations and counts in the body, under a neutral subject. */
const COUNT_CASES: [string, Status | null][] = [
  ['Result: 0 errors', 'Success'],
  ['Status: completed, no errors', 'Success'],
  ['Status: completed\nErrors: 0\nWarnings: 0', 'Success'],
  ['Status: completed\n0 échec', 'Success'],
  ['Status: 1 of 5 failed', 'Failure'],
  ['Status: completed\nFailed: 2', 'Failure'],
  ['Status: completed\n2 errors', 'Failure'],
  ['Status: completed with warnings', 'Warning'],
  ['Status: not completed', 'Failure'],
  ['Status: The job did not complete', 'Failure'],
  ["Status: The job didn't finish", 'Failure'],
  ['Status: completed\nWarnings: 3', 'Warning'],
  ['Status: completed\nWarnings: 3\nErrors: 1', 'Failure'],
  ['Status: succeeded\nSucceeded: 4, Failed: 0', 'Success'],
  ['Status: nicht erfolgreich', 'Failure'],
  ['Estado: no se completó', 'Failure'],
  ['Stato: completato con errori', 'Failure'],
  ['Status: 0 of 5 failed, all done', 'Success'],
  ['rsync: exited with status 12', 'Failure'],
  ['terminating with error status, rc 2', 'Failure'],
  ['Sicherung der Partition sda2 schlug fehl mit RC 11.', 'Failure'],
  ['/usr/local/sbin/snap: line 69: SNAPS: bad array subscript\nsnapshot generated', 'Warning'],
  ['13:20:06 ERROR : Attempt 1/3 failed with 1 errors\n13:20:07 ERROR : Attempt 3/3 succeeded', 'Warning'],
  ['13:20:06 ERROR : Attempt 3/3 failed with 1 errors', 'Failure'],
  ['Completed successfully 13:20:07 errors', 'Success'],
  // A backup that was (or was not) created
  ['Ein neues Backup wurde am 11. Juli um 04:31 Uhr erstellt.', 'Success'],
  ['Das Backup konnte nicht erstellt werden.', 'Failure'],
  ['A new snapshot was created.', 'Success'],
  ['The backup could not be created.', 'Failure'],
  ['La sauvegarde a été créée.', 'Success'],
];

describe('generic reader: negations and counts', () => {
  it.each(COUNT_CASES)('%j → %s', (body, status) => {
    const r = readGeneric(mail('Nightly backup report', `Job: Nightly\n${body}`));
    expect(r.status).toBe(status);
  });

  it('reads a status statement inside a log line, and counts it as a report', () => {
    const r = readGeneric(
      mail(
        'esxi01 - vmbackup',
        '2017-07-28 19:05:12 -- info: ###### Final status: ERROR: Only some of the VMs backed up! ######',
        'vmbackup@example.com',
      ),
    );
    expect(r).toMatchObject({ isReport: true, status: 'Failure' });
    expect(r.confidence).toBeGreaterThanOrEqual(GENERIC_THRESHOLD);
    expect(r.reasons[0]).toBe('status: Failure — "ERROR" in body line 1');
  });

  it('counts a body sentence about a backup as a sign of a report', () => {
    const r = readGeneric(mail('BackItUp', 'Backitup:\nEin neues Backup wurde heute um 04:31 Uhr erstellt.'));
    expect(r.isReport).toBe(true);
    // One success word on an ordinary line, no job named: a person looks first.
    expect(r.status).toBe('Success');
    expect(r.confidence).toBeLessThan(GENERIC_THRESHOLD);
  });

  it('quotes the deciding words and where they are', () => {
    const r = readGeneric(mail('Nightly backup report', 'Job: Nightly\nHost: srv01\n\nCopied 120 files\n2 errors'));
    expect(r.reasons[0]).toBe('status: Failure — "2 errors" in body line 5');
  });
});

describe('generic reader: no guessing green', () => {
  it('a report with no status words has no status and stays below the threshold', () => {
    const r = readGeneric(mail('Nightly backup report', 'Job: Nightly\nHost: srv01\nCopied 120 files in 4 minutes.'));
    expect(r.isReport).toBe(true);
    expect(r.status).toBeNull();
    expect(r.confidence).toBeLessThan(GENERIC_THRESHOLD);
    const outcome = readUnclaimed(mail('Nightly backup report', 'Job: Nightly\nCopied 120 files.'));
    expect(outcome.results).toEqual([]);
    expect(outcome.generic).toMatchObject({ isReport: true, needsReview: true });
    expect(outcome.reason).toMatch(/^Needs review/);
  });

  it('"0 errors" alone is not enough for a green result', () => {
    const outcome = readUnclaimed(mail('Nightly backup report', 'Job: Nightly\n0 errors'));
    expect(outcome.results).toEqual([]);
    expect(outcome.generic?.needsReview).toBe(true);
  });

  it('a green in the body beside an "errors" heading is not filed', () => {
    const r = readGeneric(
      mail('Nightly backup report', 'Job: Nightly\nName   Errors   Size\nBackup completed successfully'),
    );
    expect(r.confidence).toBeLessThan(GENERIC_THRESHOLD);
  });

  it('mail that is not a report is not read as one', () => {
    const r = readGeneric(
      mail('Our November newsletter', 'Read our success stories.\nUnsubscribe here.', 'news@vendor.example.com'),
    );
    expect(r.isReport).toBe(false);
    const outcome = readUnclaimed(
      mail('Our November newsletter', 'Success stories. Unsubscribe.', 'news@vendor.example.com'),
    );
    expect(outcome).toMatchObject({ vendor: null, results: [], reason: 'No parser recognises this e-mail' });
    expect(outcome.generic?.needsReview).toBe(false);
  });
});

/** Subject (and body, sender) → job and device. */
const NAME_CASES: [string, string, string, string, string][] = [
  ['Backup of Documents on NAS01 - Success', '', 'backup@example.com', 'Documents', 'NAS01'],
  ['Task Nightly has completed', '', 'backup@example.com', 'Nightly', ''],
  ['Job "Daily Docs" failed', '', 'backup@example.com', 'Daily Docs', ''],
  ['[Job] Nightly - Failed', '', 'backup@example.com', 'Nightly', ''],
  ['Offsite Sync - Success', '', 'backup@example.com', 'Offsite Sync', ''],
  ['Backup report', 'Task name: Files\nComputer: PC-07\nStatus: Success', 'backup@example.com', 'Files', 'PC-07'],
  ['Rapport', 'Tâche : Fichiers\nServeur : SRV-02\nStatut : Réussi', 'sauvegarde@example.com', 'Fichiers', 'SRV-02'],
  ['Bericht', 'Auftrag: Täglich\nStatus: erfolgreich', 'root@nas01.office.example.com', 'Täglich', 'nas01'],
  ['Informe', 'Trabajo: Diario\nEquipo: PC-01\nEstado: correcto', 'backup@example.com', 'Diario', 'PC-01'],
];

NAME_CASES.push([
  'Cron <root@nas01> /usr/local/bin/backup.sh',
  'rsync error',
  'root@nas01',
  '/usr/local/bin/backup.sh',
  'nas01',
]);

describe('generic reader: job and device names', () => {
  it.each(NAME_CASES)('%s', (subject, body, from, job, device) => {
    const r = readGeneric(mail(subject, body, from));
    expect(r.jobName).toBe(job);
    expect(r.deviceName).toBe(device);
  });
});

describe('generic reader: short tool mails', () => {
  it('files a one-line headline green from a tool named for its job (fpsync, rsnapshot)', () => {
    const outcome = readUnclaimed(mail('Fpsync run 42', 'Fpsync completed without error.', 'root@sync.example.com'));
    expect(outcome.results[0]).toMatchObject({ vendor: 'generic', status: 'Success' });
  });

  it('leaves a statistics table without status words for review', () => {
    const outcome = readUnclaimed(
      mail(
        'rsnapshot hourly srv01',
        'SOURCE   TOTAL FILES   FILES TRANS\n/home    1493418       34',
        'root@srv01.example.com',
      ),
    );
    expect(outcome.results).toEqual([]);
    expect(outcome.generic?.needsReview).toBe(true);
  });
});

describe('engine: unclaimed mail', () => {
  it('files a confident failure as one generic result with its reasons', () => {
    const outcome = readUnclaimed(mail('Backup of Documents on NAS01 - Failed', 'The destination was not reachable.'));
    expect(outcome.vendor).toBe('generic');
    expect(outcome.results).toHaveLength(1);
    expect(outcome.results[0]).toMatchObject({
      vendor: 'generic',
      jobName: 'Documents',
      deviceName: 'NAS01',
      status: 'Failure',
      backupType: 'Backup',
    });
    expect(outcome.generic?.reasons[0]).toBe('status: Failure — "Failed" in subject');
  });
});

describe('generic reader: dump tools in cron mail', () => {
  it('reads a failed mysqldump cron job as a failed backup report', () => {
    const out = readUnclaimed(
      mail(
        'Cron <root@db1> /usr/local/sbin/mysqldump-all',
        "mysqldump: Got error: 1045: Access denied for user 'dump'@'localhost' (using password: YES) when trying to connect",
        'root@db1.example.com',
        'Cron Daemon',
      ),
    );
    expect(out.results).toHaveLength(1);
    expect(out.results[0].status).toBe('Failure');
  });
});

describe('generic reader: cron mail that names no backup', () => {
  it('does not file a failed cron job as a backup result', () => {
    const out = readUnclaimed(
      mail(
        '[host1] job cron-ops-ops-1 failed',
        [
          '× cron-ops-ops-1.service - [Cron] "*/5 * * * * /usr/local/bin/rotate-certs"',
          '     Active: failed (Result: exit-code)',
          '    Process: 1234 ExecStart=/bin/sh /run/systemd/generator/cron-ops-ops-1.sh (code=exited, status=1/FAILURE)',
        ].join('\n'),
        'root@host1.example.com',
        'systemd-cron',
      ),
    );
    expect(out.results).toEqual([]);
    expect(out.generic?.isReport).toBe(false);
  });

  it('still files a cron mail whose output names the backup', () => {
    const out = readUnclaimed(
      mail(
        'Cron <root@host1> /usr/local/bin/nightly',
        'rsync: connection unexpectedly closed (0 bytes received so far) [sender]\nrsync error: error in rsync protocol data stream (code 12)',
        'root@host1.example.com',
        'Cron Daemon',
      ),
    );
    expect(out.results).toHaveLength(1);
    expect(out.results[0].status).toBe('Failure');
  });
});

describe('generic reader: negated success', () => {
  it('reads "no backups of a host have succeeded" and "never been successfully backed up" as failure', () => {
    const r = readGeneric(
      mail(
        'BackupPC: no backups of pc07 have succeeded',
        'Dear user,\n\nYour PC (pc07) has never been successfully backed up by our\nPC backup software.',
      ),
    );
    expect(r.status).toBe('Failure');
  });
});

describe('generic reader: rsnapshot reports (rsnapreport.pl)', () => {
  it('reads the per-source statistics table as a run that reported what it moved', () => {
    const r = readGeneric(
      mail(
        'rsnapshot hourly nas01',
        'SOURCE                          TOTAL FILES   FILES TRANS      TOTAL MB     MB TRANS   LIST GEN TIME  FILE XFER TIME\n' +
          '/home                         \t    1493418            34    1060692.93      4355.50   0.001 seconds   0.000 seconds',
        'root@nas01.corp.example.com',
      ),
    );
    expect(r.status).toBe('Success');
    expect(r.confidence).toBeGreaterThanOrEqual(GENERIC_THRESHOLD);
    expect(r.deviceName).toBe('nas01');
  });

  it('reads a source without statistics as a warning, never as a success', () => {
    const r = readGeneric(
      mail('rsnapshot hourly nas01', 'ERRORS\n/home/ NO STATS DATA', 'root@nas01.corp.example.com'),
    );
    expect(r.status).toBe('Warning');
    expect(r.confidence).toBeGreaterThanOrEqual(GENERIC_THRESHOLD);
    expect(r.failureText).toBe('/home/ NO STATS DATA');
  });

  it('does not file a green when the table comes with rsync errors', () => {
    const r = readUnclaimed(
      mail(
        'rsnapshot daily nas01',
        'SOURCE  TOTAL FILES  FILES TRANS  TOTAL MB  MB TRANS  LIST GEN TIME  FILE XFER TIME\n' +
          '/home   12  0  1.00  0.00  0.001 seconds  0.000 seconds\nERRORS\nrsync error: some files/attrs were not transferred (code 23)',
        'root@nas01.corp.example.com',
      ),
    );
    expect(r.results.map((x) => x.status)).not.toContain('Success');
  });
});

describe('generic reader: "<backup> <outcome>: <client>" subjects (burp)', () => {
  it.each([
    ['backup failed: pc-07', 'error in get_lock_sdirs()', 'Failure'],
    ['backup succeeded with warnings: pc-07 (2 warnings)', 'WARNING: Path too long for tree', 'Warning'],
  ] as const)('names the client of "%s" as the device', (subject, body, status) => {
    const r = readGeneric(mail(subject, body, 'burp@backup.example.com'));
    expect(r.status).toBe(status);
    expect(r.deviceName).toBe('pc-07');
    expect(r.confidence).toBeGreaterThanOrEqual(GENERIC_THRESHOLD);
  });
});
