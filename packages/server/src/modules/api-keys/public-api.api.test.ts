import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../status/index.ts';
import { addCompany, at } from '../audit/test-data.ts';
import {
  t,
  homeId,
  ids,
  contosoId,
  D2,
  KeyItem,
  createKey,
  pub,
  usage,
  Y,
  today,
  setUpApiKeysSuite,
} from './api-keys.setup.ts';

setUpApiKeysSuite();

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
