import { readFileSync } from 'node:fs';
import type { BackupJob, CopyJob } from '@aws-sdk/client-backup';
import { describe, expect, it } from 'vitest';
import { arnName, awsCustomer, mapAwsCopyJob, mapAwsJob, vaultOf } from './mapping.ts';

/** The fixture as the SDK hands it over: epoch-second timestamps become Dates. */
const jobs = (
  JSON.parse(
    readFileSync(new URL('../../../../../test/fixtures/vendors/aws/list-backup-jobs.json', import.meta.url), 'utf8'),
  ) as { BackupJobs: Record<string, unknown>[] }
).BackupJobs.map((j) => {
  const out: Record<string, unknown> = { ...j };
  for (const k of ['CreationDate', 'CompletionDate', 'StartBy']) {
    if (typeof j[k] === 'number') out[k] = new Date((j[k] as number) * 1000);
  }
  return out as BackupJob;
});

describe('AWS Backup jobs', () => {
  it('maps a completed job: resource name as device, backup plan as job, account as customer', () => {
    expect(mapAwsJob(jobs[0]!, 'us-west-2')).toEqual({
      sessionId: 'us-west-2:a1b2c3d4-5678-90ab-cdef-EXAMPLE11111',
      customerId: '123456789012',
      customerName: 'AWS account 123456789012',
      device: 'web-01',
      job: 'Daily-35day',
      backupType: 'VM',
      status: 'Success',
      startTime: new Date(1600721892929),
      endTime: new Date(1600722892929),
      sizeBytes: 8589934592,
      durationSeconds: 1000,
      message: null,
      assetId: 'arn:aws:ec2:us-west-2:123456789012:instance/i-12345678901234567',
    });
  });

  it('maps a failed job without a name or plan to the ARN’s resource id and the vault, with AWS’s message', () => {
    expect(mapAwsJob(jobs[1]!, 'us-west-2')).toMatchObject({
      device: 'fs-12345678',
      job: 'Default',
      backupType: 'Files',
      status: 'Failure',
      message: 'Insufficient privileges to perform this action.',
      sizeBytes: null,
    });
  });

  it('files "Completed with issues" as a warning and skips jobs still running', () => {
    expect(mapAwsJob(jobs[2]!, 'us-west-2')).toMatchObject({
      status: 'Warning',
      message: 'The backup completed, but some snapshots were skipped.',
      customerId: '210987654321',
      backupType: 'Database',
    });
    expect(mapAwsJob(jobs[3]!, 'us-west-2')).toBeNull();
  });

  it.each([
    ['PARTIAL', 'Warning'],
    ['ABORTED', 'Warning'],
    ['EXPIRED', 'Failure'],
    ['RUNNING', null],
  ])('state %s → %s', (State, status) => {
    const got = mapAwsJob({ ...jobs[0]!, State: State as BackupJob['State'], MessageCategory: undefined }, 'x');
    expect(got?.status ?? null).toBe(status);
  });

  it('names resources from their ARN and accounts by id', () => {
    expect(arnName('arn:aws:rds:us-west-2:210987654321:db:orders')).toBe('db:orders');
    expect(arnName('arn:aws:s3:::my-bucket')).toBe('my-bucket');
    expect(awsCustomer('123456789012')).toEqual({ id: '123456789012', name: 'AWS account 123456789012' });
  });
});

describe('AWS Backup copy jobs', () => {
  const copies = (
    JSON.parse(
      readFileSync(new URL('../../../../../test/fixtures/vendors/aws/list-copy-jobs.json', import.meta.url), 'utf8'),
    ) as { CopyJobs: Record<string, unknown>[] }
  ).CopyJobs.map((j) => {
    const out: Record<string, unknown> = { ...j };
    for (const k of ['CreationDate', 'CompletionDate']) {
      if (typeof j[k] === 'number') out[k] = new Date((j[k] as number) * 1000);
    }
    return out as CopyJob;
  });

  it('files a copy as its own job, named after the plan and the vault it copies to', () => {
    expect(mapAwsCopyJob(copies[0]!, 'us-west-2')).toEqual({
      sessionId: 'us-west-2:copy:a1b2c3d4-5678-90ab-cdef-EXAMPLE22222',
      customerId: '123456789012',
      customerName: 'AWS account 123456789012',
      device: 'web-01',
      job: 'Daily-35day → copy to Offsite (us-east-1)',
      backupType: 'Copy',
      status: 'Success',
      startTime: new Date(1600722892929),
      endTime: new Date(1600724692929),
      sizeBytes: 8589934592,
      durationSeconds: 1800,
      message: null,
      assetId: 'arn:aws:ec2:us-west-2:123456789012:instance/i-0123456789abcdef0',
    });
  });

  it('maps failed and partial copies, names the source vault without a plan, and skips running ones', () => {
    expect(mapAwsCopyJob(copies[1]!, 'us-west-2')).toMatchObject({
      device: 'db:orders',
      job: 'Default → copy to Locked',
      status: 'Failure',
      message: 'Access denied to the destination backup vault.',
    });
    expect(mapAwsCopyJob(copies[2]!, 'us-west-2')).toBeNull();
    expect(mapAwsCopyJob(copies[3]!, 'us-west-2')).toMatchObject({
      job: 'Default → copy to Offsite-EU (eu-west-1)',
      status: 'Warning',
      message: 'Copy job completed partially',
    });
    expect(vaultOf('arn:aws:backup:eu-west-1:123456789012:backup-vault:Offsite-EU')).toEqual({
      name: 'Offsite-EU',
      region: 'eu-west-1',
    });
  });
});
