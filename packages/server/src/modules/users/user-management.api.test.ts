import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllPermissions, UserDetail, UserListItem, UserMessages } from '@vigil/contract';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

let t: TestApp;
let homeId: number;
let contoso: number;
let fabrikam: number;
let northwind: number;
const { yesterday: Y } = clock();
const NEW_PASSWORD = 'Fresh!Pass7';

type Call = Awaited<ReturnType<TestApp['as']>>;

/** The set-password token of the last e-mail sent to an address (the outbox holds every message). */
async function linkTokenFor(email: string): Promise<string> {
  const r = await t.database.query<{ text: string }>(
    'SELECT text FROM outbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  const m = /\/page\/setPassword\/([A-Za-z0-9_-]+)/.exec(r.rows[0]?.text ?? '');
  if (!m) throw new Error(`no set-password link for ${email}`);
  return m[1];
}

/** Signs in as a user created in this file, after choosing its password from the e-mailed link. */
/**
 * A new session of the standard persona: requiring two-factor sign-in (below) ends its sessions,
 * the file's cached token with them.
 */
async function standardSession(): Promise<Call> {
  const { accessToken } = await t.login('standard');
  return (method, url, body) => t.call(method, url, { token: accessToken, body });
}

async function signInAs(email: string): Promise<Call> {
  const token = await linkTokenFor(email);
  const set = await t.call('POST', '/api/user/set-password', {
    body: { Token: token, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const login = await t.call<{ accessToken: string }>('POST', '/api/UserAuth/Login', {
    body: { UserName: email, Password: NEW_PASSWORD },
  });
  expect(login.status).toBe(200);
  const access = login.body.accessToken;
  return (method, url, body) => t.call(method, url, { token: access, body });
}

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'srv-a', status: 'Success', at: at(Y, 1) },
    { device: 'srv-b', status: 'Failed', at: at(Y, 2) },
    { device: 'srv-c', status: 'Warning', at: at(Y, 3) },
    { device: 'srv-d', status: 'Success', at: at(Y, 4) },
  ]);
  const ids = await backupIds(t, homeId);
  await activate(t, homeId, Object.values(ids));
  contoso = await addCompany(t, homeId, 'Contoso', [ids['srv-a']]);
  fabrikam = await addCompany(t, homeId, 'Fabrikam', [ids['srv-b']]);
  northwind = await addCompany(t, homeId, 'Northwind', [ids['srv-c']]);
});
afterAll(async () => t.close());

describe('users', () => {
  it('creates a user who gets a set-password e-mail, then lists, reads and edits it', async () => {
    const admin = await t.as('admin');
    const created = await admin('POST', '/api/user', {
      Email: ' Nina@Acme.test ',
      FirstName: 'Nina',
      LastName: 'New',
      Level: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const user = UserDetail.parse(created.body);
    expect(user).toMatchObject({ Email: 'nina@acme.test', LevelName: 'Standard', GroupName: 'Standard Users' });
    expect(user.HasPassword).toBe(false);
    const mail = await t.database.query<{ subject: string }>('SELECT subject FROM outbox WHERE "to" = $1', [
      'nina@acme.test',
    ]);
    expect(mail.rows[0].subject).toBe('Your Vigil account at Acme MSP');

    const partner = await admin('GET', '/api/user/partner');
    const emails = partner.body.map((u: UserListItem) => u.Email);
    expect(emails).toEqual(expect.arrayContaining(['admin@acme.test', 'standard@acme.test', 'nina@acme.test']));
    expect(emails).not.toContain('client@acme.test');
    expect((await admin('GET', '/api/user/client')).body.map((u: UserListItem) => u.Email)).toEqual([
      'client@acme.test',
    ]);

    const nina = await signInAs('nina@acme.test');
    expect((await nina('GET', '/api/user/profile')).body.Email).toBe('nina@acme.test');
    expect((await admin('GET', `/api/user/${user.Id}`)).body.HasPassword).toBe(true);

    // Disabling moves the user out of the default list and ends the session at once.
    const disabled = await admin('PUT', `/api/user/${user.Id}`, { FirstName: 'Nina', LastName: 'New', Level: 0 });
    expect(disabled.body.LevelName).toBe('Disabled');
    expect((await nina('GET', '/api/user/profile')).status).toBe(401);
    expect((await admin('GET', '/api/user/partner')).body.map((u: UserListItem) => u.Email)).not.toContain(
      'nina@acme.test',
    );
    const all = await admin('GET', '/api/user/partner?includeDisabled=true');
    expect(all.body.find((u: UserListItem) => u.Email === 'nina@acme.test').LevelName).toBe('Disabled');
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const admin = await t.as('admin');
    const before = (await t.database.query('SELECT count(*)::int AS n FROM users')).rows[0];
    const bad = await admin('POST', '/api/user', { Email: 'not-an-address', Level: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors[0]).toEqual({ Field: 'Email', Message: 'Enter a valid e-mail address' });
    const taken = await admin('POST', '/api/user', { Email: 'STANDARD@acme.test', Level: 2 });
    expect(taken.body).toMatchObject({ statusCode: 400, Message: UserMessages.emailTaken });
    const clientGroup = (await admin('GET', '/api/group/client')).body[0].Id;
    const mismatch = await admin('POST', '/api/user', { Email: 'x1@acme.test', Level: 2, GroupId: clientGroup });
    expect(mismatch.body.Message).toBe(UserMessages.groupTypeMismatch);
    const bare = await admin('POST', '/api/user', { Email: 'x2@acme.test', Level: 2, IsCompanyRestricted: true });
    expect(bare.body.Message).toBe(UserMessages.restrictedNeedsCompanies);
    const foreign = await admin('POST', '/api/user', {
      Email: 'x3@acme.test',
      Level: 2,
      IsCompanyRestricted: true,
      CompanyIds: [999999],
    });
    expect(foreign.body.Message).toBe(UserMessages.unknownCompany);
    expect((await t.database.query('SELECT count(*)::int AS n FROM users')).rows[0]).toEqual(before);
  });

  it('keeps one enabled administrator: no demoting, disabling or deleting the last one', async () => {
    const admin = await t.as('admin');
    const adminId = (await admin('GET', '/api/user/profile')).body.UserId;
    const self = await admin('PUT', `/api/user/${adminId}`, { FirstName: 'Ada', LastName: 'Admin', Level: 2 });
    expect(self.body.Message).toBe(UserMessages.notYourself);
    expect((await admin('POST', '/api/user/bulk-delete', { Ids: [adminId] })).body.Message).toBe(
      UserMessages.notYourself,
    );
    // A standard group given user management may edit users, but not remove the last administrator.
    const std = (await admin('GET', '/api/group/standard')).body.find(
      (g: { Name: string }) => g.Name === 'Standard Users',
    );
    for (const p of ['settings.getusers', 'settings.editusers'])
      await admin('PUT', '/api/permission/toggle', { GroupId: std.Id, Permission: p, Enabled: true });
    try {
      const manager = await t.as('standard');
      for (const Level of [0, 1, 2]) {
        const r = await manager('PUT', `/api/user/${adminId}`, { FirstName: 'Ada', LastName: 'Admin', Level });
        expect(r.status, `level ${Level}`).toBe(400);
        expect(r.body.Message).toBe(UserMessages.lastAdmin);
      }
      const del = await manager('POST', '/api/user/bulk-delete', { Ids: [adminId] });
      expect(del.body.Message).toBe(UserMessages.lastAdmin);
      expect((await admin('GET', `/api/user/${adminId}`)).body.LevelName).toBe('Administrator');
      // With a second administrator the first may go.
      const second = await admin('POST', '/api/user', { Email: 'boss@acme.test', Level: 3 });
      const demoted = await manager('PUT', `/api/user/${second.body.Id}`, { Level: 2 });
      expect(demoted.body.LevelName).toBe('Standard');
      expect((await manager('POST', '/api/user/bulk-delete', { Ids: [second.body.Id] })).body.Count).toBe(1);
    } finally {
      for (const p of ['settings.getusers', 'settings.editusers'])
        await admin('PUT', '/api/permission/toggle', { GroupId: std.Id, Permission: p, Enabled: false });
    }
  });

  it('e-mails new password links and two-factor requests, and turns two-factor off', async () => {
    const admin = await t.as('admin');
    const standardId = (await admin('GET', '/api/user/partner')).body.find(
      (u: UserListItem) => u.Email === 'standard@acme.test',
    ).Id;
    const sent = await admin('POST', '/api/user/bulk-new-password', { Ids: [standardId] });
    expect(sent.body).toEqual({ Message: 'Sent a new password link to 1 user', Count: 1 });
    expect(await linkTokenFor('standard@acme.test')).toBeTruthy();
    const ask = await admin('POST', '/api/user/enable-two-factor', { Ids: [standardId] });
    expect(ask.body.Count).toBe(1);
    await t.database.query("UPDATE users SET mfa_enabled = true, mfa_secret = 'ABC' WHERE id = $1", [standardId]);
    const off = await admin('POST', '/api/user/disable-two-factor', { Ids: [standardId] });
    expect(off.body.Count).toBe(1);
    expect((await admin('GET', `/api/user/${standardId}`)).body.MfaEnabled).toBe(false);
    expect((await admin('POST', '/api/user/bulk-new-password', { Ids: [] })).status).toBe(400);
  });
});

describe('restriction groups and what a restricted user sees', () => {
  it('shows the union of direct companies and restriction groups in every list', async () => {
    const admin = await t.as('admin');
    const east = await admin('POST', '/api/restriction-group', { Name: 'East', CompanyIds: [contoso] });
    expect(east.status, JSON.stringify(east.body)).toBe(200);
    expect(east.body.Companies).toEqual([{ Id: contoso, Name: 'Contoso' }]);
    expect((await admin('POST', '/api/restriction-group', { Name: 'east' })).body.Message).toBe(
      UserMessages.restrictionNameTaken,
    );
    expect((await admin('GET', '/api/restriction-group/dropdown')).body).toEqual([{ Id: east.body.Id, Name: 'East' }]);

    const created = await admin('POST', '/api/user', {
      Email: 'tech@acme.test',
      Level: 2,
      IsCompanyRestricted: true,
      CompanyIds: [fabrikam],
      RestrictionGroupIds: [east.body.Id],
    });
    expect(created.body).toMatchObject({ CompanyIds: [fabrikam], RestrictionGroupIds: [east.body.Id] });
    const tech = await signInAs('tech@acme.test');
    expect((await tech('GET', '/api/user/authorized')).body.HasCompaniesRestrictions).toBe(true);

    const audit = await tech('POST', '/api/policy/audit-backups', {});
    expect(audit.body.Results.map((r: { DeviceName: string }) => r.DeviceName).sort()).toEqual(['srv-a', 'srv-b']);
    const daily = await tech('POST', '/api/daily-activity/daily-backups', { Date: Y });
    expect(new Set(daily.body.Results.map((r: { CompanyName: string }) => r.CompanyName))).toEqual(
      new Set(['Contoso', 'Fabrikam']),
    );
    const companies = await tech('POST', '/api/company/list', {});
    expect(companies.body.data.map((c: { Name: string }) => c.Name).sort()).toEqual(['Contoso', 'Fabrikam']);
    const methods = await tech('GET', '/api/backup-methods/used');
    expect(methods.body[0].Count).toBe(2);
    const report = await tech('POST', '/api/reports/report/DailyResults/rg-run-0001', {
      filters: { DateRange: { Preset: 'yesterday' } },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const doc = (await tech('GET', '/api/reports/report/DailyResults/rg-run-0001')).body.document;
    expect(JSON.stringify(doc)).toContain('srv-a');
    expect(JSON.stringify(doc)).not.toContain('srv-c');
    const count = await tech('POST', '/api/dashboard/tile/generate', {
      title: 'Count',
      type: 'Count',
      filters: { DateRange: { Preset: 'yesterday' } },
    });
    expect(count.body.data.Count).toBe(2);

    // Changing the group changes what the user sees on the next request.
    await admin('POST', '/api/restriction-group', { Id: east.body.Id, Name: 'East', CompanyIds: [northwind] });
    const after = await tech('POST', '/api/policy/audit-backups', {});
    expect(after.body.Results.map((r: { DeviceName: string }) => r.DeviceName).sort()).toEqual(['srv-b', 'srv-c']);
    // Deleting the group leaves the direct company.
    expect((await admin('DELETE', `/api/restriction-group/${east.body.Id}`)).status).toBe(200);
    const last = await tech('POST', '/api/policy/audit-backups', {});
    expect(last.body.Results.map((r: { DeviceName: string }) => r.DeviceName)).toEqual(['srv-b']);
    // Lifting the restriction shows everything again.
    await admin('PUT', `/api/user/${created.body.Id}`, { Level: 2, IsCompanyRestricted: false });
    expect((await tech('POST', '/api/policy/audit-backups', {})).body.Total).toBe(4);
  });

  it('narrows client users through restriction groups too', async () => {
    const admin = await t.as('admin');
    const g = await admin('POST', '/api/restriction-group', { Name: 'Client view', CompanyIds: [northwind] });
    const clientId = (await admin('GET', '/api/user/client')).body[0].Id;
    const put = await admin('PUT', `/api/user/${clientId}`, {
      FirstName: 'Cli',
      LastName: 'Ent',
      Level: 1,
      RestrictionGroupIds: [g.body.Id],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const client = await t.as('client');
    const audit = await client('POST', '/api/policy/audit-backups', {});
    expect(audit.body.Results.map((r: { DeviceName: string }) => r.DeviceName)).toEqual(['srv-c']);
  });
});

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
