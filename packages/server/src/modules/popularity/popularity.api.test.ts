import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { at, clock, homeTenantId, sendCsv, setTimeZone, type CsvRow } from '../audit/test-data.ts';

/**
 * Backup time popularity (platform §7 Popularity, flag brTimePopularity): the start times of the
 * jobs on the same storage (same vendor and device), the least crowded 30-minute slot near the
 * backup's own start, and the accepted move.
 */
let t: TestApp;
let ids: Record<string, number>;
const { yesterday: Y } = clock();

beforeAll(async () => {
  t = await testApp();
  const homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  const rows: CsvRow[] = [];
  for (const n of [0, 1, 2]) {
    const day = addDays(Y, -n);
    rows.push(
      { device: 'nas-1', job: 'target', status: 'Success', at: at(day, 22, 5) },
      { device: 'nas-1', job: 'files', status: 'Success', at: at(day, 22, 0) },
      { device: 'nas-1', job: 'mail', status: 'Success', at: at(day, 22, 10) },
      { device: 'nas-1', job: 'sql', status: 'Success', at: at(day, 22, 40) },
      { device: 'nas-1', job: 'vm', status: 'Success', at: at(day, 21, 35) },
      // Another device's job does not crowd nas-1.
      { device: 'srv-9', job: 'other', status: 'Success', at: at(day, 21, 0) },
    );
  }
  await sendCsv(t, homeId, rows);
  const r = await t.database.query<{ id: number; job_name: string }>(
    `SELECT id, job_name FROM backups WHERE tenant_id = $1 AND device_name IN ('nas-1', 'srv-9')`,
    [homeId],
  );
  ids = Object.fromEntries(r.rows.map((b) => [b.job_name, b.id]));
});
afterAll(async () => t.close());

describe('GET /api/popularity/{id}/unpopular-time', () => {
  it('counts the jobs starting per slot on the same storage and suggests the emptiest near the current start', async () => {
    const r = await (await t.as('admin'))('GET', `/api/popularity/${ids.target}/unpopular-time`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      BackupId: ids.target,
      Neighbours: 4,
      CurrentTime: '22:00',
      SlotMinutes: 30,
      SuggestedTime: '21:00',
    });
    const slots = Object.fromEntries(r.body.Slots.map((s: { Time: string; Count: number }) => [s.Time, s.Count]));
    expect(r.body.Slots).toHaveLength(48);
    expect(slots).toMatchObject({ '21:00': 0, '21:30': 1, '22:00': 2, '22:30': 1, '23:00': 0 });
  });

  it('answers 404 for a backup of another tenant', async () => {
    const r = await (await t.as('outsider'))('GET', `/api/popularity/${ids.target}/unpopular-time`);
    expect(r.status).toBe(404);
    expect(r.body.Message).toBe('Not found');
  });
});

describe('POST /api/popularity/{id}', () => {
  it("records the accepted move: the backup's planned start, which the neighbours then count", async () => {
    const admin = await t.as('admin');
    const moved = await admin('POST', `/api/popularity/${ids.target}`, { StartTime: '21:00' });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ BackupId: ids.target, StartTime: '21:00', PreviousTime: '22:00' });
    const again = await admin('GET', `/api/popularity/${ids.target}/unpopular-time`);
    expect(again.body.CurrentTime).toBe('21:00');
    // For the files job, the target now starts at 21:00.
    const files = await admin('GET', `/api/popularity/${ids.files}/unpopular-time`);
    const slots = Object.fromEntries(files.body.Slots.map((s: { Time: string; Count: number }) => [s.Time, s.Count]));
    expect(slots).toMatchObject({ '21:00': 1, '22:00': 1 });
  });

  it('refuses a start that is not HH:MM, and callers who may not edit backups', async () => {
    const bad = await (await t.as('admin'))('POST', `/api/popularity/${ids.target}`, { StartTime: '25:00' });
    expect(bad.status).toBe(400);
    const client = await (await t.as('client'))('POST', `/api/popularity/${ids.target}`, { StartTime: '03:00' });
    expect(client.status).toBe(403);
    const outsider = await (await t.as('outsider'))('POST', `/api/popularity/${ids.target}`, { StartTime: '03:00' });
    expect(outsider.status).toBe(404);
  });
});
