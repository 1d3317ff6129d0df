import { afterAll, beforeAll, expect } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/** Companies (api/company): list, dropdown, create/rename/update/replace/delete, assignment rules. */

export let t: TestApp;
export let homeId: number;
export let ids: Record<string, number>;
export const { yesterday: Y } = clock();

export type Call = Awaited<ReturnType<TestApp['as']>>;
export let admin: Call;

export const rule = (Field: string, Operator: string, Value: string) => ({ Field, Operator, Value });
export const rules = (...groups: ReturnType<typeof rule>[][]) => ({
  Rules: { Groups: groups.map((c) => ({ Conditions: c })) },
});

export async function create(name: string): Promise<number> {
  const r = await admin('POST', '/api/company/create', name);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.Id;
}

export async function activityOf(action: string): Promise<{ EntityName: string; EntityId: string; After: unknown }[]> {
  const r = await admin('POST', '/api/user/activity-logs', { Actions: [action], Size: 500 });
  expect(r.status).toBe(200);
  return r.body.Results;
}

/** The app, tenants and data every part of this suite starts from: call once at the top of a test file. */
export function setUpCompaniesSuite(): void {
  beforeAll(async () => {
    t = await testApp();
    homeId = await homeTenantId(t);
    await setTimeZone(t, homeId, 'UTC');
    const when = at(Y, 2);
    await sendCsv(t, homeId, [
      { device: 'srv-alpha', job: 'Alpha nightly', status: 'Success', at: when },
      { device: 'srv-beta', job: 'Beta nightly', status: 'Success', at: when },
      { device: 'pc-gamma', job: 'Gamma files', status: 'Warning', at: when },
      { device: 'pc-delta', job: 'Delta beta files', status: 'Success', at: when },
      { device: 'nas-active', job: 'NAS', status: 'Success', at: when },
    ]);
    ids = await backupIds(t, homeId);
    admin = await t.as('admin');
  });
  afterAll(async () => t.close());
}
