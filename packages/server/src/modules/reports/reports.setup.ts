import { afterAll, beforeAll, expect } from 'vitest';
import { ReportJobResult, type ReportSection } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/**
 * On-demand reports as an API client sees them: each report type's figures against the
 * results sent through the intake, the filters, client narrowing, the run lifecycle and the
 * three file downloads.
 */

export let t: TestApp;
export let homeId: number;
export let ids: Record<string, number>;
export let contosoId: number;
export const { yesterday: Y } = clock();
export const D = (n: number) => addDays(Y, -n);
/** Five whole days, Y-4 … Y. */
export const RANGE = { Preset: 'custom', From: D(4), To: Y };
/** A status the generic CSV does not know: filed as a Failure with this failure text. */
export const DISK_FULL = 'Disk full' as 'Failed';

export type Persona = 'admin' | 'standard' | 'client' | 'outsider';

export async function run(type: string, filters: Record<string, unknown> = {}, persona: Persona = 'admin') {
  const id = `run-${type}-${Math.random().toString(36).slice(2, 10)}`;
  const call = await t.as(persona);
  const started = await call('POST', `/api/reports/report/${type}/${id}`, { filters });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.status).toBe('Ready');
  const got = await call('GET', `/api/reports/report/${type}/${id}`);
  expect(got.status).toBe(200);
  const job = ReportJobResult.parse(got.body);
  expect(job.document).not.toBeNull();
  return { id, job, doc: job.document! };
}

/** A section's rows as objects keyed by column key. */
export function records(section: ReportSection): Record<string, unknown>[] {
  return section.rows.map((row) => Object.fromEntries(section.columns.map((c, i) => [c.key, row[i]])));
}
export const byKey = (rows: Record<string, unknown>[], key: string) => new Map(rows.map((r) => [r[key], r]));

/** A file answer with its raw bytes (the harness reads bodies as text). */
export async function file(url: string, body: unknown, persona: Persona = 'admin') {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await t.token(persona)}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

/** The app, tenants and data every part of this suite starts from: call once at the top of a test file. */
export function setUpReportsSuite(): void {
  beforeAll(async () => {
    t = await testApp();
    homeId = await homeTenantId(t);
    await setTimeZone(t, homeId, 'UTC');
    await sendCsv(t, homeId, [
      // srv-a: Success every day of the range.
      ...[4, 3, 2, 1, 0].map((n) => ({ device: 'srv-a', status: 'Success' as const, at: at(D(n), 1) })),
      // srv-b: Success, Success, Failure (with a failure text), Warning, then no result on Y.
      { device: 'srv-b', status: 'Success', at: at(D(4), 2) },
      { device: 'srv-b', status: 'Success', at: at(D(3), 2) },
      { device: 'srv-b', status: DISK_FULL, at: at(D(2), 2) },
      { device: 'srv-b', status: 'Warning', at: at(D(1), 2) },
      // srv-c: one success long before the range, nothing since.
      { device: 'srv-c', status: 'Success', at: at(D(10), 3) },
      // srv-d (no company): Success on Y-4, nothing for three days, a Warning on Y.
      { device: 'srv-d', status: 'Success', at: at(D(4), 4) },
      { device: 'srv-d', status: 'Warning', at: at(Y, 4) },
      // srv-x is never activated; srv-r is activated, then retired.
      { device: 'srv-x', status: 'Success', at: at(Y, 5) },
      { device: 'srv-r', status: 'Success', at: at(D(3), 5) },
    ]);
    ids = await backupIds(t, homeId);
    await activate(t, homeId, [ids['srv-a']], { schedule: { kind: 'weekly', weekdays: 127 }, tags: ['critical'] });
    await activate(t, homeId, [ids['srv-b'], ids['srv-c'], ids['srv-d'], ids['srv-r']], {
      schedule: { kind: 'weekly', weekdays: 127 },
    });
    contosoId = await addCompany(t, homeId, 'Contoso', [ids['srv-a'], ids['srv-b']]);
    await addCompany(t, homeId, 'Fabrikam', [ids['srv-c']]);
    const retired = await (await t.as('admin'))('PUT', '/api/policy-operation/retire', { PolicyId: ids['srv-r'] });
    expect(retired.status, JSON.stringify(retired.body)).toBe(200);
    // The outsider's tenant has a backup of its own, which must never show up here.
    const otherId = await homeTenantId(t, 'other');
    // Its days are UTC days too, so "yesterday" is the same day whatever the hour of the run.
    await setTimeZone(t, otherId, 'UTC');
    await sendCsv(t, otherId, [{ device: 'other-srv', status: 'Failed', at: at(Y, 1) }]);
    const otherIds = await backupIds(t, otherId);
    await activate(t, otherId, [otherIds['other-srv']]);
  });
  afterAll(async () => {
    await t?.close();
  });
}
