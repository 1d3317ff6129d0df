import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  mapSlideBackup,
  slideAgentAsset,
  slideAgentInfo,
  slideApplianceAsset,
  slideCustomer,
  type SlideAgent,
  type SlideBackup,
  type SlideClient,
  type SlideDevice,
  type SlidePage,
} from './mapping.ts';

const fixture = <T>(name: string): SlidePage<T> =>
  JSON.parse(
    readFileSync(new URL(`../../../../../test/fixtures/vendors/slide/${name}`, import.meta.url), 'utf8'),
  ) as SlidePage<T>;
const devices = fixture<SlideDevice>('devices.json').data;
const agents = fixture<SlideAgent>('agents.json').data;
const backups = fixture<SlideBackup>('backups.json').data;
const clients = fixture<SlideClient>('clients.json').data;

const deviceMap = new Map(devices.map((d) => [d.device_id, { clientId: d.client_id ?? null }]));
const clientMap = new Map(clients.map((c) => [c.client_id, c.name]));
const info = (a: SlideAgent) => slideAgentInfo(a, deviceMap, clientMap);

describe('Slide backups', () => {
  it.each([
    ['b_0123456789ab', 'Success', null],
    ['b_0123456789ac', 'Failure', 'Failed to get storage info (code 51000)'],
    ['b_0123456789ad', 'Warning', 'Backup was canceled'],
    ['b_0123456789ae', null, null],
    ['b_0123456789af', null, null],
  ])('%s maps to %s', (id, status, message) => {
    const b = backups.find((x) => x.backup_id === id)!;
    const agent = agents.find((a) => a.agent_id === b.agent_id)!;
    const session = mapSlideBackup(b, info(agent));
    if (status === null) {
      expect(session).toBeNull();
      return;
    }
    expect(session).toMatchObject({ status, message });
  });

  it('files a backup under its agent and client', () => {
    expect(mapSlideBackup(backups[0]!, info(agents[0]!))).toEqual({
      sessionId: 'b_0123456789ab',
      customerId: 'c_0123456789ab',
      customerName: 'Slide Office',
      device: 'Front Desk PC',
      job: 'Front Desk PC',
      backupType: 'Image',
      status: 'Success',
      startTime: new Date('2024-08-23T01:25:08Z'),
      endTime: new Date('2024-08-23T01:40:08Z'),
      sizeBytes: null,
      durationSeconds: 900,
      message: null,
      assetId: 'a_0123456789ab',
    });
  });

  it('takes an agent without a client id into its device’s client, and names it by hostname', () => {
    expect(info(agents[1]!)).toEqual({
      name: 'fileserver',
      hostname: 'fileserver',
      deviceId: 'd_0123456789ab',
      clientId: 'c_0123456789ab',
      clientName: 'Slide Office',
    });
    expect(slideCustomer(clients[0]!)).toEqual({ id: 'c_0123456789ab', name: 'Slide Office' });
  });
});

describe('Slide assets', () => {
  it('maps a Slide Box with the appliance fields and its console link', () => {
    const a = slideApplianceAsset(devices[0]!, 'Slide Office');
    expect(a).toMatchObject({ kind: 'appliance', externalId: 'd_0123456789ab', customerId: 'c_0123456789ab' });
    expect(a.consoleUrl).toBe('https://console.slide.tech/devices/d_0123456789ab');
    expect(a.fields).toEqual({
      ApplianceName: 'My First Device',
      Hostname: 'my-hostname-1',
      Model: 'Slide Z1, 1 TB',
      Service: 'Slide Z1 Subscription, 1 TB, 1 Year Cloud Retention',
      Company: 'Slide Office',
      Version: '1.0.0',
      BootDate: '2024-08-23T01:25:08Z',
      IpAddresses: ['192.168.1.104'],
      MacAddresses: ['62:bb:d3:0d:db:7d'],
      SerialNumber: 'SN123456',
      ApplianceId: 'd_0123456789ab',
    });
  });

  it('maps an agent with the device fields under its appliance', () => {
    const a = slideAgentAsset(agents[0]!, info(agents[0]!), 'My First Device');
    expect(a).toMatchObject({ kind: 'device', externalId: 'a_0123456789ab', parentExternalId: 'd_0123456789ab' });
    expect(a.consoleUrl).toBe('https://console.slide.tech/agents/a_0123456789ab');
    expect(a.fields).toEqual({
      DeviceName: 'Front Desk PC',
      Hostname: 'my-hostname-1',
      Appliance: 'My First Device',
      Company: 'Slide Office',
      BootDate: '2024-08-23T01:25:08Z',
      AgentVersion: '1.2.3',
      Platform: 'Microsoft Windows 10 Home',
      PlatformVersion: '10.0.19042',
      Manufacturer: 'Microsoft Corporation',
      FirmwareType: 'UEFI',
      IpAddresses: ['192.168.1.104'],
      MacAddresses: ['62:bb:d3:0d:db:7d'],
      EncryptionAlgorithm: 'aes-256-gcm',
      DeviceId: 'a_0123456789ab',
    });
    // Without `addresses`, the older ip_addresses list.
    expect(slideAgentAsset(agents[1]!, info(agents[1]!), null).fields.IpAddresses).toEqual(['192.168.3.60']);
  });
});
