import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  mapShadowControlEntry,
  pageItems,
  pageNext,
  shadowControlAsset,
  shadowControlCustomer,
  type ShadowControlHistory,
  type ShadowControlPage,
} from './mapping.ts';

const page = JSON.parse(
  readFileSync(new URL('../../../../../test/fixtures/vendors/storagecraft/history.json', import.meta.url), 'utf8'),
) as ShadowControlPage<ShadowControlHistory>;
const [contoso, fabrikam] = pageItems(page) as [ShadowControlHistory, ShadowControlHistory];
const entry = (e: ShadowControlHistory, id: number) => e.history!.find((h) => h.id === id)!;

describe('ShadowControl history entries', () => {
  it.each([
    [contoso, 51201, 'Success', null],
    [contoso, 51202, 'Failure', 'Backup failed: unable to write to the destination (error 1117)'],
    [contoso, 51203, 'Warning', 'Verification failed for CONTOSO-FS01_C_VOL-b001-i0042.spi'],
    [contoso, 51204, null, null],
    [fabrikam, 60010, 'Failure', 'VirtualBoot check failed'],
    [fabrikam, 60011, 'Failure', 'Backup was missed'],
    [fabrikam, 60012, 'Warning', 'Backup was aborted'],
    [fabrikam, 60013, null, null],
  ] as const)('%#: entry %s maps to %s', (endpoint, id, status, message) => {
    const session = mapShadowControlEntry(endpoint, entry(endpoint, id));
    if (status === null) {
      expect(session).toBeNull();
      return;
    }
    expect(session).toMatchObject({ status, message });
  });

  it('files a ShadowProtect incremental under its endpoint and organization', () => {
    expect(mapShadowControlEntry(contoso, entry(contoso, 51201))).toEqual({
      sessionId: '2b7e1516-28ae-4d2a-abf7-158809cf4f3c:51201',
      customerId: '4',
      customerName: 'Contoso Ltd',
      device: 'CONTOSO-FS01',
      job: 'Nightly image',
      backupType: 'Image',
      status: 'Success',
      startTime: new Date('2024-05-08T22:00:02Z'),
      endTime: new Date('2024-05-08T22:09:47Z'),
      sizeBytes: 734003200,
      durationSeconds: 585,
      message: null,
      assetId: '2b7e1516-28ae-4d2a-abf7-158809cf4f3c',
    });
  });

  it('files ImageManager checks as their own jobs, and names an unnamed endpoint by hostname', () => {
    expect(mapShadowControlEntry(contoso, entry(contoso, 51203))).toMatchObject({
      job: 'ImageManager verification',
      backupType: 'Image verification',
    });
    expect(mapShadowControlEntry(fabrikam, entry(fabrikam, 60010))).toMatchObject({
      device: 'fabrikam-dc01',
      job: 'VirtualBoot check',
      backupType: 'VirtualBoot',
    });
    expect(mapShadowControlEntry(fabrikam, entry(fabrikam, 60011))).toMatchObject({
      job: 'ShadowProtect backup',
      startTime: null,
      durationSeconds: null,
    });
    expect(shadowControlCustomer(fabrikam.organization!)).toEqual({ id: '7', name: 'Fabrikam' });
  });

  it('reads a paged envelope and a plain list alike', () => {
    expect(pageItems(page)).toHaveLength(2);
    expect(pageNext(page)).toBeNull();
    expect(pageItems([contoso])).toEqual([contoso]);
    expect(pageNext({ results: [], next: 'https://sc/api/reports/history/?page=2' })).toBe(
      'https://sc/api/reports/history/?page=2',
    );
  });
});

describe('ShadowControl endpoints', () => {
  it('maps an endpoint with the device fields, its organization and site as the company', () => {
    const a = shadowControlAsset(contoso, 'https://sc.example.com');
    expect(a).toMatchObject({
      kind: 'device',
      externalId: contoso.uuid,
      customerId: '4',
      name: 'CONTOSO-FS01',
      consoleUrl: 'https://sc.example.com',
    });
    expect(a.fields).toEqual({
      DeviceName: 'CONTOSO-FS01',
      Hostname: 'contoso-fs01.contoso.local',
      Appliance: null,
      Company: 'Contoso Ltd / Head office',
      BootDate: '2024-05-02T04:11:09Z',
      AgentVersion: '5.1.4.21',
      Platform: 'Windows Server 2019 Standard',
      PlatformVersion: '10.0.17763',
      Manufacturer: 'Dell Inc.',
      FirmwareType: null,
      IpAddresses: ['192.168.10.21'],
      MacAddresses: ['00:15:5d:01:0a:15'],
      EncryptionAlgorithm: null,
      DeviceId: contoso.uuid,
    });
    expect(shadowControlAsset(fabrikam, 'https://sc').fields).toMatchObject({
      DeviceName: 'fabrikam-dc01',
      Company: 'Fabrikam',
      IpAddresses: [],
    });
  });
});
