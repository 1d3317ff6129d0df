import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ColorMetricMessages, Dashboard, DashboardPermissions, type Tile } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { LAST_ADMIN } from './service.ts';

/**
 * Dashboards and their tiles as clients see them (features §4.1): create, change, copy,
 * delete; who sees which dashboard at which level; what a Viewer may not do; tile checks.
 */
let t: TestApp;
type Persona = 'admin' | 'standard' | 'client' | 'outsider';
const as = async (p: Persona) => t.as(p);
const list = async (p: Persona) => {
  const r = await (await as(p))('GET', '/api/dashboard');
  expect(r.status).toBe(200);
  return Dashboard.array().parse(r.body);
};
const count = { title: 'Failures', type: 'Count', filters: { Status: [3], DateRange: { Preset: 'yesterday' } } };

beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

describe('dashboards', () => {
  it('creates a public dashboard every tenant user sees, at their level', async () => {
    const admin = await as('admin');
    const r = await admin('POST', '/api/dashboard', { name: '  Operations  ' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Operations',
      dashboardAccessType: 0,
      userAccessType: 2,
      createdBy: 'Ada Admin',
      tiles: [],
      linksCount: 0,
      hasLink: false,
      usersCount: 2,
    });
    const id = r.body.id;
    expect((await list('standard')).find((d) => d.id === id)?.userAccessType).toBe(1);
    // A public dashboard is the provider's own: a client user sees it only once it is shared with them.
    expect((await list('client')).find((d) => d.id === id)).toBeUndefined();
    expect((await list('outsider')).find((d) => d.id === id)).toBeUndefined();
  });

  it('lets a standard user create their own and be its Admin; a client may not create', async () => {
    const r = await (await as('standard'))('POST', '/api/dashboard', { name: 'Mine' });
    expect(r.body.userAccessType).toBe(2);
    expect((await list('admin')).find((d) => d.id === r.body.id)?.userAccessType).toBe(2);
    const c = await (await as('client'))('POST', '/api/dashboard', { name: 'Nope' });
    expect(c.status).toBe(403);
    expect(c.body).toMatchObject({ statusCode: 403, Message: "You don't have a permission." });
  });

  it('rejects a nameless dashboard with the error body', async () => {
    const r = await (await as('admin'))('POST', '/api/dashboard', { name: '   ' });
    expect(r.status).toBe(400);
    expect(r.body.Errors).toEqual([{ Field: 'name', Message: 'Name is required' }]);
  });

  it('renames and saves layouts and settings; a Viewer may not', async () => {
    const admin = await as('admin');
    const { body: d } = await admin('POST', '/api/dashboard', { name: 'Wall' });
    const r = await admin('PUT', `/api/dashboard/${d.id}`, {
      name: 'Wall display',
      uiSettings: { wallRefreshSeconds: 60 },
      layouts: { xxs: [{ i: '1', x: 0, y: 0, w: 2, h: 1 }] },
      lastChangedLayout: 'xxs',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Wall display',
      uiSettings: { wallRefreshSeconds: 60 },
      lastChangedLayout: 'xxs',
    });
    expect(r.body.layouts.xxs).toHaveLength(1);
    // A client user has no edit permission, and a public dashboard not shared with them is not there for them.
    const viewer = await (await as('client'))('PUT', `/api/dashboard/${d.id}`, { name: 'Hacked' });
    expect(viewer.status).toBe(404);
    const editorAccess = await (await as('standard'))('PUT', `/api/dashboard/${d.id}`, { dashboardAccessType: 1 });
    expect(editorAccess.status).toBe(403);
    expect((await list('admin')).find((x) => x.id === d.id)?.name).toBe('Wall display');
  });
});

describe('private dashboards and permissions', () => {
  let id: number;
  let users: Record<string, number>;
  beforeAll(async () => {
    const r = await (await as('admin'))('POST', '/api/dashboard', { name: 'Board room' });
    id = r.body.id;
    const u = await t.database.query<{ id: number; email: string }>('SELECT id, email FROM users');
    users = Object.fromEntries(u.rows.map((x) => [x.email, x.id]));
  });

  it('lists every tenant user by e-mail with their level', async () => {
    const r = await (await as('admin'))('GET', `/api/dashboard/${id}/permissions`);
    expect(r.status).toBe(200);
    const p = DashboardPermissions.parse(r.body);
    expect(p.dashboardAccessType).toBe(0);
    expect(p.userPermissions.map((u) => [u.userEmail, u.accessType])).toEqual([
      ['admin@acme.test', 2],
      ['client@acme.test', -1],
      ['standard@acme.test', 1],
    ]);
    expect((await (await as('standard'))('GET', `/api/dashboard/${id}/permissions`)).status).toBe(403);
  });

  it('hides a private dashboard from everyone without a permission row', async () => {
    const admin = await as('admin');
    const r = await admin('PUT', `/api/dashboard/${id}/permissions/access/1`);
    expect(r.status).toBe(200);
    expect(r.body.dashboardAccessType).toBe(1);
    expect(r.body.userPermissions.map((u: { accessType: number }) => u.accessType)).toEqual([2, -1, -1]);
    expect((await list('standard')).find((d) => d.id === id)).toBeUndefined();
    const s = await as('standard');
    expect((await s('GET', `/api/dashboard/${id}/tile`)).status).toBe(404);
    expect((await s('POST', `/api/dashboard/${id}/tile`, count)).status).toBe(404);
    expect((await list('admin')).find((d) => d.id === id)).toMatchObject({ usersCount: 1, dashboardAccessType: 1 });
  });

  it('grants levels; a Viewer sees it but may not change tiles', async () => {
    const admin = await as('admin');
    const r = await admin('PUT', `/api/dashboard/${id}/permissions`, {
      userPermissions: [{ userId: users['standard@acme.test'], accessType: 0 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.userPermissions.map((u: { accessType: number }) => u.accessType)).toEqual([2, -1, 0]);
    expect((await list('standard')).find((d) => d.id === id)?.userAccessType).toBe(0);

    const tile = (await admin('POST', `/api/dashboard/${id}/tile`, count)).body as Tile;
    const s = await as('standard');
    expect((await s('GET', `/api/dashboard/${id}/tile`)).body).toHaveLength(1);
    for (const [method, url, body] of [
      ['POST', `/api/dashboard/${id}/tile`, count],
      ['PUT', `/api/dashboard/${id}/tile/${tile.id}`, { ...count, title: 'Changed' }],
      ['DELETE', `/api/dashboard/${id}/tile/${tile.id}`, undefined],
      [
        'PUT',
        `/api/dashboard/${id}/tile/position`,
        { positions: [{ id: tile.id, row: 3, col: 0, sizeX: 2, sizeY: 1 }] },
      ],
      ['POST', `/api/dashboard/${id}/share`, undefined],
      ['DELETE', `/api/dashboard/${id}`, undefined],
    ] as const) {
      const x = await s(method, url, body);
      expect(x.status, `${method} ${url}`).toBe(403);
      expect(x.body.statusCode).toBe(403);
    }
    const after = (await admin('GET', `/api/dashboard/${id}/tile/${tile.id}`)).body;
    expect(after).toMatchObject({ title: 'Failures', row: tile.row });

    await admin('POST', `/api/dashboard/${id}/permissions`, {
      userPermissions: [{ userId: users['standard@acme.test'], accessType: 1 }],
    });
    expect((await s('PUT', `/api/dashboard/${id}/tile/${tile.id}`, { ...count, title: 'Edited' })).status).toBe(200);
  });

  it('keeps at least one Admin on a private dashboard, and ignores other tenants’ users', async () => {
    const admin = await as('admin');
    const r = await admin('PUT', `/api/dashboard/${id}/permissions`, {
      userPermissions: [{ userId: users['admin@acme.test'], accessType: 1 }],
    });
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe(LAST_ADMIN);
    const foreign = await admin('PUT', `/api/dashboard/${id}/permissions`, {
      userPermissions: [{ userId: users['outsider@other.test'], accessType: 2 }],
    });
    expect(foreign.status).toBe(404);
    const p = await admin('GET', `/api/dashboard/${id}/permissions`);
    expect(p.body.userPermissions.map((u: { accessType: number }) => u.accessType)).toEqual([2, -1, 1]);
  });

  it('does not let a client past Viewer even with an Editor row', async () => {
    const admin = await as('admin');
    await admin('PUT', `/api/dashboard/${id}/permissions`, {
      userPermissions: [{ userId: users['client@acme.test'], accessType: 1 }],
    });
    expect((await list('client')).find((d) => d.id === id)?.userAccessType).toBe(0);
    expect((await (await as('client'))('POST', `/api/dashboard/${id}/tile`, count)).status).toBe(403);
  });

  it('answers 404 to another tenant for every call on the dashboard', async () => {
    const o = await as('outsider');
    for (const [method, url] of [
      ['GET', `/api/dashboard/${id}/permissions`],
      ['PUT', `/api/dashboard/${id}/permissions/access/0`],
      ['GET', `/api/dashboard/${id}/share`],
      ['DELETE', `/api/dashboard/${id}`],
      ['POST', `/api/dashboard/${id}/refresh`],
    ] as const) {
      const r = await o(method, url);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body).toMatchObject({ statusCode: 404, Message: 'Not found' });
    }
    expect((await o('POST', '/api/dashboard/copy', { id, name: 'Stolen' })).status).toBe(404);
  });
});

describe('tiles', () => {
  let id: number;
  beforeAll(async () => {
    id = (await (await as('admin'))('POST', '/api/dashboard', { name: 'Tiles' })).body.id;
  });

  it('places a new tile below the others at its default size, and keeps minimum sizes', async () => {
    const admin = await as('admin');
    const a = await admin('POST', `/api/dashboard/${id}/tile`, { title: 'History', type: 'Histogram' });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ row: 0, col: 0, sizeX: 6, sizeY: 3, item: { type: 'Histogram' } });
    expect(a.body.data.kind).toBe('Histogram');
    expect(a.body.filters.DateRange).toEqual({ Preset: 'last30days' });
    const b = await admin('POST', `/api/dashboard/${id}/tile`, { title: 'Count', type: 'Count' });
    expect(b.body).toMatchObject({ row: 3, sizeX: 2, sizeY: 1 });
    const small = await admin('POST', `/api/dashboard/${id}/tile`, {
      title: 'Tiny',
      type: 'Histogram',
      position: { row: 9, col: 11, sizeX: 1, sizeY: 1 },
    });
    expect(small.body).toMatchObject({ sizeX: 3, sizeY: 2, col: 9 });
    const pie = await admin('POST', `/api/dashboard/${id}/tile`, {
      title: 'Pie',
      type: 'PieChart',
      position: { row: 12, col: 0, sizeX: 4, sizeY: 2 },
    });
    expect(pie.body).toMatchObject({ sizeX: 4, sizeY: 4 });
  });

  it('moves tiles, all or none', async () => {
    const admin = await as('admin');
    const tiles = (await admin('GET', `/api/dashboard/${id}/tile`)).body as Tile[];
    const [first, second] = tiles;
    const ok = await admin('PUT', `/api/dashboard/${id}/tile/position`, {
      positions: [
        { id: first.id, row: 5, col: 2, sizeX: 6, sizeY: 3 },
        { id: second.id, row: 0, col: 0, sizeX: 1, sizeY: 1 },
      ],
    });
    expect(ok.status).toBe(200);
    const moved = Object.fromEntries((ok.body as Tile[]).map((x) => [x.id, x]));
    expect(moved[first.id]).toMatchObject({ row: 5, col: 2 });
    const other = await (await as('admin'))('POST', '/api/dashboard', { name: 'Other' });
    const foreignTile = (await admin('POST', `/api/dashboard/${other.body.id}/tile`, count)).body.id;
    const bad = await admin('PUT', `/api/dashboard/${id}/tile/position`, {
      positions: [
        { id: first.id, row: 0, col: 0, sizeX: 6, sizeY: 3 },
        { id: foreignTile, row: 0, col: 0, sizeX: 2, sizeY: 1 },
      ],
    });
    expect(bad.status).toBe(404);
    expect((await admin('GET', `/api/dashboard/${id}/tile/${first.id}`)).body.row).toBe(5);
    const list = await admin('GET', '/api/dashboard');
    const mine = (list.body as Dashboard[]).find((d) => d.id === id)!;
    expect(mine.layouts.xs.find((l) => l.i === String(first.id))).toMatchObject({ x: 2, y: 5, w: 6, h: 3 });
  });

  it('checks colour thresholds with the spec messages and saves nothing', async () => {
    const admin = await as('admin');
    const before = (await admin('GET', `/api/dashboard/${id}/tile`)).body.length;
    const withMetrics = (red: string, yellow: string, green: string, on = true) => ({
      ...count,
      uiSettings: {
        colorMetrics: [
          { color: 'red', value: red, isEnabled: on },
          { color: 'yellow', value: yellow, isEnabled: on },
          { color: 'green', value: green, isEnabled: on },
        ],
      },
    });
    const order = await admin('POST', `/api/dashboard/${id}/tile`, withMetrics('100', '200', '0'));
    expect(order.status).toBe(400);
    expect(order.body).toMatchObject({ statusCode: 400, Message: ColorMetricMessages.decreasing });
    expect(order.body.Errors).toEqual([
      { Field: 'uiSettings.colorMetrics.1.value', Message: 'Values should be in decreasing order' },
    ]);
    const empty = await admin('POST', `/api/dashboard/${id}/tile`, withMetrics('', '200', '0'));
    expect(empty.body.Errors).toEqual([
      { Field: 'uiSettings.colorMetrics.0.value', Message: 'Value is required field' },
    ]);
    const same = await admin('POST', `/api/dashboard/${id}/tile`, withMetrics('200', '200', '0'));
    expect(same.body.Errors.map((e: { Message: string }) => e.Message)).toEqual([
      'Values should be unique',
      'Values should be unique',
    ]);
    const off = await admin('POST', `/api/dashboard/${id}/tile`, withMetrics('', '', '', false));
    expect(off.status).toBe(200);
    expect((await admin('GET', `/api/dashboard/${id}/tile`)).body.length).toBe(before + 1);
    const preview = await admin('POST', '/api/dashboard/tile/generate', withMetrics('1', '1', '0'));
    expect(preview.status).toBe(400);
  });

  it('needs an insight type on an Insight tile, and a range of at most a year', async () => {
    const admin = await as('admin');
    const r = await admin('POST', `/api/dashboard/${id}/tile`, { title: 'Insight', type: 'Insight' });
    expect(r.status).toBe(400);
    expect(r.body.Errors).toEqual([{ Field: 'insightType', Message: 'Insight type is required' }]);
    const long = await admin('POST', `/api/dashboard/${id}/tile`, {
      ...count,
      filters: { DateRange: { Preset: 'custom', From: '2020-01-01', To: '2022-01-01' } },
    });
    expect(long.status).toBe(400);
    expect(long.body.Message).toBe('Date range must be at most 366 days');
    const reversed = await admin('POST', `/api/dashboard/${id}/tile`, {
      ...count,
      filters: { DateRange: { Preset: 'custom', From: '2026-01-05', To: '2026-01-01' } },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.Errors[0].Message).toBe('Date Filter To must be later than Date Filter From');
  });

  it('updates and deletes one tile; another dashboard’s tile id is not there', async () => {
    const admin = await as('admin');
    const tiles = (await admin('GET', `/api/dashboard/${id}/tile`)).body as Tile[];
    const u = await admin('PUT', `/api/dashboard/${id}/tile/${tiles[0].id}`, { ...count, title: 'Renamed' });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ title: 'Renamed', type: 'Count', row: tiles[0].row });
    const d = await admin('DELETE', `/api/dashboard/${id}/tile/${tiles[0].id}`);
    expect(d.status).toBe(200);
    expect((d.body as Tile[]).map((x) => x.id)).not.toContain(tiles[0].id);
    expect((await admin('GET', `/api/dashboard/${id}/tile/${tiles[0].id}`)).status).toBe(404);
    const other = (await admin('POST', '/api/dashboard', { name: 'Else' })).body.id;
    expect((await admin('GET', `/api/dashboard/${other}/tile/${tiles[1].id}`)).status).toBe(404);
  });
});

describe('copy and delete', () => {
  it('copies tiles and saved layouts under new tile ids', async () => {
    const admin = await as('admin');
    const src = (await admin('POST', '/api/dashboard', { name: 'Source' })).body.id;
    const a = (await admin('POST', `/api/dashboard/${src}/tile`, count)).body.id;
    await admin('PUT', `/api/dashboard/${src}`, { layouts: { xxs: [{ i: String(a), x: 0, y: 4, w: 2, h: 1 }] } });
    const r = await admin('POST', '/api/dashboard/copy', { id: src, name: 'Copy of Source' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.tiles).toHaveLength(1);
    const newTile = r.body.tiles[0];
    expect(newTile.id).not.toBe(a);
    expect(newTile).toMatchObject({ title: 'Failures', filters: { Status: [3] } });
    expect(r.body.layouts.xxs).toEqual([{ i: String(newTile.id), x: 0, y: 4, w: 2, h: 1 }]);
  });

  it('deletes a dashboard with its tiles; deleting the last leaves an empty list', async () => {
    const t2 = await testApp();
    try {
      const admin = await t2.as('admin');
      const { body: d } = await admin('POST', '/api/dashboard', { name: 'Only' });
      await admin('POST', `/api/dashboard/${d.id}/tile`, count);
      const r = await admin('DELETE', `/api/dashboard/${d.id}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual([]);
      expect((await admin('GET', '/api/dashboard')).body).toEqual([]);
      const left = await t2.database.query('SELECT 1 FROM dashboard_tiles WHERE dashboard_id = $1', [d.id]);
      expect(left.rows).toHaveLength(0);
    } finally {
      await t2.close();
    }
  });
});

describe('enums', () => {
  it('names tile types with their minimum sizes, presets and access levels', async () => {
    const r = await (await as('client'))('GET', '/api/dashboard/enums');
    expect(r.status).toBe(200);
    expect(r.body.tileTypes).toContainEqual({ value: 'Histogram', label: 'Histogram', minW: 3, minH: 2 });
    expect(r.body.userAccessTypes.map((x: { label: string }) => x.label)).toEqual([
      'No Access',
      'Viewer',
      'Editor',
      'Admin',
    ]);
    expect(r.body.datePresets).toHaveLength(9);
  });
});
