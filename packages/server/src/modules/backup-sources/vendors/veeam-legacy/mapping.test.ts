import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  entities,
  isFinished,
  jobType,
  mapBackupServer,
  mapResult,
  mapTaskSession,
  serverOf,
  type EmBackupServer,
  type EmJobSession,
  type EmQueryResult,
  type EmTaskSession,
} from './mapping.ts';

const fixture = (name: string): EmQueryResult =>
  JSON.parse(
    readFileSync(new URL(`../../../../../test/fixtures/vendors/veeam-legacy/${name}.json`, import.meta.url), 'utf8'),
  ) as EmQueryResult;

const [job] = entities<EmJobSession>(fixture('job-sessions'), 'BackupJobSessions');
const tasks = entities<EmTaskSession>(fixture('task-sessions'), 'BackupTaskSessions');

describe('Veeam Backup Enterprise Manager mapping', () => {
  it.each([
    ['Success', 'Success'],
    ['Warning', 'Warning'],
    ['Failed', 'Failure'],
    ['None', null],
    [null, null],
  ])('result %s → %s', (result, expected) => {
    expect(mapResult(result)).toBe(expected);
  });

  it.each([
    ['Completed', true],
    ['Stopped', true],
    ['InProgress', false],
    ['Pending', false],
    ['Working', false],
  ])('state %s finished: %s', (state, expected) => {
    expect(isFinished(state)).toBe(expected);
  });

  it('reads the backup server a job session links up to', () => {
    expect(serverOf(job)).toEqual({
      id: 'urn:veeam:BackupServer:8fff3b8e-c3f1-4ef5-aecc-561f07bf9982',
      name: '172.17.53.48',
    });
    expect(serverOf(null)).toBeNull();
  });

  it('maps task sessions with their job session, skipping one in progress', () => {
    const sessions = tasks.map((t) => mapTaskSession(t, job ?? null));
    expect(sessions.map((s) => s?.status ?? null)).toEqual(['Success', 'Warning', 'Failure', null]);
    expect(sessions[0]).toEqual({
      sessionId: 'urn:veeam:BackupTaskSession:a1c2e3f4-1111-4b6a-9b3a-2f7d0e5c9a01',
      customerId: 'urn:veeam:BackupServer:8fff3b8e-c3f1-4ef5-aecc-561f07bf9982',
      customerName: '172.17.53.48',
      device: 'dbserver01',
      job: 'exch',
      backupType: 'VM',
      status: 'Success',
      startTime: new Date('2024-03-01T22:29:02Z'),
      endTime: new Date('2024-03-01T22:35:40Z'),
      sizeBytes: 64424509440,
      durationSeconds: 398,
      message: null,
    });
    expect(sessions[1]?.message).toBe('Unable to truncate Microsoft Exchange transaction logs.');
    expect(sessions[2]?.message).toBe('Error: Cannot connect to host dc-hv. The operation has timed out.');
  });

  it('names the job after the session when its job session is unknown', () => {
    const s = mapTaskSession(tasks[0]!, null);
    expect(s).toMatchObject({ job: 'Backup job', device: 'dbserver01', customerId: null });
    expect(
      mapTaskSession(tasks[0]!, { UID: 'x', JobName: '', Name: 'SQL Backup@2024-03-01 22:00:05' } as EmJobSession)?.job,
    ).toBe('SQL Backup');
  });

  it('maps backup servers to customers and job types to backup types', () => {
    const [server] = entities<EmBackupServer>(fixture('backup-servers'), 'BackupServers');
    expect(mapBackupServer(server!)).toEqual({
      id: 'urn:veeam:BackupServer:8fff3b8e-c3f1-4ef5-aecc-561f07bf9982',
      name: '172.17.53.48',
    });
    expect(jobType('BackupCopy')).toBe('Backup Copy');
    expect(jobType('AgentBackup')).toBe('Agent');
    expect(jobType('NasBackup')).toBe('Files');
  });
});
