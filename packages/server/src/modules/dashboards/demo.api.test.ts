import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dashboard, TileWithData } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { seedDemo } from '../../seed/demo.ts';

/** The demo's dashboards: "NOC overview" with every tile type, and two published layouts. */
let t: TestApp;
const PASSWORD = 'Demo!Pass1';

beforeAll(async () => {
  t = await testApp();
  await seedDemo(t.database, PASSWORD);
  await seedDemo(t.database, PASSWORD);
});
afterAll(async () => t.close());

describe('demo dashboards', () => {
  it('gives the demo admin a NOC overview with one tile of each type, once', async () => {
    const login = await t.call('POST', '/api/UserAuth/Login', {
      body: { UserName: 'admin@demo.local', Password: PASSWORD },
    });
    const token = login.body.accessToken as string;
    const list = Dashboard.array().parse((await t.call('GET', '/api/dashboard', { token })).body);
    expect(list.map((d) => d.name)).toEqual(['NOC overview']);
    expect(new Set(list[0].tiles.map((x) => x.type))).toEqual(
      new Set(['Histogram', 'PieChart', 'Count', 'Bar', 'Column', 'Insight']),
    );
    const tiles = await t.call('GET', `/api/dashboard/${list[0].id}/tile`, { token });
    expect(tiles.status).toBe(200);
    expect(TileWithData.array().parse(tiles.body)).toHaveLength(list[0].tiles.length);
    const layouts = await t.call('GET', '/api/dashboard/layout', { token });
    expect(layouts.body.map((l: { name: string }) => l.name)).toEqual(['Client overview', 'Morning check']);
  });
});
