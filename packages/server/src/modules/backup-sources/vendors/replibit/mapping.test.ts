import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  mapX360Run,
  x360ApplianceAsset,
  x360Customer,
  x360DeviceAsset,
  x360Names,
  type X360Appliance,
  type X360Client,
  type X360Device,
  type X360JobRun,
} from './mapping.ts';

const fixture = <T>(name: string): T =>
  JSON.parse(
    readFileSync(new URL(`../../../../../test/fixtures/vendors/replibit/${name}`, import.meta.url), 'utf8'),
  ) as T;
const clients = fixture<X360Client[]>('clients.json');
const devices = fixture<X360Device[]>('devices.json');
const runs = fixture<X360JobRun[]>('job-history.json');
const appliances = fixture<X360Appliance[]>('appliances.json');

const client = clients[0]!;
const device = devices[0]!;
const job = device.jobs![0]!;
const map = (run: X360JobRun, convention?: string) => mapX360Run(run, { client, device, job, convention });

describe('x360Recover job runs', () => {
  it.each([
    [0, 'Success', null],
    [1, 'Failure', "Snapshot creation for volumes failed, reason: There aren't any snapshots in this system"],
    [2, 'Warning', 'Volume E:\\ was skipped: the volume is offline'],
    [3, 'Failure', 'Backup missed'],
    [4, null, null],
  ])('run %i maps to %s', (i, status, message) => {
    const session = map(runs[i]!);
    if (status === null) {
      expect(session).toBeNull();
      return;
    }
    expect(session).toMatchObject({ status, message });
  });

  it('files a run under its client, protected system and job', () => {
    expect(map(runs[0]!)).toEqual({
      sessionId: '0:65345:2024-07-01T02:00:00.000Z',
      customerId: '26',
      customerName: 'name',
      device: 'RMC_device',
      job: 'RMC_device',
      backupType: 'Image',
      status: 'Success',
      startTime: new Date('2024-07-01T02:00:00Z'),
      endTime: new Date('2024-07-01T02:15:00Z'),
      sizeBytes: null,
      durationSeconds: 900,
      message: null,
      assetId: '0',
    });
    expect(x360Customer(client)).toEqual({ id: '26', name: 'name' });
  });

  it('names the backup by the source’s naming convention', () => {
    expect(map(runs[0]!, 'DeviceJob')).toMatchObject({ device: 'RMC_device', job: 'BackupJob1' });
    expect(map(runs[0]!, 'ClientDevice')).toMatchObject({ device: 'name - RMC_device', job: 'name - RMC_device' });
    expect(map(runs[0]!, 'DeviceName')).toMatchObject({ device: 'RMC_device', job: 'RMC_device' });
    expect(x360Names('ClientDevice', null, 'FS01', 'Nightly')).toEqual({ device: 'FS01', job: 'FS01' });
  });
});

describe('x360Recover assets', () => {
  it('maps an appliance with the appliance fields', () => {
    expect(x360ApplianceAsset(appliances[0]!, client)).toEqual({
      kind: 'appliance',
      externalId: '1',
      customerId: '26',
      name: 'TestAppliance',
      consoleUrl: null,
      fields: {
        ApplianceName: 'TestAppliance',
        Hostname: null,
        Model: 'BYOD',
        Service: 'Axcient Replibit',
        Company: 'name',
        Version: '10.1.0',
        BootDate: null,
        IpAddresses: ['10.2.22.1'],
        MacAddresses: [],
        SerialNumber: 'abcd',
        ApplianceId: '1',
      },
    });
  });

  it('maps a protected system under its appliance, or as Direct-to-Cloud', () => {
    const a = x360DeviceAsset(device, client, appliances[0]!);
    expect(a).toMatchObject({
      kind: 'device',
      externalId: '0',
      parentExternalId: '1',
      consoleUrl: 'https://localhost/home/device/12345',
    });
    expect(a.fields).toMatchObject({
      DeviceName: 'RMC_device',
      Appliance: 'TestAppliance',
      Company: 'name',
      AgentVersion: '2.33.1134',
      Platform: 'Doors IX',
      IpAddresses: ['10.2.2.33'],
      DeviceId: '0',
    });
    const d2c = x360DeviceAsset(devices[1]!, client, null);
    expect(d2c).toMatchObject({ parentExternalId: null, consoleUrl: null });
    expect(d2c.fields).toMatchObject({ Appliance: 'Direct-to-Cloud', Platform: 'Windows 11 Pro', IpAddresses: [] });
  });
});
