import { afterEach, describe, expect, it } from 'vitest';
import { startAwsStub, type AwsStub } from '../../../../../test/vendor-stubs/aws.ts';
import { readAllSessions, testVendorContext } from '../../../../../test/vendor-context.ts';
import type { SourceSettings, VendorContext } from '../types.ts';
import { awsConnector } from './index.ts';

let stub: AwsStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const ctx = (): VendorContext => testVendorContext('AWS Backup');
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: 'eu-west-1' });
const stsCalls = (st: AwsStub) => st.requests.filter((r) => r.method === 'POST' && r.path === '/');

describe('AWS Backup with a role to assume', () => {
  it('assumes the role with its external id and reads with the temporary credentials', async () => {
    stub = await startAwsStub({ customers: 2, devicesPerCustomer: 2, sessions: 6 });
    const s = settings(stub.roleCredentials());
    await expect(awsConnector.validate(ctx(), s)).resolves.toBeUndefined();
    const c = ctx();
    const got = await readAllSessions(awsConnector, c, s, null);
    expect(got.sessions).toHaveLength(6);
    // One AssumeRole per sync, however many pages and lists are read.
    expect(stsCalls(stub)).toHaveLength(2);
  });

  it('refuses a wrong external id with AWS’s AccessDenied', async () => {
    stub = await startAwsStub();
    await expect(awsConnector.validate(ctx(), settings(stub.roleCredentials('not-the-id')))).rejects.toMatchObject({
      name: 'VendorAuthError',
      status: 403,
      message: expect.stringMatching(/^AccessDenied: User: .* is not authorized to perform: sts:AssumeRole/),
    });
    const { ExternalId: _omitted, ...withoutId } = stub.roleCredentials();
    await expect(awsConnector.validate(ctx(), settings(withoutId))).rejects.toMatchObject({
      name: 'VendorAuthError',
      message: expect.stringContaining('AccessDenied'),
    });
    // Nothing was read from AWS Backup with the refused role.
    expect(stub.requests.filter((r) => r.path.startsWith('/backup-jobs'))).toHaveLength(0);
  });
});

describe('AWS Backup copy jobs', () => {
  it('files each copy to another vault as its own job, page by page, then only new ones', async () => {
    stub = await startAwsStub({ customers: 1, devicesPerCustomer: 2, sessions: 3, pageSize: 2 });
    const s = settings(stub.credentials());
    const copies = stub.addCopyJobs(3, { vault: 'Offsite-Vault', region: 'eu-central-1' });
    const failed = stub.addCopyJobs(1, { status: 'Failure', vault: 'Locked', region: 'eu-west-1' });
    const first = await readAllSessions(awsConnector, ctx(), s, null);
    expect(first.sessions).toHaveLength(7);
    const copied = first.sessions.filter((x) => x.backupType === 'Copy');
    expect(copied.map((x) => x.sessionId).sort()).toEqual([...copies, ...failed].sort());
    expect(new Set(copied.map((x) => x.job))).toEqual(
      new Set(['Daily-35day-1 → copy to Offsite-Vault (eu-central-1)', 'Daily-35day-1 → copy to Locked']),
    );
    expect(copied.find((x) => x.status === 'Failure')).toMatchObject({
      message: 'Access denied to the destination backup vault.',
    });
    const copyReads = stub.requests.filter((r) => r.path.startsWith('/copy-jobs'));
    expect(copyReads.length).toBe(2);
    expect(copyReads.every((r) => new URL(r.path, 'http://x').searchParams.get('completeAfter'))).toBe(true);

    const more = stub.addCopyJobs(2);
    const again = await readAllSessions(awsConnector, ctx(), s, first.cursor);
    expect(again.sessions.map((x) => x.sessionId)).toEqual(more);
  });
});
