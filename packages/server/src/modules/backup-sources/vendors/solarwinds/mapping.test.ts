import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type CoveAccountRow,
  type CovePartner,
  assetOf,
  customerOf,
  mapStatus,
  sessionsOf,
  statisticsColumns,
} from './mapping.ts';

const fixture = <T>(name: string): T =>
  JSON.parse(
    readFileSync(new URL(`../../../../../test/fixtures/vendors/solarwinds/${name}`, import.meta.url), 'utf8'),
  ) as T;

const rows = fixture<{ result: { result: CoveAccountRow[] } }>('enumerate-account-statistics.json').result.result;

describe('Cove status codes', () => {
  it.each([
    [5, 'Success'],
    [8, 'Warning'],
    [2, 'Failure'],
    [3, 'Failure'],
    [6, 'Failure'],
    [7, 'Failure'],
    [10, 'Failure'],
    [11, 'Failure'],
    [1, null],
    [9, null],
    [12, null],
    [0, null],
  ])('code %i → %s', (code, status) => {
    expect(mapStatus(code)).toBe(status);
  });
});

describe('Cove device statistics → sessions', () => {
  it('reads one session per data source with its time, size, duration and errors', () => {
    const sessions = sessionsOf(rows[0]!, 0);
    expect(sessions).toEqual([
      expect.objectContaining({
        sessionId: '654321:D01:1700000000',
        customerId: '456789',
        customerName: 'Contoso Ltd',
        device: 'computerName',
        job: 'Files and Folders',
        backupType: 'Files',
        status: 'Success',
        startTime: new Date(1_700_000_000_000),
        endTime: new Date(1_700_000_312_000),
        sizeBytes: 52_428_800,
        durationSeconds: 312,
        message: null,
        assetId: '654321',
      }),
      expect.objectContaining({
        sessionId: '654321:D02:1700003600',
        job: 'System State',
        status: 'Warning',
        message: 'Completed with errors (3 errors)',
      }),
    ]);
  });

  it('leaves running sessions out and keeps failures with the vendor wording', () => {
    const sessions = sessionsOf(rows[1]!, 0);
    expect(sessions.map((s) => [s.sessionId, s.status, s.message])).toEqual([
      ['765432:D01:1700007200', 'Failure', 'Failed (1 error)'],
    ]);
  });

  it('maps every finished status of the documented list, oldest first', () => {
    const sessions = sessionsOf(rows[2]!, 0);
    expect(sessions.map((s) => [s.job, s.status, s.message])).toEqual([
      ['VSS Hyper-V', 'Failure', 'Not started'],
      ['Microsoft 365 Exchange', 'Failure', 'No selection'],
      ['Network Shares', 'Failure', 'Aborted'],
      ['VSS System State', 'Failure', 'Interrupted'],
      ['VMware', 'Failure', 'Over quota'],
    ]);
  });

  it('keeps only sessions after the cursor', () => {
    expect(sessionsOf(rows[0]!, 1_700_000_000).map((s) => s.sessionId)).toEqual(['654321:D02:1700003600']);
  });

  it('asks for the device columns and each data source session column', () => {
    const columns = statisticsColumns();
    expect(columns).toEqual(expect.arrayContaining(['I1', 'I8', 'TS', 'D01F00', 'D01F15', 'D19F06', 'D14F12']));
  });
});

describe('Cove devices and customers', () => {
  it('maps a device for the side menu', () => {
    expect(assetOf(rows[0]!)).toEqual({
      kind: 'device',
      externalId: '654321',
      customerId: '456789',
      name: 'computerName',
      fields: {
        DeviceName: 'computerName',
        Hostname: 'CONTOSO-DC01',
        Company: 'Contoso Ltd',
        Platform: 'Windows Server 2019 Standard',
        AgentVersion: '23.12.0.23346',
        IpAddresses: ['10.0.0.5', '10.0.0.6'],
        MacAddresses: ['00-15-5D-01-02-03'],
        DeviceId: '654321',
      },
      consoleUrl: null,
    });
  });

  it('maps partners to customers', () => {
    const partners = fixture<{ result: { result: CovePartner[] } }>('enumerate-partners.json').result.result;
    expect(partners.map(customerOf)).toEqual([
      { id: '123456', name: 'Example MSP' },
      { id: '456789', name: 'Contoso Ltd' },
      { id: '456790', name: 'Fabrikam Inc' },
    ]);
  });
});
