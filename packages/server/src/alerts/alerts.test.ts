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
  });
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
      { subject: 'Power outage on site', body: 'The site lost power.', assessment: 1 },
      { subject: 'Backup failed', body: 'Job: nightly', assessment: 1 },
      { subject: 'All good', body: '', assessment: 3 },
    ];
    const failed = analyseAlert('Backup failed', 'Job: nightly', alwaysPositive);
    expect(failed.assessment).toBe(3);
    expect(failed.confidence).toBe(POSITIVE_CAP_ON_FAILURE);
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
