import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';

/** GET api/integration/aws/regions: the regions an AWS Backup source may read. */

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe('AWS Backup regions', () => {
  it('lists the AWS regions, the same as the aws descriptor’s', async () => {
    const admin = await t.as('admin');
    const r = await admin('GET', '/api/integration/aws/regions');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(expect.arrayContaining([{ Id: 'eu-west-1', Name: 'Europe (Ireland)' }]));
    expect((r.body as { Id: string }[]).map((x) => x.Id)).toContain('us-east-1');
    const cards = (await admin('GET', '/api/integration/backups')).body as { Type?: string; Regions?: unknown }[];
    const aws = JSON.stringify(cards).includes('"aws"');
    expect(aws).toBe(true);
  });

  it('is refused to a client user', async () => {
    expect((await (await t.as('client'))('GET', '/api/integration/aws/regions')).status).toBe(403);
  });
});
