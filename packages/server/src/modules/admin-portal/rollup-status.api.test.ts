import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { activate, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/** System status (GET api/functions/status): the daily rollup's last run is when it really ran. */
let t: TestApp;
let homeId: number;
const { yesterday: Y } = clock();

type Fn = { Key: string; State: string; LastAt: string | null; Detail: string };
async function rollupStatus(): Promise<Fn> {
  const r = await (await t.as('admin'))('GET', '/api/functions/status');
  expect(r.status).toBe(200);
  return (r.body as Fn[]).find((f) => f.Key === 'daily-rollup')!;
}

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
});
afterAll(async () => t.close());

describe('daily rollup status', () => {
  it('reports the time of the last rollup run, never an older result time', async () => {
    // Results from days ago, filed before anything was rolled up.
    await sendCsv(t, homeId, [
      { device: 'old-1', status: 'Success', at: at(addDays(Y, -3), 1) },
      { device: 'old-1', status: 'Success', at: at(addDays(Y, -2), 1) },
    ]);
    const before = await rollupStatus();
    expect(before).toMatchObject({ State: 'idle', LastAt: null });

    const started = Date.now();
    await activate(t, homeId, [(await backupIds(t, homeId))['old-1']]);
    const first = await rollupStatus();
    expect(first.Detail).toMatch(/1 active backup/);
    expect(first.LastAt).not.toBeNull();
    const firstAt = Date.parse(first.LastAt!);
    expect(firstAt).toBeGreaterThanOrEqual(started - 1000);
    expect(firstAt).toBeLessThanOrEqual(Date.now());

    // The rollup clock rolls the days again: the time moves on, even for a past "now".
    await new Promise((r) => setTimeout(r, 20));
    await t.deps.rollup.rerollAll([(await backupIds(t, homeId))['old-1']], new Date(Date.parse(`${Y}T12:00:00Z`)));
    const second = await rollupStatus();
    expect(Date.parse(second.LastAt!)).toBeGreaterThan(firstAt);
  });
});
