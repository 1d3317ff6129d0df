import { afterEach, describe, expect, it } from 'vitest';
import { startAwsStub } from '../../../../../test/vendor-stubs/aws.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { readAllSessions, testVendorContext } from '../../../../../test/vendor-context.ts';
import type { SourceSettings, VendorContext } from '../types.ts';
import { awsConnector } from './index.ts';

let stub: VendorStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const ctx = (): VendorContext => testVendorContext('AWS Backup');
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: 'eu-west-1' });

const readAll = (s: SourceSettings, cursor: string | null) => readAllSessions(awsConnector, ctx(), s, cursor);
const jobRequests = (st: VendorStub) =>
  st.requests.filter((r) => r.path.startsWith('/backup-jobs')).map((r) => new URL(r.path, 'http://x').searchParams);

describe('AWS Backup connector against its stub', () => {
  it('signs with the key pair and refuses a wrong secret with AWS’s reason', async () => {
    stub = await startAwsStub();
    await expect(awsConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    await expect(awsConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toMatchObject({
      name: 'VendorAuthError',
      status: 403,
      message: expect.stringContaining(stub.refusalText),
    });
    await expect(
      awsConnector.validate(ctx(), settings({ ...stub.credentials(), AccessKeyId: 'AKIANOTKNOWN' })),
    ).rejects.toMatchObject({ name: 'VendorAuthError', message: expect.stringContaining('security token') });
  });

  it('reads backup jobs page by page with NextToken, then only the ones completed after the cursor', async () => {
    stub = await startAwsStub({ customers: 2, devicesPerCustomer: 3, sessions: 25, pageSize: 10 });
    const s = settings(stub.credentials());
    const first = await readAll(s, null);
    expect(first.sessions).toHaveLength(25);
    expect(first.pages.filter((p) => p.sessions.length > 0)).toHaveLength(3);
    const params = jobRequests(stub);
    expect(params.map((p) => p.get('nextToken') !== null)).toEqual([false, true, true]);
    expect(params.every((p) => p.get('completeAfter'))).toBe(true);
    const failed = first.sessions.filter((x) => x.status === 'Failure');
    expect(failed[0]).toMatchObject({
      message: 'Insufficient privileges to perform this action.',
      backupType: 'VM',
      job: expect.stringMatching(/^Daily-35day-/),
      customerId: expect.stringMatching(/^\d{12}$/),
    });
    expect(first.sessions.some((x) => x.status === 'Warning')).toBe(true);

    const added = stub.addSessions(2, { status: 'Failure' });
    const again = await readAll(s, first.cursor);
    expect(again.sessions.map((x) => x.sessionId)).toEqual(added);
    expect(new Set(first.sessions.map((x) => x.customerId))).toEqual(new Set(stub.customers().map((c) => c.id)));
  });

  it('retries a ThrottlingException (429 with Retry-After) and a 503, then reads on', async () => {
    stub = await startAwsStub({ sessions: 5 });
    stub.failNext(1, 429);
    stub.failNext(1, 503);
    const got = await readAll(settings(stub.credentials()), null);
    expect(got.sessions).toHaveLength(5);
    expect(jobRequests(stub)).toHaveLength(3);
  });

  it('reads every region listed, and lists the AWS accounts as customers', async () => {
    stub = await startAwsStub({ customers: 3, sessions: 12 });
    const s = settings({ ...stub.credentials(), AdditionalRegions: 'us-east-1, eu-west-1' });
    const got = await readAll(s, null);
    expect(got.sessions).toHaveLength(24);
    expect(new Set(got.sessions.map((x) => x.sessionId.split(':')[0]))).toEqual(new Set(['eu-west-1', 'us-east-1']));
    const accounts = [];
    for await (const c of awsConnector.customers(ctx(), settings(stub.credentials()))) accounts.push(c);
    expect(accounts.sort((a, b) => a.id.localeCompare(b.id))).toEqual(stub.customers());
  });
});
