import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllPermissions, Messages, ServerMessages } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { TEST_PASSWORD } from '../../../test/personas.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

describe('authorized user', () => {
  it('gives each role its permissions: admins all, clients read-only', async () => {
    const admin = (await (await t.as('admin'))('GET', '/api/user/authorized')).body;
    expect(Object.keys(admin.Permissions).sort()).toEqual([...AllPermissions].sort());
    const client = (await (await t.as('client'))('GET', '/api/user/authorized')).body;
    expect(client.Permissions['dashboard.getDashboards']).toBe(true);
    expect(client.Permissions['settings.getusers']).toBeUndefined();
    expect(client.Permissions['manage.getCompanies']).toBeUndefined();
    const standard = (await (await t.as('standard'))('GET', '/api/user/authorized')).body;
    expect(standard.Permissions['manage.getCompanies']).toBe(true);
    expect(standard.Permissions['settings.editusers']).toBeUndefined();
  });
});

describe('profile', () => {
  it('reads and updates the name, refusing a blank one', async () => {
    const call = await t.as('standard');
    const p = await call('GET', '/api/user/profile');
    expect(p.body).toMatchObject({
      Email: 'standard@acme.test',
      FirstName: 'Stan',
      Level: 'Standard',
      TenantName: 'Acme MSP',
      MfaEnabled: false,
    });
    const u = await call('POST', '/api/user/profile', { FirstName: 'Stanley', LastName: 'Dard' });
    expect(u.body.FirstName).toBe('Stanley');
    const blank = await call('POST', '/api/user/profile', { FirstName: '  ', LastName: 'Dard' });
    expect(blank.status).toBe(400);
    expect(blank.body.Errors[0]).toEqual({ Field: 'FirstName', Message: 'First name is required' });
  });
});

describe('change password', () => {
  it('applies the spec rules and messages', async () => {
    const call = await t.as('standard');
    const change = (OldPassword: string, NewPassword: string, ConfirmPassword = NewPassword) =>
      call('POST', '/api/user/change-password', { OldPassword, NewPassword, ConfirmPassword });
    expect((await change('Nope!Nope1', 'New!Pass99')).body.Message).toBe(ServerMessages.oldPasswordWrong);
    expect((await change(TEST_PASSWORD, TEST_PASSWORD)).body.Message).toBe(Messages.passwordSameAsOld);
    expect((await change(TEST_PASSWORD, 'short')).body.Message).toBe(Messages.passwordRule);
    expect((await change(TEST_PASSWORD, 'alllowercase1!')).body.Message).toBe(Messages.passwordRule);
    expect((await change(TEST_PASSWORD, 'New!Pass99', 'New!Pass98')).body.Message).toBe(Messages.passwordsMustMatch);
    expect((await change(TEST_PASSWORD, 'New!Pass99')).status).toBe(200);
    expect((await t.login('standard', 'New!Pass99')).accessToken).toBeTruthy();
    await change('New!Pass99', TEST_PASSWORD);
  });
});

describe('password reset by e-mail', () => {
  it('mails a link; the link sets a new password once and ends existing sessions', async () => {
    const old = await t.login('client');
    const req = await t.call('POST', '/api/user/reset-password', { body: { Email: 'CLIENT@acme.test' } });
    expect(req.body.Message).toBe(ServerMessages.resetEmailSent);
    const unknown = await t.call('POST', '/api/user/reset-password', { body: { Email: 'ghost@acme.test' } });
    expect(unknown.body).toEqual(req.body);

    const outbox = await (await t.as('root'))('GET', '/api/admin/outbox?to=client@acme.test');
    expect(outbox.body).toHaveLength(1);
    expect(outbox.body[0].Subject).toBe('Reset your Vigil password');
    const token = /\/page\/setPassword\/([A-Za-z0-9_-]+)/.exec(outbox.body[0].Text)![1];

    expect((await t.call('POST', '/api/user/validate-token', { body: { Token: token } })).body).toEqual({
      Valid: true,
    });
    const weak = await t.call('POST', '/api/user/set-password', {
      body: { Token: token, Password: 'weak', ConfirmPassword: 'weak' },
    });
    expect(weak.body.Message).toBe(Messages.passwordRule);
    const set = await t.call('POST', '/api/user/set-password', {
      body: { Token: token, Password: 'Reset!Pass2', ConfirmPassword: 'Reset!Pass2' },
    });
    expect(set.status).toBe(200);
    const again = await t.call('POST', '/api/user/set-password', {
      body: { Token: token, Password: 'Reset!Pass3', ConfirmPassword: 'Reset!Pass3' },
    });
    expect(again.body.Message).toBe(ServerMessages.resetLinkInvalid);
    expect((await t.call('PUT', '/api/UserAuth/Login', { body: { refreshToken: old.refreshToken } })).status).toBe(401);
    expect((await t.login('client', 'Reset!Pass2')).accessToken).toBeTruthy();
  });
});
