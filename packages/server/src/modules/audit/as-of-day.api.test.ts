import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays, businessDay, dayWindow } from '../../status/index.ts';
import { activate, backupIds, csvEmail, EVERY_DAY, homeTenantId, setTimeZone } from './test-data.ts';

/**
 * The Audit grid's per-row figures on a selected day, in a tenant far from UTC: days without
 * success agree with the last success's local day, and the status and days in status are those
 * of the selected day, not of today.
 */
let t: TestApp;
let homeId: number;
let ids: Record<string, number>;

type Row = {
  DeviceName: string;
  Status: number;
  CurrentStatus: number;
  DaysInStatus: number | null;
  DaysWithoutSuccess: number | null;
  LastSuccess: string | null;
};

/** A local time of a day in a zone (start of business at midnight). */
function local(day: string, zone: string, hour: number, minute = 0): Date {
  return new Date(dayWindow(day, zone, 0).opensAt.getTime() + (hour * 60 + minute) * 60_000);
}

/** A generic CSV e-mail whose times carry their zone (UTC), filed through the intake. */
async function send(rows: { device: string; status: 'Success' | 'Warning' | 'Failed'; at: Date }[]) {
  const raw = csvEmail(rows, undefined, { zoned: true });
  await t.deps.ingest.accept({
    raw,
    envelopeFrom: 'exports@acme-client.test',
    recipients: [{ tenantId: homeId, address: 'acme@inbound.localhost', plusTag: null }],
    source: 'smtp',
  });
}

async function audit(body: Record<string, unknown>): Promise<Record<string, Row>> {
  const r = await (await t.as('admin'))('POST', '/api/policy/audit-backups', { HistoryDays: 7, ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Object.fromEntries((r.body as { Results: Row[] }).Results.map((x) => [x.DeviceName, x]));
}

const NY = 'America/New_York';
const AKL = 'Pacific/Auckland';
const today = (zone: string) => businessDay(new Date(), zone, 0);

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, NY);
  const D = addDays(today(NY), -2);
  await send([
    // late-ok succeeded at 21:31 local on D, then failed on D+1.
    { device: 'late-ok', status: 'Success', at: local(D, NY, 21, 31) },
    { device: 'late-ok', status: 'Failed', at: local(addDays(D, 1), NY, 21, 31) },
    // run: Success D-4, Warning D-3 … D-1, Success D (status runs up to a past day).
    { device: 'run', status: 'Success', at: local(addDays(D, -4), NY, 9) },
    ...[3, 2, 1].map((n) => ({ device: 'run', status: 'Warning' as const, at: local(addDays(D, -n), NY, 9) })),
    { device: 'run', status: 'Success', at: local(D, NY, 9) },
    { device: 'run', status: 'Success', at: local(addDays(D, 1), NY, 9) },
  ]);
  ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['late-ok'], ids['run']], { schedule: EVERY_DAY });
});
afterAll(async () => t.close());

describe('days without success', () => {
  it('is 0 on the day of a success at 21:31 local (New York), then counts local days', async () => {
    const D = addDays(today(NY), -2);
    const onD = await audit({ Date: D });
    expect(onD['late-ok']).toMatchObject({ Status: 1, DaysWithoutSuccess: 0 });
    expect(onD['late-ok'].LastSuccess).toBe(local(D, NY, 21, 31).toISOString());
    expect((await audit({ Date: addDays(D, 1) }))['late-ok']).toMatchObject({ Status: 3, DaysWithoutSuccess: 1 });
    expect((await audit({ Date: addDays(D, 2) }))['late-ok'].DaysWithoutSuccess).toBe(2);
    // The filter uses the same number: not "no success for 1 day" on D, but on D+1.
    expect(Object.keys(await audit({ Date: D, DaysWithoutSuccess: 1 }))).not.toContain('late-ok');
    expect(Object.keys(await audit({ Date: addDays(D, 1), DaysWithoutSuccess: 1 }))).toContain('late-ok');
  });

  it('is the same number in a "No success for N days" tile, on the range\'s last day', async () => {
    const D = addDays(today(NY), -2);
    const tile = async (to: string, days: number) => {
      const r = await (
        await t.as('admin')
      )('POST', '/api/dashboard/tile/generate', {
        title: 'Stale',
        type: 'Count',
        daysWithoutSuccess: days,
        filters: { DateRange: { Preset: 'custom', From: to, To: to } },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body as { data: { Count: number } }).data.Count;
    };
    // On D-1: run last succeeded on D-4 (3 days), late-ok never had by then; both count.
    expect(await tile(addDays(D, -1), 3)).toBe(2);
    expect(await tile(addDays(D, -1), 4)).toBe(1);
    // On D both succeeded that day; on D+1 late-ok is one day without success.
    expect(await tile(D, 1)).toBe(0);
    expect(await tile(addDays(D, 1), 1)).toBe(1);
  });

  it('is 0 on the day of a success at 21:31 local in Auckland', async () => {
    await setTimeZone(t, homeId, AKL);
    try {
      const D = addDays(today(AKL), -2);
      await send([{ device: 'akl', status: 'Success', at: local(D, AKL, 21, 31) }]);
      const akl = (await backupIds(t, homeId)).akl;
      await activate(t, homeId, [akl], { schedule: EVERY_DAY });
      const onD = await audit({ Date: D, Search: 'akl' });
      expect(onD.akl).toMatchObject({ Status: 1, DaysWithoutSuccess: 0 });
      expect((await audit({ Date: addDays(D, 1), Search: 'akl' })).akl.DaysWithoutSuccess).toBe(1);
    } finally {
      await setTimeZone(t, homeId, NY);
    }
  });
});

describe('days in status', () => {
  it('shows the status of the selected past day and how long it had held by then', async () => {
    const D = addDays(today(NY), -2);
    const past = await audit({ Date: addDays(D, -1) });
    // Warning on D-3, D-2 and D-1: three days in Warning, the first of them counting 0.
    expect(past.run).toMatchObject({ Status: 2, CurrentStatus: 2, DaysInStatus: 2, DaysWithoutSuccess: 3 });
    const later = await audit({ Date: addDays(D, 1) });
    expect(later.run).toMatchObject({ Status: 1, CurrentStatus: 1, DaysInStatus: 1, DaysWithoutSuccess: 0 });
  });
});
