import { describe, expect, it } from 'vitest';
import type { ParserRule } from '@vigil/contract';
import type { MailMessage } from '../types.ts';
import { parseMail } from '../engine.ts';
import { applyRule, keyValueLines, readField, sampleDiff, senderMatches, type TenantRule } from './rule.ts';

const mail = (from: string, subject: string, text: string): MailMessage => ({
  messageId: '<x@test>',
  subject,
  from,
  fromName: '',
  to: ['acme@inbound.localhost'],
  date: null,
  text,
  html: null,
  attachments: [],
  headers: {},
});

const body = [
  'Tape Vault report',
  'Job name: Nightly-Docs',
  'Host: FS-01',
  'Result: Completed with errors',
  'Files: 1200',
].join('\n');

const rule: ParserRule = {
  Senders: ['tapevault.example'],
  SubjectContains: 'Tape Vault',
  Job: { Kind: 'anchor', Anchor: 'Job name:' },
  Device: { Kind: 'anchor', Anchor: 'Host:' },
  StatusFrom: { Kind: 'anchor', Anchor: 'Result:' },
  StatusWords: [
    { Text: 'Completed', Status: 'Success' },
    { Text: 'errors', Status: 'Failure' },
    { Text: 'warnings', Status: 'Warning' },
  ],
};

describe('senderMatches', () => {
  it.each([
    [['backup@acme.example'], 'backup@acme.example', true],
    [['backup@acme.example'], 'other@acme.example', false],
    [['acme.example'], 'backup@acme.example', true],
    [['@acme.example'], 'backup@nas.acme.example', true],
    [['acme.example'], 'backup@notacme.example', false],
    [['acme.example'], 'backup@acme.example.evil.test', false],
  ])('%j against %s → %s', (senders, from, expected) => {
    expect(senderMatches(senders, from)).toBe(expected);
  });
});

describe('readField', () => {
  it.each([
    [{ Kind: 'anchor', Anchor: 'Job name:' }, 'Nightly-Docs'],
    [{ Kind: 'anchor', Anchor: 'job NAME:' }, 'Nightly-Docs'],
    [{ Kind: 'anchor', Anchor: 'Missing:' }, null],
    [{ Kind: 'pattern', Pattern: 'Host:\\s*(\\S+)' }, 'FS-01'],
    [{ Kind: 'pattern', Pattern: 'Files: \\d+' }, 'Files: 1200'],
    [{ Kind: 'pattern', Pattern: '([' }, null],
    [{ Kind: 'fixed', Value: ' Vault ' }, 'Vault'],
    [{ Kind: 'none' }, ''],
  ] as const)('%j → %s', (field, expected) => {
    expect(readField(field, body)).toBe(expected);
  });
});

describe('applyRule', () => {
  it.each([
    ['the worst marked word in the status line wins', 'Result: Completed with errors', 'Failure'],
    ['a clean run', 'Result: Completed', 'Success'],
    ['warnings', 'Result: Completed with warnings', 'Warning'],
    ['whole words only: "errorsome" is not "errors"', 'Result: Completed errorsome', 'Success'],
  ])('%s', (_name, line, status) => {
    const out = applyRule(
      rule,
      mail('vault@tapevault.example', 'Tape Vault: Nightly-Docs', body.replace(/Result:.*/, line)),
    );
    expect(out).toEqual({
      matched: true,
      reading: { JobName: 'Nightly-Docs', DeviceName: 'FS-01', Status: status },
      missing: [],
    });
  });

  it('claims nothing from another sender or subject', () => {
    expect(applyRule(rule, mail('vault@other.example', 'Tape Vault', body)).matched).toBe(false);
    expect(applyRule(rule, mail('vault@tapevault.example', 'Weekly digest', body)).matched).toBe(false);
  });

  it('says which fields it could not read', () => {
    const out = applyRule(rule, mail('vault@tapevault.example', 'Tape Vault', 'Job name: A\nnothing else'));
    expect(out).toEqual({ matched: true, reading: null, missing: ['Device', 'Status'] });
  });

  it('without a status anchor searches the whole e-mail', () => {
    const out = applyRule(
      { ...rule, StatusFrom: { Kind: 'none' } },
      mail('vault@tapevault.example', 'Tape Vault failed', 'Job name: A\nHost: B'),
    );
    expect(out.reading).toBeNull();
    const words = {
      ...rule,
      StatusFrom: { Kind: 'none' } as const,
      StatusWords: [{ Text: 'failed', Status: 'Failure' as const }],
    };
    expect(
      applyRule(words, mail('vault@tapevault.example', 'Tape Vault failed', 'Job name: A\nHost: B')).reading,
    ).toEqual({
      JobName: 'A',
      DeviceName: 'B',
      Status: 'Failure',
    });
  });
});

describe('sampleDiff', () => {
  const sample = {
    From: 'vault@tapevault.example',
    Subject: 'Tape Vault: Nightly-Docs',
    Text: body,
    Expected: { JobName: 'Nightly-Docs', DeviceName: 'FS-01', Status: 'Failure' as const },
  };
  it('is empty while the rule reads the sample as expected', () => {
    expect(sampleDiff(rule, sample)).toEqual([]);
  });
  it('names each field that changed', () => {
    expect(sampleDiff({ ...rule, Device: { Kind: 'anchor', Anchor: 'Files:' } }, sample)).toEqual([
      { field: 'DeviceName', expected: 'FS-01', got: '1200' },
    ]);
    expect(sampleDiff({ ...rule, Senders: ['elsewhere.example'] }, sample)).toEqual([
      { field: 'Match', expected: 'the rule claims this e-mail', got: 'not claimed' },
    ]);
  });
});

describe('keyValueLines', () => {
  it('offers key: value lines as anchors', () => {
    expect(keyValueLines(body)).toEqual([
      { Key: 'Job name:', Value: 'Nightly-Docs' },
      { Key: 'Host:', Value: 'FS-01' },
      { Key: 'Result:', Value: 'Completed with errors' },
      { Key: 'Files:', Value: '1200' },
    ]);
  });
});

describe('the engine with tenant rules', () => {
  const tenant: TenantRule = { id: 7, name: 'Tape Vault', vendor: 'Tape Vault', rule };
  const msg = mail('vault@tapevault.example', 'Tape Vault: Nightly-Docs', body);

  it('reads an e-mail no vendor parser claims with the tenant rule, before the generic reader', () => {
    const out = parseMail(msg, [], [tenant]);
    expect(out.vendor).toBe('Tape Vault');
    expect(out.generic).toBeUndefined();
    expect(out.results).toMatchObject([
      { vendor: 'Tape Vault', jobName: 'Nightly-Docs', deviceName: 'FS-01', status: 'Failure' },
    ]);
  });

  it('leaves the e-mail to the generic reader without rules, or when the rule cannot read it', () => {
    expect(parseMail(msg, [], []).vendor).not.toBe('Tape Vault');
    const broken = { ...tenant, rule: { ...rule, Device: { Kind: 'anchor', Anchor: 'Nope:' } as const } };
    expect(parseMail(msg, [], [broken]).vendor).not.toBe('Tape Vault');
  });

  it('never overrides a vendor parser that claims the e-mail', () => {
    const vendor = {
      id: 'v',
      name: 'V',
      detect: () => true,
      parse: () => parseMail(msg, [], [tenant]).results.map((r) => ({ ...r, vendor: 'v' })),
    };
    expect(parseMail(msg, [vendor], [tenant]).vendor).toBe('v');
  });
});
