import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedDashboard, TileWithData } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/**
 * Share links (features §4.1) and admin dashboard layouts (platform §7): a link opens one
 * dashboard read-only without signing in, with the data its creator may see, until it is
 * deactivated; layouts are kept by platform admins and reach tenants once published.
 */
let t: TestApp;
let homeId: number;
let fabrikamId: number;
const { yesterday: Y } = clock();
const count = { title: 'Backups', type: 'Count', filters: { DateRange: { Preset: 'yesterday' } } };
const anonymous = (url: string) => t.call('GET', url);

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'srv-1', status: 'Success', at: at(Y, 1) },
    { device: 'srv-2', status: 'Failed', at: at(Y, 2) },
    { device: 'srv-3', status: 'Warning', at: at(addDays(Y, -1), 3) },
  ]);
  const ids = await backupIds(t, homeId);
  await activate(t, homeId, Object.values(ids));
  await addCompany(t, homeId, 'Contoso', [ids['srv-1'], ids['srv-2']]);
  fabrikamId = await addCompany(t, homeId, 'Fabrikam', [ids['srv-3']]);
});
afterAll(async () => t.close());

describe('share links', () => {
  let id: number;
  let otherId: number;
  let tileId: number;
  let token: string;
  let linkId: number;

  beforeAll(async () => {
    const s = await t.as('standard');
    id = (await s('POST', '/api/dashboard', { name: 'Client wall' })).body.id;
    tileId = (await s('POST', `/api/dashboard/${id}/tile`, count)).body.id;
    await s('POST', `/api/dashboard/${id}/tile`, {
      ...count,
      title: 'Failures',
      filters: { Status: [3], DateRange: { Preset: 'yesterday' } },
    });
    otherId = (await s('POST', '/api/dashboard', { name: 'Internal' })).body.id;
    await s('POST', `/api/dashboard/${otherId}/tile`, { ...count, title: 'Secret' });
  });

  it('makes a link whose token is shown once and stored only as a hash', async () => {
    const s = await t.as('standard');
    const r = await s('POST', `/api/dashboard/${id}/share`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    token = r.body.token;
    linkId = r.body.id;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(r.body.url).toBe(`http://vigil.test/dashboard-share?token=${token}`);
    expect(r.body.createdBy).toBe('Stan Dard');
    const stored = await t.database.query<{ token_hash: string }>('SELECT token_hash FROM dashboard_shares');
    expect(stored.rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    const links = await s('GET', `/api/dashboard/${id}/share`);
    expect(links.body.linksCount).toBe(1);
    expect(links.body.links[0].token).toBeUndefined();
    const mine = (await s('GET', '/api/dashboard')).body.find((d: { id: number }) => d.id === id);
    expect(mine).toMatchObject({ hasLink: true, linksCount: 1 });
  });

  it('opens without signing in: that dashboard’s tiles with data, nothing else', async () => {
    const r = await anonymous(`/api/dashboard-share?token=${token}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const shared = SharedDashboard.parse(r.body);
    expect(shared).toMatchObject({ name: 'Client wall', tenantName: 'Acme MSP', hasLogo: false, timeZone: 'UTC' });
    expect(shared.tiles.map((x) => [x.title, x.data])).toEqual([
      ['Backups', { kind: 'Count', Count: 3, color: 'default' }],
      ['Failures', { kind: 'Count', Count: 1, color: 'default' }],
    ]);
    expect(shared.layouts.xs).toHaveLength(2);
    const one = await anonymous(`/api/dashboard-share/${tileId}?token=${token}`);
    expect(TileWithData.parse(one.body).data).toEqual({ kind: 'Count', Count: 3, color: 'default' });
    const secret = (await (await t.as('standard'))('GET', `/api/dashboard/${otherId}/tile`)).body[0].id;
    expect((await anonymous(`/api/dashboard-share/${secret}?token=${token}`)).status).toBe(404);
    // The link opens nothing that needs a session.
    expect((await anonymous(`/api/dashboard/${id}/tile`)).status).toBe(401);
  });

  it('cannot reach another tenant’s tiles', async () => {
    const o = await t.as('outsider');
    const theirs = (await o('POST', '/api/dashboard', { name: 'Theirs' })).body.id;
    const theirTile = (await o('POST', `/api/dashboard/${theirs}/tile`, count)).body.id;
    const r = await anonymous(`/api/dashboard-share/${theirTile}?token=${token}`);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ statusCode: 404, Message: 'Not found' });
  });

  it('shows the data its creator may see', async () => {
    const standard = await t.database.query<{ id: number }>("SELECT id FROM users WHERE email = 'standard@acme.test'");
    await t.database.query('UPDATE users SET is_company_restricted = true WHERE id = $1', [standard.rows[0].id]);
    await t.database.query('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
      standard.rows[0].id,
      fabrikamId,
      homeId,
    ]);
    try {
      const r = await anonymous(`/api/dashboard-share?token=${token}`);
      expect(r.body.tiles.map((x: TileWithData) => x.data)).toEqual([
        { kind: 'Count', Count: 1, color: 'default' },
        { kind: 'Count', Count: 0, color: 'default' },
      ]);
    } finally {
      await t.database.query('UPDATE users SET is_company_restricted = false WHERE id = $1', [standard.rows[0].id]);
      await t.database.query('DELETE FROM user_companies WHERE user_id = $1', [standard.rows[0].id]);
    }
  });

  it('answers the tenant logo when there is one, else 404', async () => {
    const none = await anonymous(`/api/dashboard-share/logo?token=${token}`);
    expect(none.status).toBe(404);
    expect(none.body.statusCode).toBe(404);
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await t.database.query('UPDATE tenants SET custom_logo = $2 WHERE id = $1', [
      homeId,
      `data:image/png;base64,${png.toString('base64')}`,
    ]);
    try {
      const r = await t.app.inject({ method: 'GET', url: `/api/dashboard-share/logo?token=${token}` });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/png');
      expect(r.rawPayload.equals(png)).toBe(true);
      expect((await anonymous(`/api/dashboard-share?token=${token}`)).body.hasLogo).toBe(true);
    } finally {
      await t.database.query('UPDATE tenants SET custom_logo = NULL WHERE id = $1', [homeId]);
    }
  });

  it('opens nothing once deactivated, or with an unknown token', async () => {
    const s = await t.as('standard');
    const second = (await s('POST', `/api/dashboard/${id}/share`)).body;
    const r = await s('DELETE', `/api/dashboard/${id}/share?linkId=${linkId}`);
    expect(r.status).toBe(200);
    expect(r.body.linksCount).toBe(1);
    for (const url of [`/api/dashboard-share?token=${token}`, `/api/dashboard-share/${tileId}?token=${token}`]) {
      const x = await anonymous(url);
      expect(x.status).toBe(404);
      expect(x.body).toMatchObject({ statusCode: 404, Message: 'Not found' });
    }
    expect((await anonymous(`/api/dashboard-share?token=${second.token}`)).status).toBe(200);
    expect((await anonymous(`/api/dashboard-share?token=${'A'.repeat(43)}`)).status).toBe(404);
    const all = await s('DELETE', `/api/dashboard/${id}/share`);
    expect(all.body).toEqual({ linksCount: 0, links: [] });
    expect((await anonymous(`/api/dashboard-share?token=${second.token}`)).status).toBe(404);
    expect((await anonymous('/api/dashboard-share')).status).toBe(400);
  });

  it('lets only the dashboard’s Admins manage links', async () => {
    const admin = await t.as('admin');
    // The tenant admin is Admin on every public dashboard; a client user does not see one not shared with them.
    expect((await admin('POST', `/api/dashboard/${id}/share`)).status).toBe(200);
    expect((await (await t.as('client'))('GET', `/api/dashboard/${id}/share`)).status).toBe(404);
    expect((await (await t.as('outsider'))('POST', `/api/dashboard/${id}/share`)).status).toBe(404);
  });
});

describe('dashboard layouts', () => {
  const tiles = [
    { title: 'Last 30 days', type: 'Histogram', position: { row: 0, col: 0, sizeX: 8, sizeY: 3 } },
    { title: 'Yesterday', type: 'PieChart', position: { row: 0, col: 8, sizeX: 4, sizeY: 2 } },
  ];

  it('are kept by platform admins only', async () => {
    const root = await t.as('root');
    const made = await root('POST', '/api/dashboard/layout', { name: 'Morning', description: 'Start here', tiles });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ name: 'Morning', isPublished: false });
    expect(made.body.tiles[1].position).toEqual({ row: 0, col: 8, sizeX: 4, sizeY: 4 });
    const admin = await t.as('admin');
    expect((await admin('GET', '/api/dashboard/layout/all')).status).toBe(403);
    expect((await admin('POST', '/api/dashboard/layout', { name: 'X', tiles: [] })).status).toBe(403);
    expect((await admin('PATCH', `/api/dashboard/layout/${made.body.id}/true`)).status).toBe(403);

    const edited = await root('PUT', '/api/dashboard/layout', { id: made.body.id, name: 'Morning check', tiles });
    expect(edited.body.name).toBe('Morning check');
    expect((await root('GET', `/api/dashboard/layout/${made.body.id}`)).body.name).toBe('Morning check');
    const bad = await root('POST', '/api/dashboard/layout', {
      name: 'Bad',
      tiles: [{ title: 'I', type: 'Insight', position: { row: 0, col: 0, sizeX: 1, sizeY: 1 } }],
    });
    expect(bad.status).toBe(400);
    expect((await root('GET', '/api/dashboard/layout/all')).body).toHaveLength(1);
  });

  it('reach tenants once published; a dashboard starts from one with its tiles', async () => {
    const root = await t.as('root');
    const [layout] = (await root('GET', '/api/dashboard/layout/all')).body;
    const draft = (await root('POST', '/api/dashboard/layout', { name: 'Draft', tiles: [] })).body;
    const s = await t.as('standard');
    expect((await s('GET', '/api/dashboard/layout')).body).toEqual([]);
    expect((await s('POST', '/api/dashboard/template', { layoutId: layout.id, name: 'Mine' })).status).toBe(404);

    expect((await root('PATCH', `/api/dashboard/layout/${layout.id}/true`)).body.isPublished).toBe(true);
    const published = (await s('GET', '/api/dashboard/layout')).body;
    expect(published.map((l: { name: string }) => l.name)).toEqual(['Morning check']);
    const d = await s('POST', '/api/dashboard/template', { layoutId: layout.id, name: 'My morning' });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body).toMatchObject({ name: 'My morning', userAccessType: 2 });
    expect(d.body.tiles.map((x: { title: string; sizeX: number }) => [x.title, x.sizeX])).toEqual([
      ['Last 30 days', 8],
      ['Yesterday', 4],
    ]);
    expect((await s('POST', '/api/dashboard/template', { layoutId: draft.id, name: 'Draft' })).status).toBe(404);

    expect((await root('PATCH', `/api/dashboard/layout/${layout.id}/false`)).body.isPublished).toBe(false);
    expect((await s('GET', '/api/dashboard/layout')).body).toEqual([]);
    expect((await root('DELETE', `/api/dashboard/layout/${draft.id}`)).status).toBe(200);
    expect((await root('DELETE', `/api/dashboard/layout/${draft.id}`)).status).toBe(404);
    expect((await root('PATCH', `/api/dashboard/layout/${layout.id}/maybe`)).status).toBe(400);
  });
});
