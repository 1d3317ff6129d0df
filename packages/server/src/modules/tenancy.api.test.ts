import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { groups, tenants, users } from '../db/schema/index.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { tenantSnapshot } from '../../test/snapshot.ts';
import { readFileSync } from 'node:fs';
import { fixture } from '../../test/fixtures.ts';

/**
 * The outsider suite: a user of another tenant must get 404 for every resource of ours, see
 * none of our rows in any list, and change nothing. Every API route must be classified below,
 * so a new endpoint cannot slip in without being covered here.
 */
type Kind = 'public' | 'self' | 'platform' | 'tenant';
const CLASSIFIED: Record<string, Kind> = {
  'POST /api/UserAuth/Login': 'public',
  'GET /api/UserAuth/Login': 'public',
  'PUT /api/UserAuth/Login': 'public',
  'POST /api/UserAuth/logout': 'self',
  'GET /api/UserAuth/GetMsalSettings': 'public',
  'GET /api/UserAuth/GetGoogleApiSettings': 'public',
  'GET /api/UserAuth/GetAzureMsalSettings': 'public',
  'GET /api/health': 'public',
  'POST /api/user/reset-password': 'public',
  'POST /api/user/validate-token': 'public',
  'POST /api/user/set-password': 'public',
  'GET /api/user/authorized': 'self',
  'GET /api/user/profile': 'self',
  'POST /api/user/profile': 'self',
  'POST /api/user/change-password': 'self',
  'GET /api/user/mfa/get': 'self',
  'POST /api/user/mfa/regenerate': 'self',
  'POST /api/user/mfa/update': 'self',
  'DELETE /api/user/mfa': 'self',
  'GET /api/common/settings': 'self',
  'POST /api/admin/impersonation/logout': 'self',
  'GET /api/admin/tenants': 'platform',
  'POST /api/admin/impersonation/login/:id': 'platform',
  'GET /api/admin/feature-flag': 'platform',
  'PUT /api/admin/feature-flag/:id/:status': 'platform',
  'POST /api/admin/feature-flag': 'platform',
  'GET /api/UserActivity/GetUserActivity/:page': 'platform',
  'GET /api/admin/outbox': 'platform',
  'GET /api/group/standard': 'tenant',
  'GET /api/group/client': 'tenant',
  'GET /api/group/:id': 'tenant',
  'GET /api/user/:id': 'tenant',
  'GET /api/tenant/processed-emails': 'tenant',
  'GET /api/tenant/processed-emails/download': 'tenant',
  'POST /api/tenant/processed-emails/reprocess': 'tenant',
  'GET /api/tenant/mailboxes': 'tenant',
  'POST /api/tenant/aliases': 'tenant',
  'DELETE /api/tenant/aliases/:id': 'tenant',
  'POST /api/backup/inactive': 'tenant',
  'GET /api/parsing-status': 'platform',
  'GET /api/processed-emails': 'platform',
  'GET /api/processed-emails/download': 'platform',
  'PUT /api/processed-emails/reprocess': 'platform',
  'POST /api/admin/test-parsing': 'platform',
  'GET /api/admin/test-parsing/status': 'platform',
  'GET /api/admin/:provider/banned-emails': 'platform',
  'POST /api/admin/:provider/banned-emails': 'platform',
  'PUT /api/admin/:provider/banned-emails/:id': 'platform',
  'DELETE /api/admin/:provider/banned-emails/:id': 'platform',
  'GET /api/Message/GetMailBoxConfiguration': 'platform',
  'POST /api/admin/tenants/mailbox': 'platform',
  'POST /api/Message/ToggleEnableMailBox/:id': 'platform',
  'DELETE /api/Message/DeleteMailBox/:id': 'platform',
  'POST /api/Message/DeleteMailBoxes': 'platform',
};

let t: TestApp;
let homeId: number;
let homeGroupIds: number[];
let homeUserIds: number[];
let homeEmailId: number;
let homeAliasId: number;

beforeAll(async () => {
  t = await testApp();
  const [home] = await t.database.db.select().from(tenants).where(eq(tenants.slug, 'acme'));
  homeId = home.id;
  homeGroupIds = (await t.database.db.select().from(groups).where(eq(groups.tenantId, homeId))).map((g) => g.id);
  homeUserIds = (await t.database.db.select().from(users).where(eq(users.tenantId, homeId))).map((u) => u.id);
  const raw = readFileSync(fixture('veeam-br', 'backup-job-success.eml'));
  const [accepted] = await t.deps.ingest.accept({
    raw,
    envelopeFrom: 'veeam@acme.test',
    recipients: [{ tenantId: homeId, address: 'acme@inbound.localhost', plusTag: null }],
    source: 'smtp',
  });
  homeEmailId = accepted.emailId;
  homeAliasId = (await (await t.as('admin'))('POST', '/api/tenant/aliases', { Email: 'acme-backups' })).body.Id;
});
afterAll(async () => t.close());

describe('route coverage', () => {
  it('classifies every API route, and every classified route exists', () => {
    const actual = t.routes.map((r) => `${r.method} ${r.url}`).sort();
    expect(actual).toEqual(Object.keys(CLASSIFIED).sort());
  });

  it('public routes are exactly the ones marked public on the server', () => {
    const publicRoutes = t.routes
      .filter((r) => r.access?.public)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const expected = Object.entries(CLASSIFIED)
      .filter(([, k]) => k === 'public')
      .map(([r]) => r)
      .sort();
    expect(publicRoutes).toEqual(expected);
  });
});

describe('another tenant', () => {
  it('gets 404 for each of our groups and users, and changes nothing', async () => {
    const before = await tenantSnapshot(t.database, homeId);
    const outsider = await t.as('outsider');
    for (const id of homeGroupIds) {
      const r = await outsider('GET', `/api/group/${id}`);
      expect(r.status, `group ${id}`).toBe(404);
      expect(r.body.Message).toBe('Not found');
    }
    for (const id of homeUserIds) expect((await outsider('GET', `/api/user/${id}`)).status, `user ${id}`).toBe(404);
    expect(await tenantSnapshot(t.database, homeId)).toBe(before);
  });

  it('gets 404 for our e-mails and aliases, and changes nothing', async () => {
    const before = await tenantSnapshot(t.database, homeId);
    const outsider = await t.as('outsider');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/tenant/processed-emails/download?emailId=${homeEmailId}`],
      ['POST', '/api/tenant/processed-emails/reprocess', { emailId: homeEmailId }],
      ['DELETE', `/api/tenant/aliases/${homeAliasId}`],
    ];
    for (const [method, url, body] of calls) {
      const r = await outsider(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.Message).toBe('Not found');
    }
    expect(await tenantSnapshot(t.database, homeId)).toBe(before);
  });

  it('sees none of our e-mails, aliases or discovered backups', async () => {
    const outsider = await t.as('outsider');
    const emails = await outsider('GET', '/api/tenant/processed-emails');
    expect(emails.status).toBe(200);
    expect(emails.body.Results.map((e: { emailId: number }) => e.emailId)).not.toContain(homeEmailId);
    const boxes = await outsider('GET', '/api/tenant/mailboxes');
    expect(boxes.body.InboundAddress).toBe('other@inbound.localhost');
    expect(boxes.body.Aliases).toEqual([]);
    const inactive = await outsider('POST', '/api/backup/inactive', {});
    expect(inactive.status).toBe(200);
    expect(inactive.body.Total).toBe(0);
    // The alias belongs to us: the outsider cannot take it either.
    const taken = await outsider('POST', '/api/tenant/aliases', { Email: 'acme-backups' });
    expect(taken.status).toBe(400);
  });

  it('sees none of our rows in lists', async () => {
    const outsider = await t.as('outsider');
    for (const url of ['/api/group/standard', '/api/group/client']) {
      const r = await outsider('GET', url);
      expect(r.status).toBe(200);
      expect(r.body.length).toBeGreaterThan(0);
      for (const g of r.body) expect(homeGroupIds).not.toContain(g.Id);
    }
    const settings = await outsider('GET', '/api/common/settings');
    expect(settings.body.TenantName).toBe('Other MSP');
  });

  it('is told 404 for an id that exists nowhere, exactly as for ours (no existence oracle)', async () => {
    const outsider = await t.as('outsider');
    const ours = await outsider('GET', `/api/group/${homeGroupIds[0]}`);
    const none = await outsider('GET', '/api/group/999999');
    expect(ours.status).toBe(none.status);
    expect(ours.body).toEqual(none.body);
  });
});

describe('our own tenant', () => {
  it('an admin reads our groups and users', async () => {
    const admin = await t.as('admin');
    const r = await admin('GET', `/api/group/${homeGroupIds[0]}`);
    expect(r.status).toBe(200);
    expect((await admin('GET', `/api/user/${homeUserIds[1]}`)).body.Email).toMatch(/@acme\.test$/);
    const list = await admin('GET', '/api/group/standard');
    expect(list.body.map((g: { Name: string }) => g.Name)).toEqual(['Administrators', 'Standard Users']);
  });

  it('standard and client users lack settings.getusers and get 403 with the spec message', async () => {
    for (const p of ['standard', 'client'] as const) {
      const r = await (await t.as(p))('GET', '/api/group/standard');
      expect(r.status, p).toBe(403);
      expect(r.body.Message).toBe("You don't have a permission.");
    }
  });
});

describe('platform routes', () => {
  it('refuse every tenant persona with 403', async () => {
    const platform = t.routes.filter((r) => CLASSIFIED[`${r.method} ${r.url}`] === 'platform');
    for (const p of ['admin', 'standard', 'client', 'outsider'] as const) {
      const call = await t.as(p);
      for (const r of platform) {
        const url = r.url
          .replace(':id', '1')
          .replace(':status', '1')
          .replace(':page', '1')
          .replace(':provider', 'smtp');
        const res = await call(r.method, url, r.method === 'GET' ? undefined : { Key: 'x1', TenantIds: [] });
        expect(res.status, `${p} ${r.method} ${url}`).toBe(403);
      }
    }
  });
});
