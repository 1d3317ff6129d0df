import { describe, expect, it } from 'vitest';
import { AllPermissions, UserListItem, UserMessages } from '@vigil/contract';
import { hashPassword } from '../../platform/auth/passwords.ts';
import {
  t,
  homeId,
  contoso,
  NEW_PASSWORD,
  standardSession,
  setUpUserManagementSuite,
} from './user-management.setup.ts';

setUpUserManagementSuite();

describe('groups and permissions', () => {
  it('creates, copies, renames and deletes groups; refuses deleting one with users', async () => {
    const admin = await t.as('admin');
    const made = await admin('POST', '/api/group', { Name: 'Night shift', Type: 1 });
    expect(made.body.Permissions).toContain('audit.getAudit');
    expect((await admin('POST', '/api/group', { Name: 'night SHIFT', Type: 1 })).body.Message).toBe(
      UserMessages.groupNameTaken,
    );
    const copy = await admin('POST', `/api/group/${made.body.Id}`, {});
    expect(copy.body).toMatchObject({ Name: 'Copy of Night shift', Permissions: made.body.Permissions, UsersCount: 0 });
    const renamed = await admin('PUT', `/api/group/${copy.body.Id}`, { Name: 'Weekend', Description: 'Sat/Sun' });
    expect(renamed.body).toMatchObject({ Name: 'Weekend', Description: 'Sat/Sun' });
    const u = await admin('POST', '/api/user', { Email: 'weekend@acme.test', Level: 2, GroupId: copy.body.Id });
    expect(u.body.GroupName).toBe('Weekend');
    expect((await admin('DELETE', `/api/group/${copy.body.Id}`)).body.Message).toBe(UserMessages.groupInUse);
    expect((await admin('DELETE', `/api/group/${made.body.Id}`)).status).toBe(200);
    const dropdown = await admin('GET', '/api/group/standard/dropdown');
    expect(dropdown.body.map((g: { Name: string }) => g.Name)).toEqual(['Administrators', 'Standard Users', 'Weekend']);
    const users = await admin('GET', '/api/group/standard/users');
    expect(users.body.find((x: { Email: string }) => x.Email === 'weekend@acme.test').GroupId).toBe(copy.body.Id);
  });

  it('toggles a permission, effective on the next request of the group users', async () => {
    const admin = await t.as('admin');
    const matrix = await admin('GET', '/api/permission/standard');
    expect(matrix.body.Entries.length).toBe(AllPermissions.length);
    const clientMatrix = await admin('GET', '/api/permission/client');
    expect(clientMatrix.body.Entries.map((e: { Key: string }) => e.Key)).not.toContain('manage.editbackups');
    const std = matrix.body.Groups.find((g: { Name: string }) => g.Name === 'Standard Users');
    const standard = await standardSession();
    expect((await standard('GET', '/api/group/standard')).status).toBe(403);
    const on = await admin('PUT', '/api/permission/toggle', {
      GroupId: std.Id,
      Permission: 'settings.getusers',
      Enabled: true,
    });
    expect(on.body.Permissions).toContain('settings.getusers');
    expect((await standard('GET', '/api/group/standard')).status).toBe(200);
    await admin('PUT', '/api/permission/toggle', { GroupId: std.Id, Permission: 'settings.getusers', Enabled: false });
    expect((await standard('GET', '/api/group/standard')).status).toBe(403);
    const unknown = await admin('PUT', '/api/permission/toggle', { GroupId: std.Id, Permission: 'x.y', Enabled: true });
    expect(unknown.body.Message).toBe(UserMessages.unknownPermission);
  });
});

describe('tenant access settings', () => {
  it('switches client sign-on, grants and revokes platform access, and migrates user types', async () => {
    const admin = await t.as('admin');
    expect((await admin('GET', '/api/user/sso')).body).toEqual({ ClientSsoEnabled: false });
    expect((await admin('PUT', '/api/user/sso/true')).body).toEqual({ ClientSsoEnabled: true });
    expect((await admin('GET', '/api/user/sso')).body).toEqual({ ClientSsoEnabled: true });
    const hub = await admin('GET', '/api/user/hub-users');
    const root = hub.body.find((h: { Email: string | null }) => h.Email === 'root@vigil.local');
    expect(root.HasAccess).toBe(false);
    const granted = await admin('POST', '/api/user/grant-access', { UserId: root.UserId, Days: 7 });
    expect(granted.body.find((h: { UserId: number }) => h.UserId === root.UserId).HasAccess).toBe(true);
    const revoked = await admin('POST', '/api/user/revoke-access', { UserId: root.UserId });
    expect(revoked.body.find((h: { UserId: number }) => h.UserId === root.UserId).HasAccess).toBe(false);

    await t.database.query("UPDATE tenants SET email_domain = 'acme.test' WHERE id = $1", [homeId]);
    const suggested = await admin('POST', '/api/user-types/suggest');
    const clientSuggestion = suggested.body.find((s: { Email: string }) => s.Email === 'client@acme.test');
    expect(clientSuggestion).toMatchObject({ CurrentType: 'client', SuggestedType: 'standard' });
    const counts = (await admin('GET', '/api/user-types')).body;
    const moved = await admin('POST', '/api/user-types/migrate', { Ids: [clientSuggestion.UserId], Type: 'standard' });
    expect(moved.body.Message).toBe('Moved 1 user to standard users');
    expect((await admin('GET', '/api/user-types')).body).toEqual({
      Standard: counts.Standard + 1,
      Client: counts.Client - 1,
    });
    const back = await admin('POST', '/api/user-types/migrate', { Ids: [clientSuggestion.UserId], Type: 'client' });
    expect(back.status).toBe(200);
    expect((await admin('GET', `/api/user/${clientSuggestion.UserId}`)).body.LevelName).toBe('Client');
  });
});

describe('platform staff access', () => {
  it('lets a non-super platform admin impersonate only while the tenant grants it', async () => {
    await t.database.query(
      `INSERT INTO users (tenant_id, email, first_name, last_name, admin_privileges, password_hash)
       VALUES (NULL, 'success@vigil.local', 'Sue', 'Ccess', 2, $1)`,
      [await hashPassword(NEW_PASSWORD)],
    );
    const login = await t.call<{ accessToken: string }>('POST', '/api/UserAuth/Login', {
      body: { UserName: 'success@vigil.local', Password: NEW_PASSWORD },
    });
    const token = login.body.accessToken;
    const enter = () => t.call('POST', `/api/admin/impersonation/login/${homeId}`, { token });
    const refused = await enter();
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toMatch(/has not granted you access/);
    const admin = await t.as('admin');
    const sue = (await admin('GET', '/api/user/hub-users')).body.find(
      (h: { Email: string | null }) => h.Email === 'success@vigil.local',
    );
    await admin('POST', '/api/user/grant-access', { UserId: sue.UserId });
    expect((await enter()).status).toBe(200);
    await admin('POST', '/api/user/revoke-access', { UserId: sue.UserId });
    expect((await enter()).status).toBe(403);
    // A grant to all platform staff lets them in too; a super administrator never needs one.
    await admin('POST', '/api/user/grant-access', { UserId: null, Days: 1 });
    expect((await enter()).status).toBe(200);
    await admin('POST', '/api/user/revoke-access', { UserId: null });
    expect((await enter()).status).toBe(403);
    expect((await (await t.as('root'))('POST', `/api/admin/impersonation/login/${homeId}`)).status).toBe(200);
  });
});

describe('another tenant', () => {
  it('gets 404 for our users, groups and restriction groups, and changes nothing', async () => {
    const admin = await t.as('admin');
    const outsider = await t.as('outsider');
    const rg = (await admin('POST', '/api/restriction-group', { Name: 'Ours', CompanyIds: [contoso] })).body.Id;
    const userId = (await admin('GET', '/api/user/partner')).body[0].Id;
    const groupId = (await admin('GET', '/api/group/standard')).body[0].Id;
    const snapshot = async () =>
      JSON.stringify(
        (
          await t.database.query(
            `SELECT (SELECT json_agg(u ORDER BY id) FROM users u WHERE tenant_id = $1) AS u,
                    (SELECT json_agg(g ORDER BY id) FROM groups g WHERE tenant_id = $1) AS g,
                    (SELECT json_agg(r ORDER BY id) FROM restriction_groups r WHERE tenant_id = $1) AS r`,
            [homeId],
          )
        ).rows,
      );
    const before = await snapshot();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/user/${userId}`],
      ['PUT', `/api/user/${userId}`, { Level: 0 }],
      ['POST', '/api/user/bulk-delete', { Ids: [userId] }],
      ['POST', '/api/user/bulk-new-password', { Ids: [userId] }],
      ['POST', '/api/user/disable-two-factor', { Ids: [userId] }],
      ['POST', '/api/user-types/migrate', { Ids: [userId], Type: 'client' }],
      ['GET', `/api/restriction-group/${rg}`],
      ['POST', '/api/restriction-group', { Id: rg, Name: 'Taken' }],
      ['DELETE', `/api/restriction-group/${rg}`],
      ['PUT', `/api/group/${groupId}`, { Name: 'Taken' }],
      ['POST', `/api/group/${groupId}`, {}],
      ['DELETE', `/api/group/${groupId}`],
      ['PUT', '/api/permission/toggle', { GroupId: groupId, Permission: 'audit.getAudit', Enabled: false }],
    ];
    for (const [method, url, body] of calls) {
      const r = await outsider(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
    }
    // Our companies cannot be put into their restriction group or onto their users.
    const theirs = await outsider('POST', '/api/restriction-group', { Name: 'Grab', CompanyIds: [contoso] });
    expect(theirs.body.Message).toBe(UserMessages.unknownCompany);
    expect((await outsider('GET', '/api/user/partner')).body.map((u: UserListItem) => u.Email)).toEqual([
      'outsider@other.test',
    ]);
    expect((await outsider('GET', '/api/restriction-group')).body).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('refuses standard users the management routes', async () => {
    const standard = await standardSession();
    expect((await standard('GET', '/api/user/partner')).status).toBe(403);
    expect((await standard('POST', '/api/user', { Email: 'z@acme.test', Level: 3 })).status).toBe(403);
    expect((await standard('GET', '/api/restriction-group')).status).toBe(403);
    // Everyone may pick colleagues in pickers.
    expect((await standard('GET', '/api/common/users-auto-complete?search=ada')).body[0].Email).toBe('admin@acme.test');
  });
});
