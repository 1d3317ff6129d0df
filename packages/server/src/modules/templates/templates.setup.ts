import { afterAll, beforeAll, expect } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/**
 * Templates (api/template) as an API client sees them, on backups discovered from real e-mails
 * through the intake.
 */

export let t: TestApp;
export let homeId: number;
export let ids: Record<string, number>;
export const { yesterday: Y } = clock();

export type Row = {
  Id: number;
  Name: string;
  Settings: Record<string, unknown>;
  Rules: { Groups: { Conditions: { Field: string; Operator: string; Value: string }[] }[] };
  Companies: number[];
  CompanyNames: string[];
  isActive: boolean;
  BackupsCount: number;
};

export const rulesFor = (Field: string, Operator: string, Value: string) => ({
  Groups: [{ Conditions: [{ Field, Operator, Value }] }],
});

export async function admin() {
  return t.as('admin');
}

export async function create(name: string): Promise<Row> {
  const r = await (await admin())('POST', '/api/template/create', name);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Row;
}

export async function backupRow(id: number) {
  const r = await t.database.query<{
    state: string;
    template_id: number | null;
    schedule: unknown;
    day_start_hour: number;
    failure_threshold: number;
    treat_warning_as_success: boolean;
    notes: string | null;
  }>(
    'SELECT state, template_id, schedule, day_start_hour, failure_threshold, treat_warning_as_success, notes FROM backups WHERE id = $1',
    [id],
  );
  return r.rows[0];
}

export async function activity(action: string) {
  const r = await t.database.query<{ entity_name: string; after: unknown }>(
    'SELECT entity_name, after FROM activity_logs WHERE tenant_id = $1 AND action = $2 ORDER BY id',
    [homeId, action],
  );
  return r.rows;
}

/** Reads the backup ids again, after new e-mails discovered more backups. */
export async function reloadIds(): Promise<void> {
  ids = await backupIds(t, homeId);
}

/** The app, tenants and data every part of this suite starts from: call once at the top of a test file. */
export function setUpTemplatesSuite(): void {
  beforeAll(async () => {
    t = await testApp();
    homeId = await homeTenantId(t);
    await setTimeZone(t, homeId, 'UTC');
    await sendCsv(t, homeId, [
      { device: 'web-01', status: 'Success', at: at(Y, 1) },
      { device: 'web-02', status: 'Failed', at: at(Y, 2) },
      { device: 'web-03', status: 'Success', at: at(Y, 3) },
      { device: 'db-01', status: 'Success', at: at(Y, 4) },
      { device: 'mail-01', status: 'Warning', at: at(Y, 5) },
    ]);
    ids = await backupIds(t, homeId);
  });
  afterAll(async () => t?.close());
}
