import { describe, expect, it } from 'vitest';
import { analyseAlert, POSITIVE_CAP_ON_FAILURE } from './analyse.ts';
import { expectedPart, loadCorpus, partByName } from './corpus.ts';
import { evaluate, macroF1, prf } from './evaluate.ts';
import { loadModel, type AlertModel } from './model.ts';
import { trainAlertModel } from './train.ts';
import type { LabelledAlert } from './types.ts';

const model = loadModel();
const train = loadCorpus('train');
const heldOut = loadCorpus('held-out');
const byName = new Map(train.map((e) => [e.name, e.example]));

describe('analyseAlert with the shipped model, on e-mails it was trained on', () => {
  it.each([
    ['smartd-errorcount-host-a', 1, 'hardware', 'SMART failure'],
    ['mdadm-degradedarray-md1', 1, 'storage', 'RAID degraded'],
    ['omv-monit-filesystem-space-usage', 1, 'storage', 'Disk space low'],
    ['omv-monit-loadavg-succeeded', 3, 'other', 'Load back to normal'],
    ['letsencrypt-expiry-9-days', 1, 'security', 'Certificate expiring'],
    ['asigra-license-expiry', 1, 'licence', 'Licence expiring'],
    ['beemo-virus-detected', 1, 'security', 'Malware detected'],
    ['beemo-disconnected', 1, 'connectivity', 'Appliance offline'],
    ['apcupsd-nixos-on-battery', 1, 'hardware', 'UPS on battery'],
    ['apcupsd-nixos-on-mains', 3, 'hardware', 'Power restored'],
    ['duplicati-dupreport37-success-with-warning-list', 2, 'backup', 'Backup warning'],
    ['veeam-br-zabbix46-retry-nothing-to-process', 1, 'backup', 'Backup failed'],
  ] as const)('%s → assessment %i, %s / %s', (name, assessment, type, label) => {
    const ex = byName.get(name);
    expect(ex, name).toBeDefined();
    const a = analyseAlert(ex!.subject, ex!.body, model);
    expect(a.assessment).toBe(assessment);
    expect(a.confidence).toBeGreaterThan(0.5);
    expect(a.confidence).toBeLessThanOrEqual(1);
    expect(a.classification).toMatchObject({ type, label });
    expect(a.parserVersion).toBe(model.version);
  });

  it('finds the device and the key-value pairs of a smartd mail', () => {
    const ex = byName.get('smartd-errorcount-host-a')!;
    const a = analyseAlert(ex.subject, ex.body, model);
    expect(a.annotations).toContainEqual(
      expect.objectContaining({ label: 'Device', value: 'srv-a', nerType: 1, source: 0 }),
    );
    expect(a.annotations).toContainEqual(expect.objectContaining({ label: 'Volume', value: '/dev/sda', source: 1 }));
    expect(a.annotations).toContainEqual(expect.objectContaining({ label: 'Size', value: '2.00 TB' }));
    expect(a.annotations).toContainEqual(
      expect.objectContaining({ label: 'host name', value: 'srv-a', nerType: 0, source: 1 }),
    );
  });

  it('reads "Key: value" lines as KeyValue annotations labelled with the key', () => {
    const a = analyseAlert('Disk alert on nas01', 'Status: Failed\nFree space: 3 %\nJob: Nightly copy\n', model);
    const kv = a.annotations.filter((x) => x.nerType === 0).map((x) => [x.label, x.value]);
    expect(kv).toEqual([
      ['Status', 'Failed'],
      ['Free space', '3 %'],
      ['Job', 'Nightly copy'],
    ]);
    expect(a.annotations).toContainEqual(expect.objectContaining({ label: 'Job', value: 'Nightly copy', nerType: 1 }));
  });

  it.each([
    ['Job', 'nightly-borg-backup', 'DOWN | nightly-borg-backup', 'The check "nightly-borg-backup" has gone down.\n'],
    ['Job', 'offsite-tank', 'Alerts', 'New alerts:\n* Replication "offsite-tank" failed: out of space.\n'],
    [
      'Job',
      'Offsite-Cloud',
      '[NAS01] Hyper Backup: Backup task Offsite-Cloud failed',
      'Backup task was unable to run.\n',
    ],
    ['Job', 'Offsite', '[Xen Orchestra] failure − Backup report for Offsite 🚨', '##  Global status: failure\n'],
    [
      'Job',
      'backup',
      'Cron <user@server> cronic backup',
      'Cronic detected failure or error output for the command:\nbackup\n\nRESULT CODE: 1\n',
    ],
    ['Job', 'db-backup', '[Execution failed] Job db-backup finished in 2.418s', 'Job db-backup,\nExecution failed\n'],
    [
      'Job',
      'photos-offsite',
      'Backrest: snapshot error',
      'Task: "backup for plan "photos-offsite"" at 2024-03-13T02:00:07Z\n\nFailed to create snapshot: exit status 1\n',
    ],
    ['Device', 'web03', '[Cronic@web03] Error occoured when running "mysql-dump"', 'RESULT CODE: 3\n'],
    ['Device', 'pve2', 'ZFS resilver_finish event for tank on pve2', 'ZFS has finished a resilver:\n'],
    ['Device', 'web01', 'Backup failed', 'Borg Update failed for client "web01".\n'],
    [
      'Device',
      'server2',
      'Hyper-V Backup Utility Log',
      '2023-02-26 20:00:16 [ERROR] (VM:server2) Export failed, VM skipped\n',
    ],
  ])('finds the %s %s in "%s"', (label, value, subject, body) => {
    const found = analyseAlert(subject, body, model).annotations.filter((a) => a.label === label && a.nerType === 1);
    expect(found.map((a) => a.value)).toContain(value);
  });

  it('does not take a schedule or a description for the job', () => {
    const jobs = (subject: string, body: string) =>
      analyseAlert(subject, body, model)
        .annotations.filter((a) => a.label === 'Job' && a.nerType === 1)
        .map((a) => a.value);
    expect(
      jobs(
        "Replication Job: '105-0' failed",
        "Replication job '105-0' with target 'pve2' and schedule '*/15' failed!\n",
      ),
    ).toEqual(['105-0']);
    expect(jobs('Backrest: error', 'Task: "prune for plan "vm-images"" at 2024-03-13T03:30:00Z\n')).toEqual([
      'vm-images',
    ]);
    expect(jobs('ElkarBackup notification', 'Job execution failed\n')).toEqual([]);
  });

  it('does not take a power source, a status word or a disk for the device', () => {
    const devices = (subject: string, body: string) =>
      analyseAlert(subject, body, model)
        .annotations.filter((a) => a.label === 'Device' && a.nerType === 1)
        .map((a) => a.value);
    expect(devices('apcupsd: fileserver is running on battery', 'Power failure.\n')).not.toContain('battery');
    expect(devices('UPS **WARNING** AC Power Lost - UPS on Battery', '')).not.toContain('Battery');
    expect(devices('[Failed] Nightly (2 VMs)', '')).not.toContain('Failed');
    expect(
      devices('SMART error (Health) detected on host: nas05', 'Device: /dev/sda [SAT], FAILED SMART self-check.\n'),
    ).toEqual(['nas05']);
  });

  it('gives offsets that point at the value in the subject or the body, for every corpus e-mail', () => {
    for (const { name, example } of [...train, ...heldOut]) {
      for (const an of analyseAlert(example.subject, example.body, model).annotations) {
        const text = an.source === 0 ? example.subject : example.body;
        expect(text.slice(an.start, an.end), `${name} ${an.label}`).toBe(an.value);
        expect(an.score).toBeGreaterThan(0);
        expect(an.score).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('trainAlertModel', () => {
  const few = train.slice(0, 12).map((e) => e.example);

  it('is deterministic: the same examples give the same model', () => {
    const a = trainAlertModel(few, 'v-test');
    const b = trainAlertModel(few, 'v-test');
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.version).toBe('v-test');
    expect(a.trainedOn).toBe(12);
  });

  it('learns from corrected labels: a relabelled e-mail is read the new way', () => {
    const mail: LabelledAlert = {
      subject: 'Widget 7 reports frobnication',
      body: 'The frobnicator on unit 7 reported frobnication.\n',
      assessment: 3,
      classification: { type: 'other', label: 'Frobnication' },
    };
    const base = train.map((e) => e.example);
    const asPositive = trainAlertModel([...base, mail, mail, mail], 'v1');
    const asNegative = trainAlertModel([...base, ...[1, 2, 3].map(() => ({ ...mail, assessment: 1 as const }))], 'v2');
    expect(analyseAlert(mail.subject, mail.body, asPositive).assessment).toBe(3);
    expect(analyseAlert(mail.subject, mail.body, asNegative).assessment).toBe(1);
    expect(analyseAlert(mail.subject, mail.body, asNegative).parserVersion).toBe('v2');
    // Two whole trainings: about 2 s on an idle core, more beside the other suites.
  }, 30_000);
});

describe('evaluation', () => {
  it('computes precision, recall and F1', () => {
    expect(prf(4, 5, 3)).toMatchObject({ precision: 0.6, recall: 0.75, f1: 0.6667 });
    expect(prf(0, 0, 0)).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });

  it('computes macro-F1 over the classes', () => {
    // Class 1: tp 2, fp 1, fn 0 → F1 0.8; class 3: tp 1, fp 0, fn 1 → F1 0.6667.
    const { macro, perClass } = macroF1([
      ['1', '1'],
      ['1', '1'],
      ['3', '1'],
      ['3', '3'],
    ]);
    expect(perClass).toEqual({ '1': 0.8, '3': 0.6667 });
    expect(macro).toBe(0.7333);
  });

  it('counts Negative e-mails assessed Positive above 0.8, but a failure subject caps the confidence', () => {
    const alwaysPositive: AlertModel = {
      version: 'stub',
      trainedOn: 0,
      assessment: { classes: ['1', '2', '3'], weights: {}, bias: [0, 0, 6] },
      alertType: null,
      classification: null,
      labelTypes: {},
      cues: {},
    };
    const examples: LabelledAlert[] = [
      { subject: 'Generator running at site', body: 'Site on generator since 14:02.', assessment: 1 },
      { subject: 'Backup failed', body: 'Job: nightly', assessment: 1 },
      { subject: 'All good', body: '', assessment: 3 },
    ];
    const failed = analyseAlert('Backup failed', 'Job: nightly', alwaysPositive);
    expect(failed.assessment).toBe(3);
    expect(failed.confidence).toBe(POSITIVE_CAP_ON_FAILURE);
    // A problem named only in the subject's state word, or only in the body, caps it too.
    expect(analyseAlert('DOWN | nightly-borg-backup', 'Last ping: 1 day ago', alwaysPositive).confidence).toBe(
      POSITIVE_CAP_ON_FAILURE,
    );
    expect(
      analyseAlert('Alerts', 'New alerts:\n* Replication "offsite" failed: no space.', alwaysPositive).confidence,
    ).toBe(POSITIVE_CAP_ON_FAILURE);
    expect(
      analyseAlert('Resolved in 5m: Disk space is low', 'Problem has been resolved', alwaysPositive).confidence,
    ).toBeGreaterThan(0.8);
    const e = evaluate(alwaysPositive, examples);
    expect(e.negativeAssessedPositiveConfident).toBe(1);
    expect(e.assessmentAccuracy).toBe(0.3333);
    expect(e.classificationAccuracy).toBe(0);
  });
});

describe('the corpus', () => {
  it('has each e-mail in the part its name decides, with its provenance', () => {
    expect(train.length + heldOut.length).toBeGreaterThanOrEqual(80);
    for (const { name, part, file } of [...train, ...heldOut]) {
      expect(part, name).toBe(expectedPart(name, file));
      expect(file.source.url, name).toMatch(/^https:\/\//);
      expect(file.source.retrieved, name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(file.constructed, name).toBeTypeOf('string');
      expect(file.personalData, name).toBeTruthy();
      expect([1, 2, 3], name).toContain(file.labels.assessment);
    }
    expect(partByName('smartd-errorcount-host-b')).toBe('held-out');
  });

  it('finds every labelled Device and Job in its e-mail', () => {
    for (const { name, file, example } of [...train, ...heldOut])
      expect(example.annotations?.length, name).toBe(file.labels.entities?.length ?? 0);
  });
});
