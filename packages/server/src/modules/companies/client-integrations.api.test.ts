import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backups, backupSources, companies, tenants } from '../../db/schema/index.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';

/** Companies → backup-client → integrations: backups that API sources found, with their source. */
let t: TestApp;
let contoso: number;

beforeAll(async () => {
  t = await testApp();
  const { db } = t.database;
  const acme = (await db.select().from(tenants).where(eq(tenants.slug, 'acme')))[0].id;
  contoso = (await db.insert(companies).values({ tenantId: acme, name: 'Contoso' }).returning())[0].id;
  const [source] = await db
    .insert(backupSources)
    .values({ tenantId: acme, type: 'datto', name: 'Datto EU', credentials: 'sealed' })
    .returning();
  await db.insert(backups).values([
    {
      tenantId: acme,
      vendor: 'Datto',
      deviceName: 'srv-01',
      jobName: 'Agent',
      method: 'Api',
      sourceId: source.id,
      companyId: contoso,
      currentStatus: 1,
      lastResultAt: new Date('2026-11-20T10:00:00Z'),
    },
    { tenantId: acme, vendor: 'Datto', deviceName: 'srv-02', jobName: 'Agent', method: 'Api', sourceId: source.id },
    { tenantId: acme, vendor: 'Veeam', deviceName: 'srv-03', jobName: 'Nightly', companyId: contoso },
  ]);
});
afterAll(async () => t.close());

describe('GET /api/client/integrations', () => {
  it('lists only the backups an API source found, with vendor, source and last result', async () => {
    const admin = await t.as('admin');
    const res = await admin('GET', '/api/client/integrations');
    expect(res.status).toBe(200);
    expect(res.body.map((r: { DeviceName: string }) => r.DeviceName).sort()).toEqual(['srv-01', 'srv-02']);
    expect(res.body.find((r: { DeviceName: string }) => r.DeviceName === 'srv-01')).toMatchObject({
      Vendor: 'Datto',
      SourceType: 'datto',
      SourceName: 'Datto EU',
      CompanyName: 'Contoso',
      CurrentStatus: 1,
      LastResultAt: '2026-11-20T10:00:00.000Z',
    });
    const one = await admin('GET', `/api/client/integrations?companyId=${contoso}`);
    expect(one.body.map((r: { DeviceName: string }) => r.DeviceName)).toEqual(['srv-01']);
  });

  it('shows another tenant nothing and needs the backup integrations permission', async () => {
    expect((await (await t.as('outsider'))('GET', '/api/client/integrations')).body).toEqual([]);
    expect((await (await t.as('client'))('GET', '/api/client/integrations')).status).toBe(403);
  });
});
