import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type Company,
  type Computer,
  type MonitoringRow,
  assetOf,
  customerOf,
  mapStatus,
  parseDuration,
  parseTime,
  sessionOf,
} from './mapping.ts';

const fixture = <T>(name: string): T =>
  JSON.parse(
    readFileSync(new URL(`../../../../../test/fixtures/vendors/cloudberry/${name}`, import.meta.url), 'utf8'),
  ) as T;

const companies = fixture<Company[]>('companies.json');
const companyIds = new Map(companies.map((c) => [c.Name.toLowerCase(), c.Id] as const));
const rows = fixture<MonitoringRow[]>('monitoring.json');

describe('MSP360 plan statuses', () => {
  it.each([
    [0, 0, 'Success'],
    [0, 2, 'Warning'],
    [1, 0, 'Failure'],
    [2, 0, 'Failure'],
    [3, 0, null],
    [4, 0, null],
    [5, 0, 'Failure'],
    [6, 0, 'Failure'],
    ['Error', 0, 'Failure'],
    ['Running', 0, null],
    [9, 0, null],
  ] as const)('status %s with %i failed files → %s', (Status, FilesFailed, expected) => {
    expect(mapStatus({ Status, FilesFailed })).toBe(expected);
  });

  it('reads times as UTC and durations in both notations', () => {
    expect(parseTime('2018-05-11T14:50:57')).toEqual(new Date('2018-05-11T14:50:57Z'));
    expect(parseTime('2018-05-11T14:50:57+02:00')).toEqual(new Date('2018-05-11T12:50:57Z'));
    expect(parseTime(null)).toBeNull();
    expect(parseDuration('15 second(s)')).toBe(15);
    expect(parseDuration('1 hour(s) 2 minute(s) 5 second(s)')).toBe(3725);
    expect(parseDuration('00:02:30')).toBe(150);
    expect(parseDuration(null)).toBeNull();
  });
});

describe('MSP360 monitoring rows → sessions', () => {
  const sessions = rows.map((r) => sessionOf(r, companyIds));

  it('maps the documented example', () => {
    expect(sessions[0]).toEqual({
      sessionId: 'someID-1ac6-42b9-8003-51808c40e077|roberts-mbp.dev.cbl.corp|Anakonda backup|2018-05-11T14:50:57',
      customerId: null,
      customerName: null,
      device: 'roberts-mbp.dev.cbl.corp',
      job: 'Anakonda backup',
      backupType: 'Backup plan',
      status: 'Success',
      startTime: new Date('2018-05-11T14:50:57Z'),
      endTime: new Date('2018-05-11T14:51:12Z'),
      sizeBytes: 531582,
      durationSeconds: 15,
      message: null,
      assetId: 'someID-1ac6-42b9-8003-51808c40e077:roberts-mbp.dev.cbl.corp',
    });
  });

  it('maps warnings, failures with MSP360’s message and the company', () => {
    expect(sessions[1]).toMatchObject({
      status: 'Warning',
      message: '2 files failed to back up',
      customerId: companies[0]!.Id,
      customerName: 'c1',
      durationSeconds: 65,
    });
    expect(sessions[2]).toMatchObject({
      status: 'Failure',
      message: 'Access to the path is denied',
      customerId: companies[1]!.Id,
      durationSeconds: 150,
    });
  });

  it('files an overdue plan as a failure at its missed schedule', () => {
    expect(sessions[3]).toMatchObject({
      sessionId: '4cf3cfbb-2c87-402d-b034-142db02bdb28|CONTOSO-SRV01|SQL Server backup|overdue:2018-05-10T01:00:00',
      status: 'Failure',
      startTime: new Date('2018-05-10T01:00:00Z'),
      message: 'Overdue: the plan did not run as scheduled',
      sizeBytes: null,
    });
  });

  it('skips running and unknown plans; interrupted and unexpectedly closed runs are failures', () => {
    expect(sessions[4]).toBeNull();
    expect(sessions[7]).toBeNull();
    expect(sessions[5]).toMatchObject({ status: 'Failure', message: 'Interrupted' });
    expect(sessions[6]).toMatchObject({ status: 'Failure', message: 'Unexpectedly closed' });
  });
});

describe('MSP360 computers and companies', () => {
  it('maps computers to devices keyed like their sessions', () => {
    const computers = fixture<{ Computers: Computer[] }>('computers.json').Computers;
    const [desktop, server] = computers.map((c) => assetOf(c, companyIds));
    expect(desktop).toEqual({
      kind: 'device',
      externalId: '10ce439b-7bec-4208-a116-4e0236085f87:DESKTOP-HFSOH70',
      customerId: companies[0]!.Id,
      name: 'aaaa',
      fields: {
        DeviceName: 'aaaa',
        Hostname: 'DESKTOP-HFSOH70',
        Company: 'c1',
        Platform: 'windows',
        AgentVersion: '8.0.3.36',
        IpAddresses: [],
        MacAddresses: [],
        DeviceId: '01d469cb-326e-444f-a9b0-816fccf7c956',
      },
      consoleUrl: null,
    });
    expect(desktop!.externalId).toBe(sessions1().assetId);
    expect(server).toMatchObject({ name: 'CONTOSO-SRV01', customerId: companies[1]!.Id });
  });

  it('maps companies to customers', () => {
    expect(companies.map(customerOf)).toEqual([
      { id: '78626016-528a-407e-85d7-c102993320e7', name: 'c1' },
      { id: '37d5f01a-84bd-4391-89f5-a95393500ab8', name: 'Contoso' },
    ]);
  });
});

function sessions1() {
  return sessionOf(rows[1]!, companyIds)!;
}
