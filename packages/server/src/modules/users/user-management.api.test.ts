import { describe, expect, it } from 'vitest';
import { UserDetail, UserListItem, UserMessages } from '@vigil/contract';
import {
  t,
  contoso,
  fabrikam,
  northwind,
  linkTokenFor,
  signInAs,
  Y,
  setUpUserManagementSuite,
} from './user-management.setup.ts';

setUpUserManagementSuite();

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
