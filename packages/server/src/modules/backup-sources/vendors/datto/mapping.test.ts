import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  dattoAgentAsset,
  dattoApplianceAsset,
  dattoBcdrCustomer,
  dattoSaasCustomer,
  mapDattoBackup,
  mapDattoSaasHistory,
  type DattoAsset,
  type DattoDevice,
  type DattoSaasDomain,
  type DattoSaasReportItem,
} from './mapping.ts';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../../../../../test/fixtures/vendors/datto/${name}`, import.meta.url), 'utf8')) as T;
const devices = fixture<{ items: DattoDevice[] }>('bcdr-devices.json');
const assets = fixture<DattoAsset[]>('bcdr-assets.json');
const domains = fixture<DattoSaasDomain[]>('saas-domains.json');
const apps = fixture<{ items: DattoSaasReportItem[] }>('saas-applications.json');

const device = devices.items[0] as DattoDevice;
const agent = assets[0] as DattoAsset;
const share = assets[1] as DattoAsset;

describe('Datto BCDR backups', () => {
  it.each([
    [0, null, null],
    [1, 'Success', null],
    [2, 'Warning', 'filesystem: Volume D: failed the filesystem integrity check'],
    [3, 'Warning', 'Screenshot verification failed'],
    [4, 'Failure', 'Unable to contact agent: connection timed out'],
  ])('backup %i maps to %s', (i, status, message) => {
    const session = mapDattoBackup(device, agent, agent.backups![i]!);
    if (status === null) {
      expect(session).toBeNull();
      return;
    }
    expect(session).toMatchObject({ status, message });
  });

  it('carries the appliance, company, agent and time', () => {
    expect(mapDattoBackup(device, agent, agent.backups![1]!)).toEqual({
      sessionId: '0CC47A1B2C3D/4b65219643aa4bc78e359928ead7fab5/1715673663',
      customerId: 'Acme Dental',
      customerName: 'Acme Dental',
      device: 'acme-dc01',
      job: 'acme-siris',
      backupType: 'Image',
      status: 'Success',
      startTime: new Date('2024-05-14T08:01:03Z'),
      endTime: new Date('2024-05-14T08:01:03Z'),
      sizeBytes: null,
      durationSeconds: null,
      message: null,
      assetId: '4b65219643aa4bc78e359928ead7fab5',
    });
    expect(mapDattoBackup(device, share, share.backups![0]!)).toMatchObject({ backupType: 'Files', status: 'Success' });
  });

  it('names customers by client company, and a device without one has none', () => {
    expect(dattoBcdrCustomer(device)).toEqual({ id: 'Acme Dental', name: 'Acme Dental' });
    expect(dattoBcdrCustomer(devices.items[1] as DattoDevice)).toBeNull();
  });
});

describe('Datto SaaS Protection', () => {
  const domain = domains[0] as DattoSaasDomain;
  const report = (apps.items as DattoSaasReportItem[])[0]!;
  const app = (name: string) => report.suites![0]!.appTypes!.find((a) => a.appType === name)!;

  it.each([
    ['Exchange', 0, 'Success', null],
    ['Exchange', 1, 'Warning', '14 of 15 services backed up'],
    ['OneDrive', 0, 'Failure', '0 of 15 services backed up'],
    ['OneDrive', 1, null, null],
  ])('%s window %i maps to %s', (appType, i, status, message) => {
    const session = mapDattoSaasHistory(domain, appType, app(appType).backupHistory![i]!);
    if (status === null) {
      expect(session).toBeNull();
      return;
    }
    expect(session).toMatchObject({
      status,
      message,
      customerId: 'saas-5001',
      device: 'acmedental.example',
      job: appType,
    });
  });

  it('times windows from epoch seconds and names the product', () => {
    const s = mapDattoSaasHistory(domain, 'Exchange', app('Exchange').backupHistory![0]!)!;
    expect(s.startTime).toEqual(new Date('2024-05-13T00:00:00Z'));
    expect(s.durationSeconds).toBe(86_399);
    expect(s.backupType).toBe('Microsoft 365');
    expect(dattoSaasCustomer(domains[1] as DattoSaasDomain)).toEqual({ id: 'saas-5002', name: 'northwind.example' });
  });
});

describe('Datto assets', () => {
  it('maps an appliance with the side-menu fields', () => {
    const a = dattoApplianceAsset(device, new Date('2024-05-14T10:00:00Z'));
    expect(a).toMatchObject({ kind: 'appliance', externalId: '0CC47A1B2C3D', customerId: 'Acme Dental' });
    expect(a.consoleUrl).toBe('https://device.dattobackup.com/access/0CC47A1B2C3D');
    expect(a.fields).toEqual({
      ApplianceName: 'acme-siris',
      Hostname: 'acme-siris',
      Model: 'S3B2000',
      Service: 'Infinite Cloud Retention',
      Company: 'Acme Dental',
      Version: null,
      BootDate: '2024-05-12T10:00:00.000Z',
      IpAddresses: ['192.168.10.5'],
      MacAddresses: [],
      SerialNumber: '0CC47A1B2C3D',
      ApplianceId: '0CC47A1B2C3D',
    });
    expect(dattoApplianceAsset(devices.items[1] as DattoDevice, new Date()).fields.BootDate).toBeNull();
  });

  it('maps a protected agent under its appliance', () => {
    const a = dattoAgentAsset(device, agent);
    expect(a).toMatchObject({ kind: 'device', externalId: agent.volume, parentExternalId: '0CC47A1B2C3D' });
    expect(a.fields).toMatchObject({
      DeviceName: 'acme-dc01',
      Hostname: 'acme-dc01.acme.local',
      Appliance: 'acme-siris',
      Company: 'Acme Dental',
      AgentVersion: '2.5.0.0',
      Platform: 'Windows Server 2019 Standard',
      IpAddresses: ['192.168.10.20'],
      DeviceId: agent.volume,
    });
  });
});
