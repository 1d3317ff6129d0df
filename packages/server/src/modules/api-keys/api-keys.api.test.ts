import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Reply, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/** Settings → API Keys (`api/account/api-key`) and the public REST API the keys open (`/api/public/v1`). */
let t: TestApp;
let homeId: number;
let otherId: number;
let ids: Record<string, number>;
let otherBackupId: number;
let contosoId: number;
const { yesterday: Y, today } = clock();
const D2 = addDays(Y, -1);

interface KeyItem {
  Id: number;
  Name: string;
  Prefix: string;
  CreatedAt: string;
  CreatedBy: string | null;
  LastUsedAt: string | null;
  RecentRequests: number;
  RecentRows: number;
  Key?: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function createKey(persona: 'admin' | 'outsider', name: string): Promise<KeyItem & { Key: string }> {
  const r = await (await t.as(persona))('POST', '/api/account/api-key', { Name: name });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** A public API call with a key in the `ApiKey` header. */
const pub = <T = any>(key: string | null, url: string, headers: Record<string, string> = {}): Promise<Reply<T>> =>
  t.call<T>('GET', url, { headers: key === null ? headers : { ApiKey: key, ...headers } });

async function usage(keyId: number) {
  const r = await t.database.query<{ requests: number; rows: string | number; day: string }>(
    'SELECT requests, rows, day::text AS day FROM api_key_usage WHERE api_key_id = $1',
    [keyId],
  );
  return r.rows.map((x) => ({ day: x.day, requests: Number(x.requests), rows: Number(x.rows) }));
}

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  otherId = await homeTenantId(t, 'other');
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'pub-01', status: 'Failed', at: at(D2, 2) },
    { device: 'pub-01', status: 'Success', at: at(Y, 2) },
    { device: 'pub-02', status: 'Warning', at: at(Y, 3) },
    { device: 'pub-03', status: 'Success', at: at(Y, 4) },
  ]);
  ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['pub-01'], ids['pub-02']]);
  contosoId = await addCompany(t, homeId, 'Contoso', [ids['pub-01'], ids['pub-03']]);
  await sendCsv(t, otherId, [{ device: 'other-01', status: 'Success', at: at(Y, 5) }]);
  otherBackupId = (await backupIds(t, otherId))['other-01'];
});
afterAll(async () => t.close());

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

describe('the public API', () => {
  let key: string;
  beforeAll(async () => {
    key = (await createKey('admin', 'Reader')).Key;
  });

  it('lists backups with company, status and state, and filters by company, status and active', async () => {
    const all = await pub(key, '/api/public/v1/backups');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ Page: 1, PageSize: 50, Total: 3, TotalPages: 1 });
    const byDevice = Object.fromEntries(all.body.Results.map((b: { DeviceName: string }) => [b.DeviceName, b]));
    expect(byDevice['pub-01']).toMatchObject({
      BackupId: ids['pub-01'],
      State: 'Active',
      IsActive: true,
      CompanyId: contosoId,
      CompanyName: 'Contoso',
      ClientId: '- None -',
      VendorName: expect.any(String),
    });
    expect(byDevice['pub-02']).toMatchObject({ CompanyId: null, CompanyName: '- No company assigned -' });
    expect(byDevice['pub-03']).toMatchObject({
      State: 'Inactive',
      IsActive: false,
      Status: 0,
      StatusName: 'Not Scheduled',
    });
    expect(all.body.Results.map((b: { BackupId: number }) => b.BackupId)).toEqual(
      [ids['pub-01'], ids['pub-02'], ids['pub-03']].sort((a, b) => a - b),
    );

    const names = async (query: string) =>
      (await pub(key, `/api/public/v1/backups?${query}`)).body.Results.map(
        (b: { DeviceName: string }) => b.DeviceName,
      ).sort();
    expect(await names(`CompanyId=${contosoId}`)).toEqual(['pub-01', 'pub-03']);
    expect(await names('Active=true')).toEqual(['pub-01', 'pub-02']);
    expect(await names('Active=false')).toEqual(['pub-03']);
    const current = byDevice['pub-02'].Status as number;
    expect(await names(`Status=${current}&Active=true`)).toContain('pub-02');
    const bad = await pub(key, '/api/public/v1/backups?Status=9');
    expect(bad.status).toBe(400);
    expect(bad.body.Errors[0].Field).toBe('Status');
  });

  it('reads one backup by id, and an unknown id is 404', async () => {
    const r = await pub(key, `/api/public/v1/backups/${ids['pub-02']}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ BackupId: ids['pub-02'], DeviceName: 'pub-02', IsActive: true });
    expect((await pub(key, '/api/public/v1/backups/999999')).status).toBe(404);
  });

  it('reads results by backup and date range, in time order', async () => {
    const since = addDays(Y, -5);
    const all = await pub(key, `/api/public/v1/results?From=${since}&To=${today}`);
    expect(all.status).toBe(200);
    expect(all.body.Total).toBe(4);
    const one = await pub(key, `/api/public/v1/results?BackupId=${ids['pub-01']}&From=${since}`);
    expect(
      one.body.Results.map((r: { StatusName: string; ParsedDateTime: string }) => [r.StatusName, r.ParsedDateTime]),
    ).toEqual([
      ['Failure', at(D2, 2).toISOString()],
      ['Success', at(Y, 2).toISOString()],
    ]);
    expect(one.body.Results[1]).toMatchObject({ BackupId: ids['pub-01'], Status: 1, BusinessDay: Y, Source: 'email' });
    // A day as To covers the whole day; From and To as instants are exact.
    const dayOnly = await pub(key, `/api/public/v1/results?From=${D2}&To=${D2}`);
    expect(dayOnly.body.Results.map((r: { BackupId: number }) => r.BackupId)).toEqual([ids['pub-01']]);
    const window = await pub(
      key,
      `/api/public/v1/results?From=${encodeURIComponent(at(Y, 2, 30).toISOString())}&To=${encodeURIComponent(at(Y, 3, 30).toISOString())}`,
    );
    expect(window.body.Results.map((r: { BackupId: number }) => r.BackupId)).toEqual([ids['pub-02']]);
    const reversed = await pub(key, `/api/public/v1/results?From=${Y}&To=${D2}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.Message).toBe('From must be earlier than To.');
    const junk = await pub(key, '/api/public/v1/results?From=2026-02-30');
    expect(junk.status).toBe(400);
    expect(junk.body.Errors[0].Field).toBe('From');
  });

  it('reads the daily history of audited backups from the rollup, per backup and day', async () => {
    const r = await pub(key, `/api/public/v1/daily-history?From=${D2}&To=${Y}`);
    expect(r.status).toBe(200);
    const rows = r.body.Results as {
      BackupId: number;
      Date: string;
      Status: number;
      StatusName: string;
      CountFailure: number;
    }[];
    const find = (id: number, day: string) => rows.find((x) => x.BackupId === id && x.Date === day);
    expect(find(ids['pub-01'], D2)).toMatchObject({
      Status: 3,
      StatusName: 'Failure',
      CountFailure: 1,
      IsScheduled: true,
    });
    expect(find(ids['pub-01'], Y)).toMatchObject({ Status: 1, StatusName: 'Success', CountSuccess: 1 });
    expect(find(ids['pub-02'], Y)).toMatchObject({ Status: 2, StatusName: 'Warning', CountWarning: 1 });
    expect(rows.some((x) => x.BackupId === ids['pub-03'])).toBe(false);
    const inDb = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM backup_days WHERE tenant_id = $1 AND day BETWEEN $2 AND $3',
      [homeId, D2, Y],
    );
    expect(r.body.Total).toBe(inDb.rows[0].n);
    // Ordered by backup, then day.
    const order = rows.map((x) => `${String(x.BackupId).padStart(8, '0')} ${x.Date}`);
    expect(order).toEqual([...order].sort());
    const one = await pub(key, `/api/public/v1/daily-history?BackupId=${ids['pub-02']}&From=${Y}&To=${Y}`);
    expect(one.body.Results).toHaveLength(1);
    const reversed = await pub(key, `/api/public/v1/daily-history?From=${Y}&To=${D2}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.Message).toBe('From must not be after To.');
  });

  it('lists companies with their audited backups, filtered by name', async () => {
    await addCompany(t, homeId, 'Northwind', []);
    const r = await pub(key, '/api/public/v1/companies');
    expect(r.status).toBe(200);
    expect(r.body.Results).toEqual([
      { CompanyId: contosoId, Name: 'Contoso', Type: 1, TypeName: 'Local', ActiveBackups: 1 },
      { CompanyId: expect.any(Number), Name: 'Northwind', Type: 1, TypeName: 'Local', ActiveBackups: 0 },
    ]);
    const named = await pub(key, '/api/public/v1/companies?Name=north');
    expect(named.body.Results.map((c: { Name: string }) => c.Name)).toEqual(['Northwind']);
  });

  it('pages with Page and Size, and refuses a Size over 1000 with a clear 400', async () => {
    const p1 = await pub(key, '/api/public/v1/backups?Size=2&Page=1');
    const p2 = await pub(key, '/api/public/v1/backups?Size=2&Page=2');
    expect(p1.body).toMatchObject({ Page: 1, PageSize: 2, Total: 3, TotalPages: 2 });
    expect(p1.body.Results).toHaveLength(2);
    expect(p2.body.Results).toHaveLength(1);
    const seen = [...p1.body.Results, ...p2.body.Results].map((b: { BackupId: number }) => b.BackupId);
    expect(new Set(seen).size).toBe(3);
    expect((await pub(key, '/api/public/v1/backups?Size=1000')).status).toBe(200);
    const big = await pub(key, '/api/public/v1/backups?Size=1001');
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({
      Message: 'Size: must be at most 1000 (page through larger sets with Page)',
      title: 'Bad Request',
      statusCode: 400,
      Errors: [{ Field: 'Size', Message: 'must be at most 1000 (page through larger sets with Page)' }],
    });
    expect((await pub(key, '/api/public/v1/results?Page=0')).status).toBe(400);
  });

  it('is in the OpenAPI document with its schemas and the ApiKey header scheme', async () => {
    const r = await t.call('GET', '/api/docs/json');
    expect(r.body.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'ApiKey' });
    for (const path of [
      '/api/public/v1/backups',
      '/api/public/v1/results',
      '/api/public/v1/companies',
      '/api/public/v1/daily-history',
    ]) {
      const op = r.body.paths[path].get;
      expect(op.security, path).toEqual([{ apiKey: [] }]);
      expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Page', 'Size']));
      expect(op.responses['200'].content['application/json'].schema.properties.Results).toBeTruthy();
    }
    const results = r.body.paths['/api/public/v1/results'].get.parameters.map((p: { name: string }) => p.name);
    expect(results).toEqual(expect.arrayContaining(['BackupId', 'From', 'To']));
  });
});

describe('usage and rate limit', () => {
  it('counts every request and its rows into the day, and sets when the key was last used', async () => {
    const key = await createKey('admin', 'Counted');
    const a = await pub(key.Key, '/api/public/v1/backups');
    const b = await pub(key.Key, `/api/public/v1/results?From=${addDays(Y, -5)}`);
    const bad = await pub(key.Key, '/api/public/v1/backups?Size=5000');
    expect(bad.status).toBe(400);
    const rows = a.body.Results.length + b.body.Results.length;
    expect(rows).toBe(7);
    const utcToday = new Date().toISOString().slice(0, 10);
    expect(await usage(key.Id)).toEqual([{ day: utcToday, requests: 3, rows }]);
    const listed: KeyItem = (await (await t.as('admin'))('GET', '/api/account/api-key')).body.find(
      (k: KeyItem) => k.Id === key.Id,
    );
    expect(listed.RecentRequests).toBe(3);
    expect(listed.RecentRows).toBe(rows);
    expect(listed.LastUsedAt).not.toBeNull();
    expect(Date.now() - Date.parse(listed.LastUsedAt!)).toBeLessThan(60_000);
  });

  it('allows 120 requests a minute per key, then answers 429 with Retry-After; other keys go on', async () => {
    const key = await createKey('admin', 'Busy');
    const other = await createKey('admin', 'Calm');
    for (let i = 1; i <= 120; i++) {
      const r = await pub(key.Key, '/api/public/v1/companies?Size=1');
      expect(r.status, `request ${i}`).toBe(200);
      if (i === 1) expect(r.headers['x-ratelimit-remaining']).toBe('119');
    }
    const refused = await pub(key.Key, '/api/public/v1/companies?Size=1');
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({
      Message: `Rate limit exceeded: at most 120 requests a minute per API key. Try again in ${retry} second${retry === 1 ? '' : 's'}.`,
      title: 'Too Many Requests',
      statusCode: 429,
    });
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect((await pub(other.Key, '/api/public/v1/companies?Size=1')).status).toBe(200);
    // The refused request counts too.
    expect((await usage(key.Id))[0]).toMatchObject({ requests: 121, rows: 120 });
  });
});
