import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  advanceCometCursor,
  formatCometCursor,
  isAfterCursor,
  mapCometDevices,
  mapCometJob,
  mapCometUser,
  parseCometCursor,
  type CometJob,
  type CometUserProfile,
} from './mapping.ts';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../../../../../test/fixtures/vendors/comet/${name}`, import.meta.url), 'utf8')) as T;

const users = fixture<Record<string, CometUserProfile>>('list-users-full.json');
const jobs = fixture<CometJob[]>('get-jobs-for-date-range.json');
const byGuid = (suffix: string) => jobs.find((j) => j.GUID.endsWith(suffix))!;
const map = (suffix: string) => {
  const job = byGuid(suffix);
  return mapCometJob(job, users[job.Username]);
};

describe('Comet job mapping', () => {
  it.each([
    ['001', 'Success', null],
    ['002', 'Warning', 'The job completed with warnings'],
    ['003', 'Failure', 'The job did not fully complete because of an error'],
    ['004', 'Failure', 'The job did not start at its scheduled time'],
    ['005', 'Warning', 'Skipped: a backup was already running'],
    ['008', 'Failure', 'The job was cancelled'],
    ['009', 'Failure', 'The storage quota was exceeded'],
    ['00a', 'Failure', 'The job stopped unexpectedly or was abandoned'],
  ])('job …%s is %s', (suffix, status, message) => {
    expect(map(suffix)).toMatchObject({ status, message });
  });

  it('skips running and not-yet-started jobs, and jobs that are not backups', () => {
    expect(map('006')).toBeNull();
    expect(map('00b')).toBeNull();
    expect(map('007')).toBeNull();
  });

  it('names the device, protected item, type and customer from the user profile', () => {
    expect(map('001')).toEqual({
      sessionId: '11111111-1111-4111-8111-000000000001',
      customerId: 'acme-backup',
      customerName: 'Acme Dental',
      device: 'ACME-FS01',
      job: 'C: drive image',
      backupType: 'Image',
      status: 'Success',
      startTime: new Date(1735722000 * 1000),
      endTime: new Date(1735725600 * 1000),
      sizeBytes: 64424509440,
      durationSeconds: 3600,
      message: null,
      assetId: 'b7a5b1e8c2f34c2e9a3d51f0e8c7d6a1',
    });
    expect(map('002')).toMatchObject({ backupType: 'Microsoft 365', job: 'Microsoft 365 mailboxes' });
    // No account name: the user name stands in.
    expect(map('003')).toMatchObject({ customerName: 'globex', device: 'GLOBEX-MBP', backupType: 'Files' });
  });

  it('falls back to ids when the profile is unknown', () => {
    expect(mapCometJob(byGuid('001'), undefined)).toMatchObject({
      device: 'b7a5b1e8c2f34c2e9a3d51f0e8c7d6a1',
      job: '9c1f6c3e-2d0b-4b58-9f4e-0c7c1f2c7a11',
      customerName: 'acme-backup',
    });
  });
});

describe('Comet users and devices', () => {
  it('maps users to customers and their devices to assets', () => {
    expect(Object.values(users).map(mapCometUser)).toEqual([
      { id: 'acme-backup', name: 'Acme Dental' },
      { id: 'globex', name: 'globex' },
    ]);
    expect(mapCometDevices(users['globex']!)).toEqual([
      {
        kind: 'device',
        externalId: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
        customerId: 'globex',
        name: 'GLOBEX-MBP',
        fields: {
          DeviceName: 'GLOBEX-MBP',
          Hostname: 'GLOBEX-MBP',
          Company: 'globex',
          AgentVersion: '24.12.2',
          Platform: 'macOS',
          PlatformVersion: '14.5',
          DeviceId: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
        },
      },
    ]);
  });
});

describe('Comet cursor', () => {
  const at = (GUID: string, EndTime: number) => ({ GUID, EndTime }) as CometJob;

  it('keeps the jobs read in the last second so a later one in that second is still read', () => {
    const c = advanceCometCursor(null, [at('a', 10), at('b', 20), at('c', 20)])!;
    expect(formatCometCursor(c)).toBe('20:b,c');
    const parsed = parseCometCursor('20:b,c');
    expect(isAfterCursor(at('b', 20), parsed)).toBe(false);
    expect(isAfterCursor(at('d', 20), parsed)).toBe(true);
    expect(isAfterCursor(at('e', 19), parsed)).toBe(false);
    expect(isAfterCursor(at('f', 21), parsed)).toBe(true);
    expect(formatCometCursor(advanceCometCursor(parsed, [at('d', 20)])!)).toBe('20:b,c,d');
    expect(parseCometCursor('garbage')).toBeNull();
  });
});
