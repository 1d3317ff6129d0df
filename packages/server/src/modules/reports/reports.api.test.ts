import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ReportDocument, ReportJobResult, type ReportSection } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays, daysBetween } from '../../status/index.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';
import { executeRun, purgeRuns } from './jobs.ts';

/**
 * On-demand reports as an API client sees them: each report type's figures against the
 * results sent through the intake, the filters, client narrowing, the run lifecycle and the
 * three file downloads.
 */
let t: TestApp;
let homeId: number;
let ids: Record<string, number>;
let contosoId: number;
const { yesterday: Y } = clock();
const D = (n: number) => addDays(Y, -n);
/** Five whole days, Y-4 … Y. */
const RANGE = { Preset: 'custom', From: D(4), To: Y };
/** A status the generic CSV does not know: filed as a Failure with this failure text. */
const DISK_FULL = 'Disk full' as 'Failed';

type Persona = 'admin' | 'standard' | 'client' | 'outsider';

async function run(type: string, filters: Record<string, unknown> = {}, persona: Persona = 'admin') {
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
function records(section: ReportSection): Record<string, unknown>[] {
  return section.rows.map((row) => Object.fromEntries(section.columns.map((c, i) => [c.key, row[i]])));
}
const byKey = (rows: Record<string, unknown>[], key: string) => new Map(rows.map((r) => [r[key], r]));

/** A file answer with its raw bytes (the harness reads bodies as text). */
async function file(url: string, body: unknown, persona: Persona = 'admin') {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await t.token(persona)}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

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
  await sendCsv(t, otherId, [{ device: 'other-srv', status: 'Failed', at: at(Y, 1) }]);
  const otherIds = await backupIds(t, otherId);
  await activate(t, otherId, [otherIds['other-srv']]);
});

afterAll(async () => {
  await t?.close();
});

describe('catalogue', () => {
  it('lists every report type by category', async () => {
    const r = await (await t.as('standard'))('GET', '/api/reports');
    expect(r.status).toBe(200);
    expect(r.body.map((c: { category: string }) => c.category)).toEqual([
      'Administrative Reports',
      'Compliance Reports',
      'Backup Reports',
    ]);
    const backup = r.body.find((c: { category: string }) => c.category === 'Backup Reports');
    expect(backup.reports.map((x: { type: string }) => x.type)).toEqual([
      'BackupStatusSummary',
      'DailyResults',
      'FailuresAndNoResults',
      'BackupInventory',
    ]);
    expect((await t.call('GET', '/api/reports')).status).toBe(401);
  });
});

describe('Backup Status Summary', () => {
  it('counts the days in each status per company, with success rate and totals', async () => {
    const { doc, job } = await run('BackupStatusSummary', { DateRange: RANGE });
    expect(doc.range).toEqual({ From: D(4), To: Y });
    expect(doc.tenantName).toBe('Acme MSP');
    expect(doc.facts).toContainEqual({ label: 'Companies', value: 'All companies' });
    const rows = byKey(records(doc.sections[0]), 'company');
    expect(rows.get('Contoso')).toEqual({
      company: 'Contoso',
      backups: 2,
      success: 7,
      warning: 1,
      failure: 1,
      noResult: 1,
      successRate: 70,
    });
    expect(rows.get('Fabrikam')).toMatchObject({ backups: 1, success: 0, noResult: 5, successRate: 0 });
    expect(rows.get('- No company assigned -')).toMatchObject({
      backups: 1,
      success: 1,
      warning: 1,
      failure: 0,
      noResult: 3,
      successRate: 20,
    });
    // Retired and inactive backups are not counted; neither is the other tenant's.
    expect(doc.sections[0].totals).toEqual(['Total', 4, 8, 2, 1, 9, 40]);
    expect(job.rowCount).toBe(3);
  });

  it('narrows by company, vendor, tag and status, and says so in the facts', async () => {
    const company = await run('BackupStatusSummary', { DateRange: RANGE, Companies: [contosoId] });
    expect(company.doc.sections[0].rows.map((r) => r[0])).toEqual(['Contoso']);
    expect(company.doc.facts).toContainEqual({ label: 'Companies', value: 'Contoso' });

    const tagged = await run('BackupStatusSummary', { DateRange: RANGE, Tags: ['critical'] });
    expect(tagged.doc.sections[0].totals).toEqual(['Total', 1, 5, 0, 0, 0, 100]);
    expect(tagged.doc.facts).toContainEqual({ label: 'Tags', value: 'critical' });

    const vendor = await run('BackupStatusSummary', { DateRange: RANGE, Vendors: ['generic-csv'] });
    expect(vendor.doc.sections[0].totals?.[1]).toBe(4);
    expect(vendor.doc.facts).toContainEqual({ label: 'Vendors', value: 'Generic CSV' });
    const none = await run('BackupStatusSummary', { DateRange: RANGE, Vendors: ['acronis'] });
    expect(none.doc.sections[0].rows).toEqual([]);

    // Backups with a Failure day in the range: only srv-b.
    const failed = await run('BackupStatusSummary', { DateRange: RANGE, Statuses: [3] });
    expect(failed.doc.sections[0].totals).toEqual(['Total', 1, 2, 1, 1, 1, 40]);
    expect(failed.doc.facts).toContainEqual({ label: 'Statuses', value: 'Failure' });
  });

  it('resolves presets in the tenant calendar', async () => {
    const { doc } = await run('BackupStatusSummary', { DateRange: { Preset: 'yesterday' } });
    expect(doc.range).toEqual({ From: Y, To: Y });
    // Yesterday: srv-a Success, srv-b No Result, srv-c No Result, srv-d Warning.
    expect(doc.sections[0].totals).toEqual(['Total', 4, 1, 1, 0, 2, 25]);
    const last7 = await run('BackupStatusSummary', { DateRange: { Preset: 'last7days' } });
    expect(last7.doc.range).toEqual({ From: addDays(Y, -6), To: Y });
  });
});

describe('Daily Results', () => {
  it('has one row per backup and day with its status and counts', async () => {
    const { doc } = await run('DailyResults', { DateRange: RANGE });
    const rows = records(doc.sections[0]);
    expect(rows).toHaveLength(4 * 5);
    const b = rows.filter((r) => r.device === 'srv-b').map((r) => [r.day, r.status, r.success, r.warning, r.failure]);
    expect(b).toEqual([
      [D(4), 1, 1, 0, 0],
      [D(3), 1, 1, 0, 0],
      [D(2), 3, 0, 0, 1],
      [D(1), 2, 0, 1, 0],
      [Y, 4, 0, 0, 0],
    ]);
    expect(rows[0]).toMatchObject({ company: 'Contoso', vendor: 'Generic CSV' });
  });

  it('keeps only the days of the chosen statuses', async () => {
    const { doc } = await run('DailyResults', { DateRange: RANGE, Statuses: [2] });
    expect(records(doc.sections[0]).map((r) => [r.device, r.day])).toEqual([
      ['srv-b', D(1)],
      ['srv-d', Y],
    ]);
  });
});

describe('Failures and No Results', () => {
  it('lists each failed or missed day with the failure text of its results', async () => {
    const { doc } = await run('FailuresAndNoResults', { DateRange: RANGE });
    const rows = records(doc.sections[0]);
    expect(rows.filter((r) => r.status === 3)).toEqual([
      expect.objectContaining({
        company: 'Contoso',
        device: 'srv-b',
        day: D(2),
        failures: 1,
        failureText: 'Unknown status "Disk full"',
      }),
    ]);
    // srv-b on Y, srv-c on all five days, srv-d on three.
    expect(rows.filter((r) => r.status === 4)).toHaveLength(1 + 5 + 3);
    expect(rows.find((r) => r.device === 'srv-b' && r.day === Y)?.failureText).toBe('No result received');
  });
});

describe('Compliance', () => {
  it('gives compliance %, days since the last good result and RPO breaches per backup', async () => {
    const { doc } = await run('Compliance', { DateRange: RANGE });
    const rows = byKey(records(doc.sections[0]), 'device');
    expect(rows.get('srv-a')).toMatchObject({
      schedule: 'Every day',
      scheduledDays: 5,
      goodDays: 5,
      compliance: 100,
      lastGood: Y,
      daysSinceGood: 1,
      rpoDays: 1,
      rpoBreach: 'No',
    });
    expect(rows.get('srv-b')).toMatchObject({
      scheduledDays: 5,
      goodDays: 2,
      compliance: 40,
      lastGood: D(3),
      daysSinceGood: 4,
      rpoBreach: 'Yes',
    });
    expect(rows.get('srv-c')).toMatchObject({ scheduledDays: 5, goodDays: 0, compliance: 0, lastGood: D(10) });
    expect(rows.get('srv-c')?.daysSinceGood).toBe(daysBetween(D(10), clock().today));
    expect(rows.get('srv-d')).toMatchObject({ goodDays: 1, compliance: 20, rpoBreach: 'Yes' });
    expect(doc.sections[0].totals?.slice(5)).toEqual([20, 8, 40, null, null, null, '3 breached']);
  });
});

describe('inventories and activity', () => {
  it('lists active backups with method, schedule and tags', async () => {
    const { doc } = await run('BackupInventory');
    expect(doc.range).toBeNull();
    const rows = byKey(records(doc.sections[0]), 'device');
    expect([...rows.keys()].sort()).toEqual(['srv-a', 'srv-b', 'srv-c', 'srv-d']);
    expect(rows.get('srv-a')).toMatchObject({
      company: 'Contoso',
      vendor: 'Generic CSV',
      method: 'Email',
      schedule: 'Every day',
      tags: 'critical',
    });
    expect(typeof rows.get('srv-a')?.activated).toBe('string');
  });

  it('lists inactive and retired backups in two sections', async () => {
    const { doc } = await run('InactiveAndRetired');
    expect(doc.sections.map((s) => s.title)).toEqual(['Inactive backups', 'Retired backups']);
    expect(records(doc.sections[0]).map((r) => r.device)).toEqual(['srv-x']);
    expect(records(doc.sections[1]).map((r) => r.device)).toEqual(['srv-r']);
    expect(records(doc.sections[1])[0].retired).not.toBeNull();
  });

  it('lists who did what in the range', async () => {
    const { doc } = await run('UserActivity', { DateRange: { Preset: 'today' } });
    const retire = records(doc.sections[0]).find((r) => r.action === 'Backup retired');
    expect(retire).toMatchObject({ user: 'Ada Admin', itemType: 'Backup' });
    const { doc: before } = await run('UserActivity', { DateRange: RANGE });
    expect(records(before.sections[0]).find((r) => r.action === 'Backup retired')).toBeUndefined();
  });

  it('counts backups per vendor and method, overall and per company', async () => {
    const { doc } = await run('BackupMethods');
    expect(doc.sections[0].rows).toEqual([['Generic CSV', 'Email', 3, 4]]);
    expect(doc.sections[1].rows).toEqual([
      ['Contoso', 'Generic CSV', 'Email', 2],
      ['Fabrikam', 'Generic CSV', 'Email', 1],
      ['- No company assigned -', 'Generic CSV', 'Email', 1],
    ]);
  });
});

describe('access', () => {
  it('narrows client users to their companies', async () => {
    const client = await t.database.query<{ id: number }>("SELECT id FROM users WHERE email = 'client@acme.test'");
    const userId = client.rows[0].id;
    await t.database.query('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
      userId,
      contosoId,
      homeId,
    ]);
    try {
      const { doc } = await run('BackupStatusSummary', { DateRange: RANGE }, 'client');
      expect(doc.sections[0].rows.map((r) => r[0])).toEqual(['Contoso']);
      expect(doc.facts).toContainEqual({ label: 'Companies', value: 'Contoso' });
      const daily = await run('DailyResults', { DateRange: RANGE }, 'client');
      expect(new Set(records(daily.doc.sections[0]).map((r) => r.device))).toEqual(new Set(['srv-a', 'srv-b']));
      const csv = await file('/api/reports/csv', { type: 'DailyResults', filters: { DateRange: RANGE } }, 'client');
      expect(csv.text).not.toContain('srv-c');
      const used = await (await t.as('client'))('GET', '/api/backup-methods/used');
      expect(used.body).toEqual([{ Vendor: 'generic-csv', VendorName: 'Generic CSV', Method: 'Email', Count: 2 }]);
    } finally {
      await t.database.query('DELETE FROM user_companies WHERE user_id = $1', [userId]);
    }
  });

  it("shows another tenant's user none of our data and none of our runs", async () => {
    const { id } = await run('BackupStatusSummary', { DateRange: RANGE });
    const outsider = await t.as('outsider');
    expect((await outsider('GET', `/api/reports/report/BackupStatusSummary/${id}`)).status).toBe(404);
    expect((await outsider('DELETE', `/api/reports/report/BackupStatusSummary/${id}`)).status).toBe(404);
    expect((await outsider('GET', `/api/reports/pdf/status?id=${id}`)).status).toBe(404);
    expect((await file('/api/reports/csv', { type: 'BackupStatusSummary', id }, 'outsider')).status).toBe(404);
    // Reusing our id does not take over our run.
    const clash = await outsider('POST', `/api/reports/report/BackupStatusSummary/${id}`, { filters: {} });
    expect(clash.status).toBe(404);
    const ours = await (await t.as('admin'))('GET', `/api/reports/report/BackupStatusSummary/${id}`);
    expect(ours.body.status).toBe('Ready');
    // Their own report lists only their backup.
    const theirs = await run('DailyResults', { DateRange: { Preset: 'yesterday' } }, 'outsider');
    expect(records(theirs.doc.sections[0]).map((r) => r.device)).toEqual(['other-srv']);
  });

  it('refuses bad input with the error body and stores nothing', async () => {
    const admin = await t.as('admin');
    const count = async () =>
      Number((await t.database.query<{ n: string }>('SELECT count(*) AS n FROM report_runs')).rows[0].n);
    const before = await count();
    const badId = await admin('POST', '/api/reports/report/BackupStatusSummary/x', { filters: {} });
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ statusCode: 400, title: 'Bad Request' });
    expect((await admin('POST', '/api/reports/report/Nope/abcdefgh12', { filters: {} })).status).toBe(400);
    const tooLong = await admin('POST', '/api/reports/report/DailyResults/abcdefgh12', {
      filters: { DateRange: { Preset: 'custom', From: '2024-01-01', To: '2025-06-01' } },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.Message).toBe('Date range must be at most 366 days');
    const backwards = await admin('POST', '/api/reports/report/DailyResults/abcdefgh12', {
      filters: { DateRange: { Preset: 'custom', From: Y, To: D(3) } },
    });
    expect(backwards.status).toBe(400);
    expect((await admin('POST', '/api/backup-methods/report?reportType=3', {})).status).toBe(400);
    expect(await count()).toBe(before);
    expect((await admin('GET', '/api/reports/report/DailyResults/never-started-1')).status).toBe(404);
  });
});

describe('run lifecycle', () => {
  /** A queue that holds jobs instead of running them, to see the states in between. */
  function holdJobs() {
    const sent: { id: string; token: string }[] = [];
    t.deps.jobs = {
      send: async (_name: string, data: { id: string; token: string }) => sent.push(data),
      notify: () => undefined,
    } as never;
    return { sent, release: () => (t.deps.jobs = null) };
  }

  it('starts as a queued job, is polled until Ready, and a restart replaces it', async () => {
    const q = holdJobs();
    const admin = await t.as('admin');
    try {
      const id = 'lifecycle-run-1';
      const started = await admin('POST', `/api/reports/report/BackupStatusSummary/${id}`, {
        filters: { DateRange: RANGE },
      });
      expect(started.body).toMatchObject({ id, status: 'Pending', rowCount: null, finishedAt: null });
      expect((await admin('GET', `/api/reports/pdf/status?id=${id}`)).body).toEqual({ ready: false });
      const pending = await admin('GET', `/api/reports/report/BackupStatusSummary/${id}`);
      expect(pending.body).toMatchObject({ status: 'Pending', document: null });
      expect((await file('/api/reports/pdf', { type: 'BackupStatusSummary', id })).status).toBe(409);

      // Restarted with other filters before the first job ran: the first job does nothing.
      await admin('POST', `/api/reports/report/BackupStatusSummary/${id}`, {
        filters: { DateRange: RANGE, Companies: [contosoId] },
      });
      expect(q.sent).toHaveLength(2);
      await executeRun(t.deps, q.sent[0].id, q.sent[0].token);
      expect((await admin('GET', `/api/reports/report/BackupStatusSummary/${id}`)).body.status).toBe('Pending');
      await executeRun(t.deps, q.sent[1].id, q.sent[1].token);
      const ready = await admin('GET', `/api/reports/report/BackupStatusSummary/${id}`);
      expect(ready.body).toMatchObject({ status: 'Ready', rowCount: 1 });
      expect(ReportDocument.parse(ready.body.document).sections[0].rows.map((r) => r[0])).toEqual(['Contoso']);
      expect((await admin('GET', `/api/reports/pdf/status?id=${id}`)).body).toEqual({ ready: true });
      // The type is part of the address.
      expect((await admin('GET', `/api/reports/report/DailyResults/${id}`)).status).toBe(404);
    } finally {
      q.release();
    }
  });

  it('stops a cancelled run before it writes anything', async () => {
    const q = holdJobs();
    const admin = await t.as('admin');
    try {
      const id = 'lifecycle-run-2';
      await admin('POST', `/api/reports/report/DailyResults/${id}`, { filters: { DateRange: RANGE } });
      const cancelled = await admin('DELETE', `/api/reports/report/DailyResults/${id}`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'Cancelled' });
      expect(cancelled.body.finishedAt).not.toBeNull();
      await executeRun(t.deps, q.sent[0].id, q.sent[0].token);
      const after = await admin('GET', `/api/reports/report/DailyResults/${id}`);
      expect(after.body).toMatchObject({ status: 'Cancelled', document: null, rowCount: null });
    } finally {
      q.release();
    }
  });

  it('purges runs older than a day with their documents', async () => {
    const { id } = await run('BackupInventory');
    await t.database.query("UPDATE report_runs SET created_at = now() - interval '25 hours' WHERE id = $1", [id]);
    expect(await purgeRuns(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await (await t.as('admin'))('GET', `/api/reports/report/BackupInventory/${id}`)).status).toBe(404);
  });
});

describe('files', () => {
  it('answers a ready run as CSV whose rows are the document rows', async () => {
    const { id, doc } = await run('DailyResults', { DateRange: RANGE });
    const csv = await file('/api/reports/csv', { type: 'DailyResults', id });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(String(csv.headers['content-disposition'])).toMatch(/^attachment; filename="Daily Results /);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Company,Device,Job,Vendor,Day,Status,Success,Warning,Failure');
    expect(lines).toHaveLength(1 + doc.sections[0].rows.length);
    const devices = lines.slice(1).map((l) => l.split(',')[1]);
    expect(devices).toEqual(doc.sections[0].rows.map((r) => r[1]));
    expect(lines.filter((l) => l.includes(',Failure,0,0,1'))).toHaveLength(1);
  });

  it('answers Excel with one typed row per document row', async () => {
    const { doc } = await run('BackupStatusSummary', { DateRange: RANGE });
    const xlsx = await file('/api/reports/excel', { type: 'BackupStatusSummary', filters: { DateRange: RANGE } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const contoso = values.find((v) => v[0] === 'Contoso');
    expect(contoso?.slice(0, 6)).toEqual(['Contoso', 2, 7, 1, 1, 1]);
    for (const row of doc.sections[0].rows) expect(values.some((v) => v[0] === row[0] && v[1] === row[1])).toBe(true);
  });

  it('answers a PDF', async () => {
    const { id } = await run('Compliance', { DateRange: RANGE });
    const pdf = await file('/api/reports/pdf?landscape=true', { type: 'Compliance', id });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(String(pdf.headers['content-disposition'])).toContain('.pdf');
  });

  it('answers the Backup Methods report in each format', async () => {
    const csv = await file('/api/backup-methods/report?reportType=4', {});
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Generic CSV,Email,3,4');
    const html = await file('/api/backup-methods/report?reportType=0', {});
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.text).toContain('Backup Methods');
    const pdf = await file('/api/backup-methods/report?reportType=1', {});
    expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const all = await (await t.as('admin'))('GET', '/api/backup-methods');
    expect(all.body.length).toBeGreaterThan(10);
    expect(all.body).toContainEqual({ Vendor: 'generic-csv', VendorName: 'Generic CSV', Method: 'Email', Count: 4 });
    expect(all.body).toContainEqual(expect.objectContaining({ Vendor: 'acronis', Count: 0 }));
  });
});
