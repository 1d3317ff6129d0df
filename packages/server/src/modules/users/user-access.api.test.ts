import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubUser, UserTypeMessages } from '@vigil/contract';
import { z } from 'zod';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { TEST_PASSWORD } from '../../../test/personas.ts';

let t: TestApp;
let homeId: number;
let supportId: number;

const HubUsers = z.array(HubUser);
const userId = async (email: string) =>
  (await t.database.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0].id;

beforeAll(async () => {
  t = await testApp();
  homeId = (await t.database.query<{ id: number }>("SELECT id FROM tenants WHERE slug = 'acme'")).rows[0].id;
  const r = await t.database.query<{ id: number }>(
    `INSERT INTO users (tenant_id, email, first_name, last_name, admin_privileges, password_hash)
     VALUES (NULL, 'support@vigil.local', 'Sup', 'Port', 2, $1) RETURNING id`,
    [await hashPassword(TEST_PASSWORD)],
  );
  supportId = r.rows[0].id;
});
afterAll(async () => t.close());

describe('support access', () => {
  it('lists who granted access, until when, and whether it comes from the grant for all staff', async () => {
    const admin = await t.as('admin');
    const before = HubUsers.parse((await admin('GET', '/api/user/hub-users')).body);
    expect(before[0]).toEqual({
      UserId: null,
      Name: 'All platform staff',
      Email: null,
      HasAccess: false,
      GrantedAt: null,
      ExpiresAt: null,
      GrantedBy: null,
      AccessVia: null,
    });
    expect(before.find((h) => h.UserId === supportId)).toMatchObject({ Name: 'Sup Port', HasAccess: false });

    const granted = await admin('POST', '/api/user/grant-access', { UserId: supportId, Days: 7 });
    expect(granted.status).toBe(200);
    const sup = HubUsers.parse(granted.body).find((h) => h.UserId === supportId)!;
    expect(sup).toMatchObject({ HasAccess: true, GrantedBy: 'Ada Admin', AccessVia: 'own' });
    const days = (Date.parse(sup.ExpiresAt!) - Date.parse(sup.GrantedAt!)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    // The grant for everyone covers the others; the support user's own grant still wins for them.
    const all = HubUsers.parse((await admin('POST', '/api/user/grant-access', { UserId: null, Days: 1 })).body);
    const root = all.find((h) => h.Email === 'root@vigil.local')!;
    expect(all[0]).toMatchObject({ HasAccess: true, AccessVia: 'all', GrantedBy: 'Ada Admin' });
    expect(root).toMatchObject({ HasAccess: true, AccessVia: 'all', ExpiresAt: all[0].ExpiresAt });
    expect(all.find((h) => h.UserId === supportId)).toMatchObject({ AccessVia: 'own', ExpiresAt: sup.ExpiresAt });

    // Revoking one administrator ends only their own grant: the grant for all staff still lets them in.
    const one = HubUsers.parse((await admin('POST', '/api/user/revoke-access', { UserId: supportId })).body);
    expect(one.find((h) => h.UserId === supportId)).toMatchObject({ HasAccess: true, AccessVia: 'all' });
    const none = HubUsers.parse((await admin('POST', '/api/user/revoke-access', { UserId: null })).body);
    expect(none.every((h) => !h.HasAccess && h.GrantedBy === null && h.AccessVia === null)).toBe(true);
  });

  it('lets the support user in only while a grant is live, and not after it expires', async () => {
    const admin = await t.as('admin');
    const login = await t.call<{ accessToken: string }>('POST', '/api/UserAuth/Login', {
      body: { UserName: 'support@vigil.local', Password: TEST_PASSWORD },
    });
    const enter = () => t.call('POST', `/api/admin/impersonation/login/${homeId}`, { token: login.body.accessToken });
    expect((await enter()).status).toBe(403);
    await admin('POST', '/api/user/grant-access', { UserId: supportId, Days: 1 });
    expect((await enter()).status).toBe(200);
    await t.database.query(
      "UPDATE tenant_access_grants SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND revoked_at IS NULL",
      [supportId],
    );
    expect((await enter()).status).toBe(403);
    const listed = HubUsers.parse((await admin('GET', '/api/user/hub-users')).body);
    expect(listed.find((h) => h.UserId === supportId)).toMatchObject({ HasAccess: false, ExpiresAt: null });
  });

  it('answers bad lengths and unknown staff clearly, and a tenant user is not staff', async () => {
    const admin = await t.as('admin');
    for (const Days of [0, 366, 2.5, 'week']) {
      const r = await admin('POST', '/api/user/grant-access', { UserId: supportId, Days });
      expect(r.status, String(Days)).toBe(400);
      expect(r.body).toMatchObject({ statusCode: 400, title: expect.any(String), Message: expect.any(String) });
    }
    expect((await admin('POST', '/api/user/grant-access', { UserId: 999_999, Days: 1 })).status).toBe(404);
    const tenantUser = await userId('standard@acme.test');
    expect((await admin('POST', '/api/user/grant-access', { UserId: tenantUser, Days: 1 })).status).toBe(404);
    const grants = await t.database.query('SELECT 1 FROM tenant_access_grants WHERE user_id = ANY($1::int[])', [
      [999_999, tenantUser],
    ]);
    expect(grants.rows).toHaveLength(0);
  });

  it("keeps grants per tenant: another tenant's grant does not show or let staff into ours", async () => {
    const outsider = await t.as('outsider');
    const admin = await t.as('admin');
    await admin('POST', '/api/user/revoke-access', { UserId: null });
    const theirs = HubUsers.parse((await outsider('POST', '/api/user/grant-access', { UserId: null, Days: 3 })).body);
    expect(theirs[0].HasAccess).toBe(true);
    const ours = HubUsers.parse((await admin('GET', '/api/user/hub-users')).body);
    expect(ours.every((h) => !h.HasAccess)).toBe(true);
    // Revoking in their tenant leaves a grant of ours alone.
    await admin('POST', '/api/user/grant-access', { UserId: supportId, Days: 3 });
    await outsider('POST', '/api/user/revoke-access', { UserId: null });
    const still = HubUsers.parse((await admin('GET', '/api/user/hub-users')).body);
    expect(still.find((h) => h.UserId === supportId)?.HasAccess).toBe(true);
    await admin('POST', '/api/user/revoke-access', { UserId: null });
  });
});

describe('client sign-in switch and permissions', () => {
  it('lets readers see the state and only editors change it', async () => {
    const admin = await t.as('admin');
    const standard = await t.as('standard');
    const group = (await admin('GET', '/api/group/standard')).body.find(
      (g: { Name: string }) => g.Name === 'Standard Users',
    );
    const toggle = (Permission: string, Enabled: boolean) =>
      admin('PUT', '/api/permission/toggle', { GroupId: group.Id, Permission, Enabled });
    await toggle('settings.getusers', true);
    await toggle('settings.editusers', false);
    try {
      expect((await standard('GET', '/api/user/sso')).body).toEqual({ ClientSsoEnabled: false });
      expect((await standard('GET', '/api/user/hub-users')).status).toBe(200);
      expect((await standard('GET', '/api/user-types')).status).toBe(200);
      expect((await standard('PUT', '/api/user/sso/true')).status).toBe(403);
      expect((await standard('POST', '/api/user/grant-access', { UserId: null, Days: 1 })).status).toBe(403);
      expect((await standard('POST', '/api/user/revoke-access', { UserId: null })).status).toBe(403);
      const client = await userId('client@acme.test');
      expect((await standard('POST', '/api/user-types/migrate', { Ids: [client], Type: 'standard' })).status).toBe(403);
      expect((await admin('GET', '/api/user/sso')).body).toEqual({ ClientSsoEnabled: false });
      expect((await admin('PUT', '/api/user/sso/maybe')).status).toBe(400);
      expect((await admin('PUT', '/api/user/sso/true')).body).toEqual({ ClientSsoEnabled: true });
      expect((await (await t.as('outsider'))('GET', '/api/user/sso')).body).toEqual({ ClientSsoEnabled: false });
      expect((await admin('PUT', '/api/user/sso/false')).body).toEqual({ ClientSsoEnabled: false });
    } finally {
      await toggle('settings.getusers', false);
    }
  });
});

describe('user types', () => {
  it('refuses to move your own account or an administrator, and changes nothing', async () => {
    const admin = await t.as('admin');
    const me = await userId('admin@acme.test');
    const client = await userId('client@acme.test');
    const before = (await admin('GET', '/api/user-types')).body;
    const own = await admin('POST', '/api/user-types/migrate', { Ids: [client, me], Type: 'client' });
    expect(own.status).toBe(400);
    expect(own.body.Message).toBe(UserTypeMessages.ownType);
    const empty = await admin('POST', '/api/user-types/migrate', { Ids: [], Type: 'client' });
    expect(empty.status).toBe(400);
    expect((await admin('GET', '/api/user-types')).body).toEqual(before);
  });

  it('keeps a disabled user disabled when moving them, in the list of their new type', async () => {
    const admin = await t.as('admin');
    const r = await t.database.query<{ id: number }>(
      `INSERT INTO users (tenant_id, email, first_name, last_name, level, group_id)
       SELECT $1, 'leaver@elsewhere.test', 'Lee', 'Ver', 0, id FROM groups WHERE tenant_id = $1 AND name = 'Standard Users'
       RETURNING id`,
      [homeId],
    );
    const id = r.rows[0].id;
    const partners = (await admin('GET', '/api/user/partner?includeDisabled=true')).body as { Id: number }[];
    expect(partners.map((u) => u.Id)).toContain(id);
    const moved = await admin('POST', '/api/user-types/migrate', { Ids: [id], Type: 'client' });
    expect(moved.body.Message).toBe('Moved 1 user to client users');
    const detail = (await admin('GET', `/api/user/${id}`)).body;
    expect(detail.LevelName).toBe('Disabled');
    const clients = (await admin('GET', '/api/user/client?includeDisabled=true')).body as { Id: number }[];
    expect(clients.map((u) => u.Id)).toContain(id);
    const enabledClients = (await admin('GET', '/api/user/client')).body as { Id: number }[];
    expect(enabledClients.map((u) => u.Id)).not.toContain(id);
  });

  it("answers another tenant's users 404 and moves none of them", async () => {
    const outsider = await t.as('outsider');
    const client = await userId('client@acme.test');
    const r = await outsider('POST', '/api/user-types/migrate', { Ids: [client], Type: 'standard' });
    expect(r.status).toBe(404);
    expect((await t.database.query('SELECT level FROM users WHERE id = $1', [client])).rows[0].level).toBe(1);
    const suggestions = (await outsider('POST', '/api/user-types/suggest')).body as { Email: string }[];
    expect(suggestions.some((s) => s.Email.endsWith('@acme.test'))).toBe(false);
  });
});
