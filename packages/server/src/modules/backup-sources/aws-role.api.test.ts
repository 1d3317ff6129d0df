import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { startAwsStub, type AwsStub } from '../../../test/vendor-stubs/aws.ts';
import { backgroundSyncsSettled } from './sync-control.ts';

/** An AWS Backup source that assumes a role: linked through STS, refused on a wrong external id, copies filed. */

let t: TestApp;
let stub: AwsStub;
beforeAll(async () => {
  t = await testApp({ VENDOR_BACKOFF_SCALE: '0' });
  stub = await startAwsStub({ customers: 1, devicesPerCustomer: 2, sessions: 4 });
});
afterAll(async () => {
  await backgroundSyncsSettled();
  await stub?.close();
  await t?.close();
});

const form = (credentials: Record<string, string>) => ({
  Name: 'AWS with a role',
  Region: stub.region,
  Credentials: credentials,
});

describe('AWS Backup source with a role ARN', () => {
  it('refuses a wrong external id with AWS’s AccessDenied and saves nothing', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/integration/aws', form(stub.roleCredentials('wrong-external-id')));
    expect(r.status).toBe(400);
    expect(r.body.Message).toContain('AccessDenied');
    expect(r.body.Message).toContain('is not authorized to perform: sts:AssumeRole');
    expect((await admin('GET', '/api/integration/aws')).body).toEqual([]);
  });

  it('links with the role, keeps the role fields readable, and files backup and copy jobs', async () => {
    const admin = await t.as('admin');
    const credentials = stub.roleCredentials();
    const r = await admin('POST', '/api/integration/aws', form(credentials));
    expect(r.status).toBe(200);
    expect(r.body.Credentials).toMatchObject({
      RoleArn: credentials.RoleArn,
      ExternalId: credentials.ExternalId,
      SecretAccessKey: null,
    });
    stub.addCopyJobs(2, { vault: 'Offsite-Vault', region: 'eu-central-1' });
    expect((await admin('POST', `/api/integration/aws/${r.body.Id}/sync`)).status).toBe(202);
    await backgroundSyncsSettled();
    const source = (await admin('GET', `/api/integration/aws/${r.body.Id}`)).body;
    expect(source).toMatchObject({ SyncStatus: 'completed', Health: 'Healthy', LastError: null });
    const jobs = await t.database.query<{ job_name: string }>(
      'SELECT DISTINCT job_name FROM backups WHERE source_id = $1 ORDER BY job_name',
      [r.body.Id],
    );
    expect(jobs.rows.map((x) => x.job_name)).toContain('Daily-35day-1 → copy to Offsite-Vault (eu-central-1)');
    const filed = await t.database.query<{ n: string }>('SELECT count(*) AS n FROM results WHERE source_id = $1', [
      r.body.Id,
    ]);
    expect(Number(filed.rows[0]!.n)).toBe(6);
  });
});
