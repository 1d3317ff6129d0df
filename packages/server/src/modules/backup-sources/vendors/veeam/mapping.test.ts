import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  agentJobType,
  mapAgentAsset,
  mapAgentJob,
  mapCompany,
  mapServerAsset,
  mapServerJob,
  mapStatus,
  mapVb365Job,
  type VspcAgentJob,
  type VspcBackupAgent,
  type VspcBackupServer,
  type VspcCompany,
  type VspcEnvelope,
  type VspcNames,
  type VspcServerJob,
  type VspcVb365Job,
} from './mapping.ts';

const fixture = <T>(name: string): T[] => {
  const env = JSON.parse(
    readFileSync(new URL(`../../../../../test/fixtures/vendors/veeam/${name}.json`, import.meta.url), 'utf8'),
  ) as VspcEnvelope<T[]>;
  return env.data ?? [];
};

const companies = fixture<VspcCompany>('companies');
const servers = fixture<VspcBackupServer>('backup-servers');
const agents = fixture<VspcBackupAgent>('agents');
const lookup = (items: { instanceUid: string; name: string }[]) => (uid: string | null | undefined) =>
  items.find((i) => i.instanceUid === uid)?.name ?? null;
const names: VspcNames = { company: lookup(companies), server: lookup(servers), agent: lookup(agents) };

describe('Veeam Service Provider Console mapping', () => {
  it.each([
    ['Success', 'Success'],
    ['Warning', 'Warning'],
    ['Failed', 'Failure'],
    ['success', 'Success'],
    ['Running', null],
    ['Starting', null],
    ['Stopping', null],
    ['Idle', null],
    ['None', null],
    ['Unknown', null],
    [null, null],
  ])('status %s → %s', (status, expected) => {
    expect(mapStatus(status)).toBe(expected);
  });

  it('maps backup server jobs, skipping one that is still running', () => {
    const sessions = fixture<VspcServerJob>('server-jobs').map((j) => mapServerJob(j, names));
    expect(sessions.map((s) => s?.status ?? null)).toEqual(['Success', 'Warning', 'Failure', null]);
    expect(sessions[0]).toEqual({
      sessionId: 'job:a0b1c2d3-0000-4000-8000-000000000001:2024-03-01T10:22:16.627Z',
      customerId: '1c7ae5a9-2a83-4f0a-9a1c-7b3c8a0c2d11',
      customerName: 'Cedar Ridge Dental',
      device: 'VBR-CEDAR',
      job: 'Webserver Backup to Cloud',
      backupType: 'VM',
      status: 'Success',
      startTime: new Date('2024-03-01T10:16:48.447Z'),
      endTime: new Date('2024-03-01T10:22:16.627Z'),
      sizeBytes: 1632087572,
      durationSeconds: 328,
      message: null,
      assetId: '9d1e3c2b-6f4a-4e5d-8c7b-2a1f0e9d8c33',
    });
    expect(sessions[1]).toMatchObject({
      backupType: 'Replica',
      message: 'Processing SANDBOX01 Warning: Changed block tracking cannot be enabled',
    });
    expect(sessions[2]).toMatchObject({
      status: 'Failure',
      message: 'Error: Failed to connect to the backup repository',
    });
  });

  it('maps agent jobs to the agent computer, skipping one that never ran', () => {
    const sessions = fixture<VspcAgentJob>('agent-jobs').map((j) => mapAgentJob(j, names));
    expect(sessions[2]).toBeNull();
    expect(sessions[0]).toMatchObject({
      sessionId: 'agent:c1d2e3f4-2222-4b3c-8d4e-5f6a7b8c9d01:2024-03-01T19:12:30.000Z',
      device: 'FRONTDESK-PC',
      job: 'Workstation policy',
      backupType: 'Image',
      status: 'Success',
      sizeBytes: 2147483648,
      durationSeconds: 750,
      customerName: 'Cedar Ridge Dental',
      assetId: 'b7c8d9e0-1111-4a2b-9c3d-4e5f6a7b8c01',
    });
    expect(sessions[1]).toMatchObject({
      device: 'nfs-01',
      backupType: 'Files',
      status: 'Failure',
      message: 'Failed to connect to target backup repository. The network path was not found.',
      customerName: 'Northfield Hardware',
    });
  });

  it('maps Microsoft 365 jobs by their start time, skipping a running one', () => {
    const sessions = fixture<VspcVb365Job>('vb365-jobs').map((j) => mapVb365Job(j, names));
    expect(sessions[1]).toBeNull();
    expect(sessions[0]).toMatchObject({
      sessionId: 'm365:d4e5f6a7-3333-4c4d-9e5f-6a7b8c9d0e01:2024-03-01T23:00:05.000Z',
      customerId: '5b2f0e44-8d3a-4b8e-b1a7-0f3e6c9d4a22',
      device: 'Northfield Hardware',
      job: 'Mailboxes and OneDrive',
      backupType: 'Microsoft 365',
      status: 'Warning',
      endTime: null,
      message: 'Processing mailbox j.doe@northfield.example finished with warning: item is too large',
    });
  });

  it('maps companies, agents and backup servers', () => {
    expect(companies.map(mapCompany)).toEqual([
      { id: '1c7ae5a9-2a83-4f0a-9a1c-7b3c8a0c2d11', name: 'Cedar Ridge Dental' },
      { id: '5b2f0e44-8d3a-4b8e-b1a7-0f3e6c9d4a22', name: 'Northfield Hardware' },
    ]);
    expect(mapAgentAsset(agents[1]!)).toMatchObject({
      kind: 'device',
      name: 'nfs-01',
      fields: { DeviceName: 'nfs-01', AgentVersion: '6.1.0.1498', Platform: 'Linux' },
    });
    expect(mapServerAsset(servers[0]!)).toMatchObject({
      kind: 'appliance',
      name: 'VBR-CEDAR',
      fields: { Version: '12.1.2.172' },
    });
    expect(agentJobType('Volume')).toBe('Image');
  });
});
