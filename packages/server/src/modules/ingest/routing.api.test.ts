import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';

/** POST api/admin/{mailProvider}/sync-routing: what Vigil's inbound doors route to, re-read at once. */
let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

describe('sync-routing', () => {
  it("answers the SMTP door's routing: every tenant's address, alert address and aliases", async () => {
    await (
      await t.as('admin')
    )('POST', '/api/tenant/aliases', { Email: 'acme-nightly' });
    const r = await (await t.as('root'))('POST', '/api/admin/smtp/sync-routing');
    expect(r.status).toBe(200);
    expect(r.body.Provider).toBe('smtp');
    expect(r.body.Domain).toBe('inbound.localhost');
    const acme = r.body.Routes.filter((x: { TenantName: string }) => x.TenantName === 'Acme MSP');
    expect(acme.map((x: { Address: string }) => x.Address).sort()).toEqual([
      'acme-alerts@inbound.localhost',
      'acme-nightly@inbound.localhost',
      'acme@inbound.localhost',
    ]);
    expect(r.body.Routes.map((x: { Address: string }) => x.Address)).toContain('other@inbound.localhost');
  });

  it('applies a new alias at once: mail to it is accepted right after the sync', async () => {
    const tenant = await t.database.query<{ id: number }>(`SELECT id FROM tenants WHERE slug = 'acme'`);
    // Read the directory (cached), then add an alias straight in the database.
    await t.deps.ingest.resolveRecipient('acme@inbound.localhost');
    await t.database.query('INSERT INTO tenant_aliases (tenant_id, local_part) VALUES ($1, $2)', [
      tenant.rows[0].id,
      'acme-late',
    ]);
    const r = await (await t.as('root'))('POST', '/api/admin/smtp/sync-routing');
    expect(r.body.Routes.map((x: { Address: string }) => x.Address)).toContain('acme-late@inbound.localhost');
    expect(await t.deps.ingest.resolveRecipient('acme-late@inbound.localhost')).toMatchObject({
      tenantId: tenant.rows[0].id,
    });
  });

  it("answers the IMAP door's mailboxes, and 404 for a provider Vigil does not have", async () => {
    const root = await t.as('root');
    const imap = await root('POST', '/api/admin/imap/sync-routing');
    expect(imap.status).toBe(200);
    expect(imap.body).toMatchObject({ Provider: 'imap', Routes: expect.any(Array) });
    const unknown = await root('POST', '/api/admin/exchange/sync-routing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.Message).toBe('Unknown mail provider');
  });

  it('is refused to tenant users, administrators included', async () => {
    for (const p of ['admin', 'standard'] as const) {
      const r = await (await t.as(p))('POST', '/api/admin/smtp/sync-routing');
      expect(r.status, p).toBe(403);
    }
  });
});
