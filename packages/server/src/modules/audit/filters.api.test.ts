import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';

/** The caller's audit filters and grid settings, and saved filters (api/common/user-filters). */
let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

describe('account audit filters and UI settings', () => {
  it('answers {} until something is stored, then exactly what was stored, per user', async () => {
    const admin = await t.as('admin');
    expect((await admin('GET', '/api/account/audit-filters')).body).toEqual({});
    const filters = { Statuses: [3, 4], IncludeNoCompany: true, DaysWithoutSuccess: 3, Search: 'nas' };
    const put = await admin('PUT', '/api/account/audit-filters', filters);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(filters);
    expect((await admin('GET', '/api/account/audit-filters')).body).toEqual(filters);
    // Replaced, not merged.
    await admin('PUT', '/api/account/audit-filters', { FilterScheduled: true });
    expect((await admin('GET', '/api/account/audit-filters')).body).toEqual({ FilterScheduled: true });
    // Another user has their own.
    expect((await (await t.as('standard'))('GET', '/api/account/audit-filters')).body).toEqual({});
  });

  it('validates the filters it stores', async () => {
    const admin = await t.as('admin');
    const bad = await admin('PUT', '/api/account/audit-filters', { Statuses: [9] });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors[0].Field).toBe('Statuses.0');
    expect((await admin('PUT', '/api/account/audit-filters', { Date: '2026-02-29' })).status).toBe(400);
    expect((await admin('GET', '/api/account/audit-filters')).body).toEqual({ FilterScheduled: true });
  });

  it('round-trips the audit grid settings', async () => {
    const client = await t.as('client');
    expect((await client('GET', '/api/account/audit-ui-settings')).body).toEqual({});
    const settings = {
      Columns: { order: ['CompanyName', 'DeviceName'], widths: { CompanyName: 240 }, hidden: ['ClientId'] },
      HistoryDays: 14,
      PageSize: 100,
      FiltersExpanded: false,
    };
    expect((await client('PUT', '/api/account/audit-ui-settings', settings)).body).toEqual(settings);
    expect((await client('GET', '/api/account/audit-ui-settings')).body).toEqual(settings);
    expect((await client('PUT', '/api/account/audit-ui-settings', { PageSize: 75 })).status).toBe(400);
  });

  it('is for tenant users with the audit: platform admins are refused', async () => {
    const root = await t.as('root');
    expect((await root('GET', '/api/account/audit-filters')).status).toBe(403);
    expect((await root('GET', '/api/common/user-filters')).status).toBe(403);
  });
});

describe('saved filters', () => {
  let nightly: number;

  it('starts with the built-in "All backups"', async () => {
    const r = await (await t.as('admin'))('GET', '/api/common/user-filters');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ id: -1, name: 'All backups', filters: {} }]);
  });

  it('creates filters and lists them after the built-in one, by name', async () => {
    const admin = await t.as('admin');
    const a = await admin('POST', '/api/user/filter', { name: 'Nightly failures', filters: { Statuses: [3] } });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ id: expect.any(Number), name: 'Nightly failures', filters: { Statuses: [3] } });
    nightly = a.body.id;
    await admin('POST', '/api/user/filter', { name: '  Contoso  ', filters: { Companies: [1], Search: 'x' } });
    const list = await admin('GET', '/api/common/user-filters');
    expect(list.body.map((f: { name: string }) => f.name)).toEqual(['All backups', 'Contoso', 'Nightly failures']);
    expect(list.body[1].filters).toEqual({ Companies: [1], Search: 'x' });
  });

  it('keeps names unique per user, case aside', async () => {
    const admin = await t.as('admin');
    const dup = await admin('POST', '/api/user/filter', { name: 'nightly FAILURES', filters: {} });
    expect(dup.status).toBe(400);
    expect(dup.body.Message).toBe('A filter named "Nightly failures" already exists.');
    expect(dup.body.Errors).toEqual([{ Field: 'name', Message: dup.body.Message }]);
    const builtIn = await admin('POST', '/api/user/filter', { name: 'All Backups', filters: {} });
    expect(builtIn.status).toBe(400);
    expect((await admin('POST', '/api/user/filter', { name: '  ', filters: {} })).status).toBe(400);
    // Another user may use the same name.
    const standard = await t.as('standard');
    expect((await standard('POST', '/api/user/filter', { name: 'Nightly failures', filters: {} })).status).toBe(200);
  });

  it('updates the caller’s own filter, and no one else’s', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/user/filter', {
      id: nightly,
      name: 'Failures',
      filters: { Statuses: [3, 4] },
    });
    expect(r.body).toEqual({ id: nightly, name: 'Failures', filters: { Statuses: [3, 4] } });
    // Renaming to its own name (another case) is fine.
    expect((await admin('POST', '/api/user/filter', { id: nightly, name: 'FAILURES', filters: {} })).status).toBe(200);
    const standard = await t.as('standard');
    const theirs = await standard('POST', '/api/user/filter', { id: nightly, name: 'Mine now', filters: {} });
    expect(theirs.status).toBe(404);
    expect((await standard('DELETE', `/api/user/filter/${nightly}`)).status).toBe(404);
    expect((await admin('POST', '/api/user/filter', { id: -1, name: 'Everything', filters: {} })).status).toBe(400);
    const list = await admin('GET', '/api/common/user-filters');
    expect(list.body.find((f: { id: number }) => f.id === nightly).name).toBe('FAILURES');
  });

  it('deletes a filter; the built-in one cannot be deleted', async () => {
    const admin = await t.as('admin');
    const builtIn = await admin('DELETE', '/api/user/filter/-1');
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.Message).toBe('The built-in filter cannot be deleted.');
    expect((await admin('DELETE', `/api/user/filter/${nightly}`)).body).toEqual({ id: nightly });
    expect((await admin('DELETE', `/api/user/filter/${nightly}`)).status).toBe(404);
    const list = await admin('GET', '/api/common/user-filters');
    expect(list.body.map((f: { name: string }) => f.name)).toEqual(['All backups', 'Contoso']);
  });
});
