// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  clipText,
  emailListQuery,
  emailTableLayout,
  emlFileName,
  emlFileProblem,
  formatBytes,
  formatDuration,
  hasPendingEmails,
  isUnrecognised,
  parseAlias,
  plusAddress,
  readEmailFilters,
  resultColumns,
  splitRawEmail,
  stateInfo,
  summariseResults,
  vendorLabel,
  writeEmailFilters,
} from './ingest';

describe('labels', () => {
  it('names vendors, and title-cases ids it does not know', () => {
    expect(vendorLabel('veeam-br')).toBe('Veeam Backup & Replication');
    expect(vendorLabel('VEEAM-M365')).toBe('Veeam Backup for Microsoft 365');
    expect(vendorLabel('acme-cloud_backup')).toBe('Acme Cloud Backup');
    expect(vendorLabel(null)).toBe('');
  });

  it('reads processing states, with unknown states passed through', () => {
    expect(stateInfo('Waiting')).toMatchObject({ label: 'Queued', tone: 'info' });
    expect(stateInfo('WaitingForRetry')).toMatchObject({ label: 'Retry pending', tone: 'warning' });
    expect(stateInfo('Processed').tone).toBe('success');
    expect(stateInfo('Exploded')).toEqual({ label: 'Exploded', tone: 'default', description: '' });
  });

  it('tells pending and unrecognised e-mails apart', () => {
    expect(hasPendingEmails([{ State: 'Processed' }, { State: 'Retrying' }])).toBe(true);
    expect(hasPendingEmails([{ State: 'Processed' }, { State: 'Inactive' }])).toBe(false);
    expect(hasPendingEmails(undefined)).toBe(false);
    expect(isUnrecognised({ Vendor: null, State: 'Processed' })).toBe(true);
    // Not parsed yet: not "unrecognised" either.
    expect(isUnrecognised({ Vendor: null, State: 'Waiting' })).toBe(false);
    expect(isUnrecognised({ Vendor: 'veeam-br', State: 'Inactive' })).toBe(false);
    // Waiting for a person, not for the queue: the list stops refreshing for it.
    expect(hasPendingEmails([{ State: 'NeedsReview' }])).toBe(false);
    expect(stateInfo('NeedsReview')).toMatchObject({ label: 'Needs review', tone: 'warning' });
  });

  it('sums up results by status with the worst first', () => {
    expect(summariseResults([])).toEqual({ total: 0, Success: 0, Warning: 0, Failure: 0, worst: null });
    const s = summariseResults([{ Status: 'Success' }, { Status: 'Warning' }, { Status: 'Success' }]);
    expect(s).toEqual({ total: 3, Success: 2, Warning: 1, Failure: 0, worst: 'Warning' });
    expect(summariseResults([{ Status: 'Warning' }, { Status: 'Failure' }]).worst).toBe('Failure');
  });
});

describe('formatting', () => {
  it('formats sizes in binary multiples', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(7 * 1024 * 1024)).toBe('7 MB');
    expect(formatBytes(2576980378)).toBe('2.4 GB');
    expect(formatBytes(13324)).toBe('13 KB');
    expect(formatBytes(null)).toBe('');
    expect(formatBytes(-1)).toBe('');
  });

  it('formats durations', () => {
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(516)).toBe('8m 36s');
    expect(formatDuration(120)).toBe('2m');
    expect(formatDuration(3725)).toBe('1h 2m');
    expect(formatDuration(7200)).toBe('2h');
    expect(formatDuration(null)).toBe('');
  });

  it('builds a safe download name like the server does', () => {
    expect(emlFileName(12, '[Success] DC Servers (3 objects)')).toBe('12-Success-DC-Servers-3-objects.eml');
    expect(emlFileName(3, '../../etc/passwd')).toBe('3-....etcpasswd.eml');
    expect(emlFileName(4, '☃☃')).toBe('4.eml');
  });

  it('makes plus addresses and splits raw e-mails', () => {
    expect(plusAddress('demo@inbound.example', 'acme')).toBe('demo+acme@inbound.example');
    expect(plusAddress('nonsense', 'x')).toBe('nonsense');
    expect(splitRawEmail('From: a\r\nTo: b\r\n\r\nHello\r\n\r\nBye')).toEqual({
      headers: 'From: a\r\nTo: b',
      body: 'Hello\r\n\r\nBye',
    });
    expect(splitRawEmail('From: a')).toEqual({ headers: 'From: a', body: '' });
    expect(clipText('abcdef', 4)).toEqual({ text: 'abcd', clipped: true });
    expect(clipText('abc', 4)).toEqual({ text: 'abc', clipped: false });
  });
});

describe('e-mail list filters', () => {
  it('reads filters from the address bar and drops invalid values', () => {
    expect(
      readEmailFilters(new URLSearchParams('page=3&search=%20veeam&state=Processed&unrecognised=true&tenant=4')),
    ).toEqual({ page: 3, search: 'veeam', state: 'Processed', unrecognised: true, tenantId: 4 });
    expect(readEmailFilters(new URLSearchParams('page=-2&state=Bogus&unrecognised=1&tenant=x'))).toEqual({
      page: 1,
      search: '',
      state: '',
      unrecognised: false,
      tenantId: null,
    });
  });

  it('writes filters back, keeping other parameters and leaving defaults out', () => {
    const start = new URLSearchParams('tab=emails&page=4&state=Waiting');
    const next = writeEmailFilters(start, { search: 'dc01', page: 1, state: '', unrecognised: true });
    expect(next.toString()).toBe('tab=emails&search=dc01&unrecognised=true');
    expect(start.toString()).toBe('tab=emails&page=4&state=Waiting');
    expect(writeEmailFilters(next, { unrecognised: false, tenantId: 2, search: '  ' }).toString()).toBe(
      'tab=emails&tenant=2',
    );
  });

  it('never sends unrecognised=false (the server reads any value as true) nor empty values', () => {
    const base = { page: 2, size: 20, search: '  ', state: '' as const, unrecognised: false, tenantId: null };
    expect(emailListQuery(base)).toEqual({ Page: 2, Size: 20 });
    expect(
      emailListQuery({ ...base, search: ' lunch ', state: 'Processed', unrecognised: true, tenantId: 7 }, 'email'),
    ).toEqual({ Page: 2, Size: 20, email: 'lunch', state: 'Processed', unrecognised: true, tenantId: 7 });
  });
});

describe('input checks', () => {
  it('accepts .eml files up to the size limit with the spec messages', () => {
    expect(emlFileProblem({ name: 'report.EML', size: 2000 })).toBeNull();
    expect(emlFileProblem({ name: 'message', size: 10, type: 'message/rfc822' })).toBeNull();
    expect(emlFileProblem({ name: 'photo.png', size: 10, type: 'image/png' })).toBe(
      'File "photo.png" has invalid type. Allowed types: .eml, .txt',
    );
    expect(emlFileProblem({ name: 'big.eml', size: 8 * 1024 * 1024 })).toBe(
      'File "big.eml" size is 8 MB. Max size is 7 MB',
    );
    expect(emlFileProblem({ name: 'empty.eml', size: 0 })).toBe('File "empty.eml" is empty.');
  });

  it('checks aliases with the server rules', () => {
    expect(parseAlias(' Backups ', 'inbound.example')).toEqual({ local: 'backups' });
    expect(parseAlias('Reports.EU@Inbound.Example', 'inbound.example')).toEqual({ local: 'reports.eu' });
    expect(parseAlias('x@gmail.com', 'inbound.example')).toEqual({
      error: 'An alias must be an address on inbound.example.',
    });
    expect(parseAlias('demo+acme', 'inbound.example')).toHaveProperty('error');
    expect(parseAlias('-start', 'inbound.example')).toHaveProperty('error');
    expect(parseAlias('has space', 'inbound.example')).toHaveProperty('error');
    expect(parseAlias('a'.repeat(65), 'inbound.example')).toHaveProperty('error');
    expect(parseAlias('a'.repeat(64), 'inbound.example')).toEqual({ local: 'a'.repeat(64) });
    expect(parseAlias('   ', 'inbound.example')).toHaveProperty('error');
  });
});

describe('responsive layouts', () => {
  it('turns the e-mail list into a table, then adds the received and tenant columns as it widens', () => {
    expect(emailTableLayout(390, true)).toMatchObject({ table: false });
    expect(emailTableLayout(700, false)).toMatchObject({ table: true, received: false, tenant: false, columns: 4 });
    expect(emailTableLayout(976, true)).toMatchObject({ received: true, tenant: false, columns: 5, resultsWidth: 273 });
    expect(emailTableLayout(1376, true)).toMatchObject({ tenant: true, columns: 6, resultsWidth: 385 });
    expect(emailTableLayout(1376, false)).toMatchObject({ tenant: false, columns: 5 });
    expect(emailTableLayout(2000, false).resultsWidth).toBe(400);
    expect(emailTableLayout(700, false).resultsWidth).toBe(240);
  });

  it('drops the less important result columns first, and shows the vendor only for mixed results', () => {
    expect(resultColumns(400, false).cards).toBe(true);
    const mid = resultColumns(780, true);
    expect(mid).toMatchObject({
      cards: false,
      type: true,
      started: true,
      duration: false,
      client: false,
      vendor: false,
    });
    expect(resultColumns(1200, true)).toMatchObject({ duration: true, size: true, client: true, vendor: true });
    expect(resultColumns(1200, false).vendor).toBe(false);
  });
});
