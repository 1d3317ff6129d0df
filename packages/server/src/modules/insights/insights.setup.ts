import { afterAll, beforeAll, expect } from 'vitest';
import { Insight, InsightOverview, paged, type InsightType } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { homeTenantId, setTimeZone } from '../audit/test-data.ts';
import { homePlans, insightDays, SUNDAYS, seedPlans } from './test-data.ts';

/**
 * Insights (platform §7): computing each type from real intake history, the overview and the
 * lists, apply and dismiss, and who may see and change what.
 */

export let t: TestApp;
export let homeId: number;
export let otherId: number;
export let ids: Record<string, number>;
export let otherIds: Record<string, number>;

export const EXPECTED: Record<InsightType, string[]> = {
  BackupMissingSchedule: ['ins-both', 'ins-missing'],
  BackupExtraSchedule: ['ins-both', 'ins-extra'],
  BackupType: ['ins-alert', 'ins-type'],
  BackupStartOfBusinessDay: ['ins-early'],
  BackupNotUpdating: ['ins-stale'],
  BackupRetireSuggestion: ['ins-retire'],
  BackupResultsDecreased: ['ins-decreased'],
};

export async function overview(persona: 'admin' | 'standard' | 'outsider' = 'admin') {
  const r = await (await t.as(persona))('GET', '/api/insight');
  expect(r.status).toBe(200);
  InsightOverview.parse(r.body);
  return Object.fromEntries(r.body.Types.map((x: { Type: string; Count: number }) => [x.Type, x.Count]));
}

export async function list(type: string, query = '', persona: 'admin' | 'standard' | 'outsider' = 'admin') {
  const r = await (await t.as(persona))('GET', `/api/insight/${type}${query}`);
  expect(r.status).toBe(200);
  return paged(Insight).parse(r.body);
}
export const devices = async (type: string) => (await list(type)).Results.map((x) => x.DeviceName).sort();
export const insightOf = async (type: InsightType, device: string) =>
  (await list(type)).Results.find((x) => x.DeviceName === device)!;

export async function backup(id: number) {
  const r = await (await t.as('admin'))('GET', `/api/backups/${id}`);
  expect(r.status).toBe(200);
  return r.body as { Schedule: unknown; BackupType: string; DayStartHour: number };
}

export async function insightRows() {
  const r = await t.database.query<{ id: number; type: string; dismissed_at: Date | null }>(
    'SELECT id::int AS id, type, dismissed_at FROM insights ORDER BY id',
  );
  return r.rows;
}

/** The app, tenants and data every part of this suite starts from: call once at the top of a test file. */
export function setUpInsightsSuite(): void {
  beforeAll(async () => {
    t = await testApp();
    homeId = await homeTenantId(t);
    otherId = await homeTenantId(t, 'other');
    await setTimeZone(t, homeId, 'UTC');
    await setTimeZone(t, otherId, 'UTC');
    ids = await seedPlans(t, homeId, homePlans());
    const { all, weekday, week } = insightDays();
    otherIds = await seedPlans(t, otherId, [
      {
        device: 'other-stale',
        schedule: SUNDAYS,
        rows: all
          .filter((d) => weekday(d) === 0 && week(d) <= 5)
          .map((d) => ({ device: 'other-stale', status: 'Success', at: new Date(`${d}T22:00:00Z`) })),
      },
    ]);
    // An alert that succeeds every day looks like a backup.
    const made = await (await t.as('admin'))('PUT', `/api/backups/${ids['ins-alert']}`, { BackupType: 'Alert' });
    expect(made.status).toBe(200);
  }, 120_000);
  afterAll(async () => t.close());
}
