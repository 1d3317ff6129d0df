import { describe, expect, it } from 'vitest';
import { Privilege } from '@vigil/contract';
import { LAST_SUPER_MESSAGE } from './administrators-service.ts';
import { t, acme, other, acceptInvite, signIn, setUpAdminPortalSuite } from './admin-portal.setup.ts';

setUpAdminPortalSuite();

describe('a tenant seen from the Admin Portal', () => {
  it('lists its users with level, group and sign-in state, and its groups with member counts', async () => {
    const root = await t.as('root');
    await t.login('standard');
    const users = await root('GET', `/api/admin/${acme}/users`);
    expect(users.status).toBe(200);
    expect(users.body.map((u: { Email: string }) => u.Email)).toEqual([
      'admin@acme.test',
      'client@acme.test',
      'standard@acme.test',
    ]);
    const std = users.body.find((u: { Email: string }) => u.Email === 'standard@acme.test');
    expect(std).toMatchObject({
      LevelName: 'Standard',
      GroupName: 'Standard Users',
      IsEnabled: true,
      HasPassword: true,
    });
    expect(std.LastLoginAt).not.toBeNull();
    const groups = await root('GET', `/api/admin/groups/${acme}`);
    expect(groups.body.map((g: { Name: string; UsersCount: number }) => [g.Name, g.UsersCount])).toEqual([
      ['Administrators', 1],
      ['Standard Users', 1],
      ['Clients', 1],
    ]);
    const overview = await root('GET', `/api/admin/tenants/${acme}/overview`);
    expect(overview.body).toMatchObject({ Id: acme, Name: 'Acme MSP', Slug: 'acme', IsEnabled: true });
  });

  it('answers 404 for a tenant that does not exist', async () => {
    const root = await t.as('root');
    for (const url of ['/api/admin/999999/users', '/api/admin/groups/999999', '/api/admin/tenants/999999/overview']) {
      const r = await root('GET', url);
      expect(r.status, url).toBe(404);
      expect(r.body.Message).toBe('Not found');
    }
    const add = await root('POST', '/api/admin/tenants/999999/user', { Email: 'x@y.test', Level: 2 });
    expect(add.status).toBe(404);
  });

  it('adds a user who receives a set-password e-mail and can then sign in to that tenant', async () => {
    const root = await t.as('root');
    const r = await root('POST', `/api/admin/tenants/${other}/user`, {
      Email: 'new.tech@other.test',
      FirstName: 'Nia',
      LastName: 'Tech',
      Level: 2,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ Email: 'new.tech@other.test', GroupName: 'Standard Users', HasPassword: false });
    await acceptInvite('new.tech@other.test', 'Fresh!Pass1');
    const me = await signIn('new.tech@other.test', 'Fresh!Pass1');
    expect((await me('GET', '/api/common/settings')).body.TenantName).toBe('Other MSP');
    // The tenant's own administrator sees the new user; Acme's list does not change.
    const otherUsers = await root('GET', `/api/admin/${other}/users`);
    expect(otherUsers.body.map((u: { Email: string }) => u.Email)).toContain('new.tech@other.test');
    expect((await root('GET', `/api/admin/${acme}/users`)).body).toHaveLength(3);
  });

  it('refuses a taken e-mail, a bad level and another tenant’s group with 400, writing nothing', async () => {
    const root = await t.as('root');
    const acmeGroups = (await root('GET', `/api/admin/groups/${acme}`)).body as { Id: number }[];
    const cases: [unknown, string][] = [
      [{ Email: 'ADMIN@acme.test', Level: 2 }, 'Email'],
      [{ Email: 'not-an-address', Level: 2 }, 'Email'],
      [{ Email: 'someone@other.test', Level: 7 }, 'Level'],
      [{ Email: 'someone@other.test', Level: 2, GroupId: acmeGroups[0].Id }, 'GroupId'],
    ];
    const before = (await root('GET', `/api/admin/${other}/users`)).body.length;
    for (const [body, field] of cases) {
      const r = await root('POST', `/api/admin/tenants/${other}/user`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.title).toBe('Bad Request');
      expect(r.body.Errors[0].Field).toBe(field);
    }
    expect((await root('GET', `/api/admin/${other}/users`)).body).toHaveLength(before);
  });
});

describe('administrators', () => {
  it('lists administrators with their role labels and finds any user by e-mail', async () => {
    const root = await t.as('root');
    const list = await root('GET', '/api/admin/users');
    expect(list.body).toEqual([
      expect.objectContaining({ Email: 'root@vigil.local', Privileges: 1, Roles: ['Super'] }),
    ]);
    const hits = await root('GET', '/api/admin/users/search?search=acme.test');
    expect(hits.body.map((h: { Email: string; TenantName: string }) => [h.Email, h.TenantName])).toEqual([
      ['admin@acme.test', 'Acme MSP'],
      ['client@acme.test', 'Acme MSP'],
      ['standard@acme.test', 'Acme MSP'],
    ]);
    const short = await root('GET', '/api/admin/users/search?search=a');
    expect(short.status).toBe(400);
  });

  it('a super admin adds a Success + Billing administrator, who may read but not manage administrators', async () => {
    const root = await t.as('root');
    const created = await root('POST', '/api/admin/users', {
      Email: 'care@vigil.local',
      FirstName: 'Cara',
      LastName: 'Success',
      Privileges: Privilege.successAdmin | Privilege.billingAdmin,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.Roles).toEqual(['Success', 'Billing']);
    await acceptInvite('care@vigil.local', 'Care!Pass1');
    const care = await signIn('care@vigil.local', 'Care!Pass1');
    expect((await care('GET', '/api/admin/users')).body).toHaveLength(2);
    expect((await care('GET', `/api/admin/${acme}/users`)).status).toBe(200);
    // Granting Super (or any change of administrators) is for Super administrators only.
    const grant = await care('PUT', '/api/admin/users', {
      Id: created.body.Id,
      FirstName: 'Cara',
      LastName: 'Success',
      Privileges: 15,
      IsEnabled: true,
    });
    expect(grant.status).toBe(403);
    expect(grant.body.Message).toBe("You don't have a permission.");
    expect((await care('POST', '/api/admin/users', { Email: 'x@vigil.local', Privileges: 2 })).status).toBe(403);
    expect((await care('DELETE', `/api/admin/users/${created.body.Id}`)).status).toBe(403);
    // Success may add a user to a tenant (support work).
    const added = await care('POST', `/api/admin/tenants/${acme}/user`, { Email: 'viewer@acme.test', Level: 1 });
    expect(added.body.GroupName).toBe('Clients');
  });

  it('keeps the last Super administrator: no demotion, disabling or removal', async () => {
    const root = await t.as('root');
    const me = (await root('GET', '/api/admin/users')).body.find(
      (a: { Email: string }) => a.Email === 'root@vigil.local',
    );
    const demote = await root('PUT', '/api/admin/users', {
      Id: me.Id,
      FirstName: '',
      LastName: '',
      Privileges: Privilege.successAdmin,
      IsEnabled: true,
    });
    expect(demote.status).toBe(400);
    expect(demote.body.Message).toBe(LAST_SUPER_MESSAGE);
    expect((await root('DELETE', `/api/admin/users/${me.Id}`)).status).toBe(400);
    // With a second Super administrator, the first can be demoted, and the second then cannot be removed.
    const second = await root('POST', '/api/admin/users', { Email: 'chief@vigil.local', Privileges: 1 });
    const ok = await root('PUT', '/api/admin/users', {
      Id: me.Id,
      FirstName: 'Root',
      LastName: '',
      Privileges: Privilege.superAdmin | Privilege.salesAdmin,
      IsEnabled: true,
    });
    expect(ok.body.Roles).toEqual(['Super', 'Sales']);
    const bad = await root('PUT', '/api/admin/users', {
      Id: me.Id,
      FirstName: '',
      LastName: '',
      Privileges: 0,
      IsEnabled: true,
    });
    expect(bad.status).toBe(400);
    const removed = await root('DELETE', `/api/admin/users/${second.body.Id}`);
    expect(removed.status).toBe(200);
    expect((await root('GET', '/api/admin/users')).body.map((a: { Email: string }) => a.Email)).not.toContain(
      'chief@vigil.local',
    );
    expect((await root('DELETE', '/api/admin/users/999999')).status).toBe(404);
  });

  it('answers 404 for a tenant user’s id (administrators are platform users only)', async () => {
    const root = await t.as('root');
    const [tenantUser] = (await root('GET', `/api/admin/${acme}/users`)).body;
    expect((await root('DELETE', `/api/admin/users/${tenantUser.Id}`)).status).toBe(404);
  });
});
