import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  mapAcronisResource,
  mapAcronisTask,
  mapAcronisTenant,
  resourceBackupType,
  type AcronisResource,
  type AcronisTask,
  type AcronisTenant,
} from './mapping.ts';

const fixture = <T>(name: string): T =>
  JSON.parse(
    readFileSync(new URL(`../../../../../test/fixtures/vendors/acronis/${name}`, import.meta.url), 'utf8'),
  ) as T;

const tasks = fixture<{ items: AcronisTask[] }>('tasks.json').items;
const task = (n: number) => tasks.find((t) => t.idString === String(944455285181775872n + BigInt(n)))!;

describe('Acronis task mapping', () => {
  it.each([
    [1, 'Success', null],
    [2, 'Warning', "Virtual machine 'globex-sql01': Changed Block Tracking could not be enabled."],
    [3, 'Failure', 'The storage quota has been exceeded.'],
    [4, 'Failure', 'The backup was cancelled'],
    [5, 'Failure', 'The backup was abandoned'],
    [6, 'Failure', 'The backup timed out'],
  ])('task %i is %s', (n, status, message) => {
    expect(mapAcronisTask(task(n))).toMatchObject({ status, message });
  });

  it('skips running tasks and tasks that are not backups', () => {
    expect(mapAcronisTask(task(0))).toBeNull(); // the guide's agent registration
    expect(mapAcronisTask(task(7))).toBeNull(); // still running
    expect(mapAcronisTask(task(8))).toBeNull(); // a recovery
  });

  it('reads the tenant, device, plan and times of a backup', () => {
    expect(mapAcronisTask(task(1))).toEqual({
      sessionId: '7a8b9c0d-1e2f-4a3b-8c4d-000000000001',
      customerId: 'b1d3e5f7-1111-4a2b-9c3d-000000000001',
      customerName: 'Acme Dental',
      device: 'ACME-FS01',
      job: 'Total protection',
      backupType: 'Image',
      status: 'Success',
      startTime: new Date('2025-01-01T01:00:00Z'),
      endTime: new Date('2025-01-01T01:42:30.123Z'),
      sizeBytes: null,
      durationSeconds: 2550,
      message: null,
      assetId: 'd0c1b2a3-9485-4766-8574-635241302010',
    });
    expect(mapAcronisTask(task(2))).toMatchObject({ backupType: 'VM', device: 'globex-sql01' });
    expect(mapAcronisTask(task(3))).toMatchObject({ backupType: 'Microsoft 365', device: 'j.doe@globex.example' });
  });

  it('reads the tenant whether Acronis sends it as an object or as an id', () => {
    const plain = { ...task(1), tenant: 'b1d3e5f7-1111-4a2b-9c3d-000000000009', tenantName: undefined };
    expect(mapAcronisTask(plain)).toMatchObject({
      customerId: 'b1d3e5f7-1111-4a2b-9c3d-000000000009',
      customerName: null,
    });
    expect(mapAcronisTask({ ...task(1), tenant: { id: 1496301 } })).toMatchObject({ customerId: '1496301' });
  });

  it('names the backup type from the resource type', () => {
    expect(resourceBackupType('resource.machine')).toBe('Image');
    expect(resourceBackupType('resource.virtual_machine.mshyperv')).toBe('VM');
    expect(resourceBackupType('resource.m365.onedrive')).toBe('Microsoft 365');
    expect(resourceBackupType('resource.google.mailbox')).toBe('Google Workspace');
    expect(resourceBackupType('resource.google.drive')).toBe('Google Workspace');
    expect(resourceBackupType(undefined)).toBe('Agent');
  });
});

describe('Acronis tenants and resources', () => {
  it('maps tenants to customers', () => {
    const tenants = fixture<{ items: AcronisTenant[] }>('tenants.json').items;
    expect(tenants.filter((t) => t.kind === 'customer').map(mapAcronisTenant)).toEqual([
      { id: 'b1d3e5f7-1111-4a2b-9c3d-000000000001', name: 'Acme Dental' },
      { id: 'b1d3e5f7-1111-4a2b-9c3d-000000000003', name: 'Globex Logistics' },
    ]);
  });

  it('maps machines to devices, preferring the name a user gave', () => {
    const [server, laptop] = fixture<{ items: AcronisResource[] }>('resources.json').items;
    expect(mapAcronisResource(server!)).toMatchObject({
      kind: 'device',
      customerId: 'b1d3e5f7-1111-4a2b-9c3d-000000000001',
      name: 'ACME-FS01',
      fields: {
        AgentVersion: '24.12.39185',
        Platform: 'windows',
        PlatformVersion: 'Microsoft Windows Server 2022 Standard',
      },
    });
    expect(mapAcronisResource(laptop!)).toMatchObject({ name: 'Laptop (Anna)', fields: { Hostname: 'globex-lt07' } });
  });
});
