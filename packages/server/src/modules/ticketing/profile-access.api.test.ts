import { beforeAll, describe, expect, it } from 'vitest';
import { emailProfile } from './test-data.ts';
import { t, smtpId, otherSmtpId, setUpProfilesSuite } from './profiles.setup.ts';

setUpProfilesSuite();

/** Tickets → Profiles across tenants and roles; the home tenant starts with the e-mail profile its team made. */
beforeAll(async () => {
  const created = await (await t.as('standard'))('POST', '/api/ticket/profiles', emailProfile(smtpId));
  expect(created.status).toBe(200);
});

describe('the default e-mail profile', () => {
  it('is created once for a tenant without an e-mail profile', async () => {
    const outsider = await t.as('outsider');
    const first = await outsider('GET', '/api/ticket/profiles/migrate');
    expect(first.status).toBe(200);
    expect(first.body).toEqual([
      expect.objectContaining({ Name: 'Default e-mail profile', Type: 2, Target: 'outsider@other.test' }),
    ]);
    const second = await outsider('GET', '/api/ticket/profiles/migrate');
    expect(second.body.map((p: { Id: number }) => p.Id)).toEqual([first.body[0].Id]);
    const got = await outsider('GET', `/api/ticket/profiles/${first.body[0].Id}`);
    expect(got.body).toMatchObject({ EmailSettingsId: otherSmtpId, Recipients: ['outsider@other.test'] });
    // The home tenant already has one: nothing is added there.
    const home = await (await t.as('admin'))('GET', '/api/ticket/profiles/migrate');
    expect(home.body.some((p: { Name: string }) => p.Name === 'Default e-mail profile')).toBe(false);
  });
});

describe('access', () => {
  it('keeps client users out and other tenants blind', async () => {
    const client = await t.as('client');
    expect((await client('POST', '/api/ticket/profiles/list', {})).status).toBe(403);
    expect((await client('GET', '/api/ticket/profiles/dropdown')).status).toBe(403);
    expect((await client('POST', '/api/ticket/profiles', emailProfile(smtpId, { Name: 'Client try' }))).status).toBe(
      403,
    );

    const [mine] = (await (await t.as('standard'))('GET', '/api/ticket/profiles/dropdown')).body;
    const outsider = await t.as('outsider');
    expect((await outsider('GET', `/api/ticket/profiles/${mine.Id}`)).status).toBe(404);
    expect((await outsider('DELETE', `/api/ticket/profiles/${mine.Id}`)).status).toBe(404);
    expect((await outsider('PATCH', `/api/ticket/profiles/psa/${mine.Id}`)).status).toBe(404);
    const put = await outsider('PUT', '/api/ticket/profiles', {
      ...emailProfile(otherSmtpId, { Name: 'Taken over' }),
      Id: mine.Id,
    });
    expect(put.status).toBe(404);
    const theirs = (await outsider('GET', '/api/ticket/profiles/dropdown')).body.map((p: { Name: string }) => p.Name);
    expect(theirs).toEqual(['Default e-mail profile']);
    expect((await (await t.as('standard'))('GET', `/api/ticket/profiles/${mine.Id}`)).body.Name).toBe(mine.Name);
  });
});

describe('e-mail settings left at the default', () => {
  it('save as null: the default outbound mail', async () => {
    const standard = await t.as('standard');
    // No settings chosen (the default placeholder) is null: the default outbound mail.
    const byDefault = await standard(
      'POST',
      '/api/ticket/profiles',
      emailProfile(smtpId, { Name: 'Default mail', EmailSettingsId: null }),
    );
    expect(byDefault.status).toBe(200);
    const read = await standard('GET', `/api/ticket/profiles/${byDefault.body.Id}`);
    expect(read.body).toMatchObject({ Type: 2, EmailSettingsId: null });
    expect((await standard('DELETE', `/api/ticket/profiles/${byDefault.body.Id}`)).status).toBe(200);
  });
});
