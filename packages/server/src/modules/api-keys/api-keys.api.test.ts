import { describe, expect, it } from 'vitest';
import { addDays } from '../../status/index.ts';
import {
  t,
  homeId,
  otherId,
  ids,
  otherBackupId,
  KeyItem,
  sha256,
  createKey,
  pub,
  usage,
  Y,
  setUpApiKeysSuite,
} from './api-keys.setup.ts';

setUpApiKeysSuite();

describe('Settings → API Keys', () => {
  it('creates a key, shows it once, and keeps only its hash and prefix', async () => {
    const created = await createKey('admin', '  PSA sync ');
    expect(created).toMatchObject({
      Name: 'PSA sync',
      CreatedBy: 'Ada Admin',
      LastUsedAt: null,
      RecentRequests: 0,
      RecentRows: 0,
    });
    expect(created.Key).toMatch(/^vgl_[A-Za-z0-9_-]{43}$/);
    expect(created.Prefix).toBe(created.Key.slice(0, 12));
    const row = await t.database.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [created.Id]);
    expect(row.rows[0].key_hash).toBe(sha256(created.Key));
    expect(JSON.stringify(row.rows[0])).not.toContain(created.Key);

    const list = await (await t.as('admin'))('GET', '/api/account/api-key');
    expect(list.status).toBe(200);
    const listed = list.body.find((k: KeyItem) => k.Id === created.Id);
    expect(listed).toEqual({ ...created, Key: undefined });
    expect(JSON.stringify(list.body)).not.toContain(created.Key);
  });

  it('lists the newest key first', async () => {
    const a = await createKey('admin', 'Older');
    const b = await createKey('admin', 'Newer');
    const list: KeyItem[] = (await (await t.as('admin'))('GET', '/api/account/api-key')).body;
    expect(list.findIndex((k) => k.Id === b.Id)).toBeLessThan(list.findIndex((k) => k.Id === a.Id));
  });

  it('refuses a blank or taken name with a 400 naming the field, and writes nothing', async () => {
    const admin = await t.as('admin');
    const before = (await t.database.query('SELECT count(*)::int AS n FROM api_keys')).rows[0];
    const blank = await admin('POST', '/api/account/api-key', { Name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ statusCode: 400, title: 'Bad Request' });
    expect(blank.body.Errors[0].Field).toBe('Name');
    const taken = await admin('POST', '/api/account/api-key', { Name: 'psa SYNC' });
    expect(taken.status).toBe(400);
    expect(taken.body.Message).toBe('An API key named "psa SYNC" already exists.');
    expect(taken.body.Errors).toEqual([{ Field: 'Name', Message: 'An API key named "psa SYNC" already exists.' }]);
    const long = await admin('POST', '/api/account/api-key', { Name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect((await t.database.query('SELECT count(*)::int AS n FROM api_keys')).rows[0]).toEqual(before);
  });

  it('is for holders of settings.getapikeys: the Administrators group has it; standard and client users get 403', async () => {
    const g = await t.database.query<{ name: string; permissions: string[] }>(
      'SELECT name, permissions FROM groups WHERE tenant_id = $1',
      [homeId],
    );
    const perms = Object.fromEntries(g.rows.map((x) => [x.name, x.permissions]));
    expect(perms.Administrators).toContain('settings.getapikeys');
    expect(perms['Standard Users']).not.toContain('settings.getapikeys');
    const key = await createKey('admin', 'Perms');
    for (const p of ['standard', 'client'] as const) {
      const call = await t.as(p);
      for (const [method, url, body] of [
        ['GET', '/api/account/api-key'],
        ['POST', '/api/account/api-key', { Name: 'Mine' }],
        ['DELETE', `/api/account/api-key/${key.Id}`],
      ] as const) {
        const r = await call(method, url, body);
        expect(r.status, `${p} ${method} ${url}`).toBe(403);
        expect(r.body.Message).toBe("You don't have a permission.");
      }
    }
    expect((await t.call('GET', '/api/account/api-key')).status).toBe(401);
  });

  it('deletes a key: it stops working at once, and a second delete is 404', async () => {
    const key = await createKey('admin', 'Short-lived');
    expect((await pub(key.Key, '/api/public/v1/companies')).status).toBe(200);
    const admin = await t.as('admin');
    const del = await admin('DELETE', `/api/account/api-key/${key.Id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ Id: key.Id, Name: 'Short-lived', RecentRequests: 1 });
    const list: KeyItem[] = (await admin('GET', '/api/account/api-key')).body;
    expect(list.map((k) => k.Id)).not.toContain(key.Id);
    const after = await pub(key.Key, '/api/public/v1/companies');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({
      Message: 'The API key is not valid. It may have been deleted.',
      title: 'Unauthorized',
      statusCode: 401,
    });
    expect(await usage(key.Id)).toEqual([]);
    expect((await admin('DELETE', `/api/account/api-key/${key.Id}`)).status).toBe(404);
  });

  it('holds at most 50 keys a tenant', async () => {
    const have = (
      await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE tenant_id = $1', [homeId])
    ).rows[0].n;
    for (let i = have; i < 50; i++) await createKey('admin', `Bulk ${i}`);
    const r = await (await t.as('admin'))('POST', '/api/account/api-key', { Name: 'One too many' });
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe('A tenant can hold at most 50 API keys. Delete one that is no longer used.');
    await t.database.query("DELETE FROM api_keys WHERE tenant_id = $1 AND name LIKE 'Bulk %'", [homeId]);
  });
});

describe('another tenant', () => {
  it('never sees our keys, and gets 404 for our key id exactly as for one that does not exist', async () => {
    const ours = await createKey('admin', 'Ours');
    const outsider = await t.as('outsider');
    const snapshot = async () =>
      JSON.stringify(
        (await t.database.query('SELECT * FROM api_keys WHERE tenant_id = $1 ORDER BY id', [homeId])).rows,
      );
    const before = await snapshot();
    const list = await outsider('GET', '/api/account/api-key');
    expect(list.status).toBe(200);
    expect(list.body.map((k: KeyItem) => k.Id)).not.toContain(ours.Id);
    const theirs = await outsider('DELETE', `/api/account/api-key/${ours.Id}`);
    const none = await outsider('DELETE', '/api/account/api-key/999999');
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(none.body);
    expect(theirs.body.Message).toBe('Not found');
    expect(await snapshot()).toBe(before);
  });

  it("has a key that sees only its own tenant's rows, and our ids are 404 to it", async () => {
    const theirs = await createKey('outsider', 'Other tool');
    const backups = await pub(theirs.Key, '/api/public/v1/backups');
    expect(backups.status).toBe(200);
    expect(backups.body.Results.map((b: { BackupId: number }) => b.BackupId)).toEqual([otherBackupId]);
    const results = await pub(theirs.Key, `/api/public/v1/results?From=${addDays(Y, -5)}`);
    expect(results.body.Results.every((r: { BackupId: number }) => r.BackupId === otherBackupId)).toBe(true);
    expect(results.body.Total).toBe(1);
    expect((await pub(theirs.Key, '/api/public/v1/companies')).body.Total).toBe(0);
    expect((await pub(theirs.Key, `/api/public/v1/daily-history?From=${addDays(Y, -5)}`)).body.Total).toBe(0);
    for (const url of [
      `/api/public/v1/backups/${ids['pub-01']}`,
      `/api/public/v1/results?BackupId=${ids['pub-01']}`,
      `/api/public/v1/daily-history?BackupId=${ids['pub-01']}`,
    ]) {
      const r = await pub(theirs.Key, url);
      expect(r.status, url).toBe(404);
      expect(r.body).toEqual({ Message: 'Not found', title: 'Not Found', statusCode: 404 });
    }
    // And our key is as blind to theirs.
    const ours = await createKey('admin', 'Blind');
    expect((await pub(ours.Key, `/api/public/v1/backups/${otherBackupId}`)).status).toBe(404);
    const mine = await pub(ours.Key, '/api/public/v1/backups?Size=1000');
    expect(mine.body.Results.map((b: { BackupId: number }) => b.BackupId)).not.toContain(otherBackupId);
  });

  it('a key of a disabled tenant is refused', async () => {
    const theirs = await createKey('outsider', 'Paused tenant');
    await t.database.query('UPDATE tenants SET is_enabled = false WHERE id = $1', [otherId]);
    try {
      expect((await pub(theirs.Key, '/api/public/v1/backups')).status).toBe(401);
    } finally {
      await t.database.query('UPDATE tenants SET is_enabled = true WHERE id = $1', [otherId]);
    }
    expect((await pub(theirs.Key, '/api/public/v1/backups')).status).toBe(200);
  });
});

describe('key authentication', () => {
  it('answers a missing, malformed or unknown key, or a bearer token instead, with 401 in the error format', async () => {
    const missing = await pub(null, '/api/public/v1/backups');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      Message: 'An API key is required in the ApiKey header.',
      title: 'Unauthorized',
      statusCode: 401,
    });
    const token = await t.token('admin');
    const bearer = await pub(null, '/api/public/v1/backups', { authorization: `Bearer ${token}` });
    expect(bearer.status).toBe(401);
    expect(bearer.body.Message).toBe('An API key is required in the ApiKey header.');
    for (const bad of ['not-a-key', `vgl_${'A'.repeat(43)}`]) {
      const r = await pub(bad, '/api/public/v1/backups');
      expect(r.status, bad).toBe(401);
      expect(r.body.Message).toBe('The API key is not valid. It may have been deleted.');
    }
  });

  it('does not open the signed-in API: a key is no bearer token', async () => {
    const key = await createKey('admin', 'Not a token');
    const r = await t.call('GET', '/api/account/api-key', { headers: { ApiKey: key.Key } });
    expect(r.status).toBe(401);
    const asBearer = await t.call('GET', '/api/tags', { token: key.Key });
    expect(asBearer.status).toBe(401);
  });
});
