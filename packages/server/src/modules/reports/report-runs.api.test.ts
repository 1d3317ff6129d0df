import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ReportDocument } from '@vigil/contract';
import { executeRun, purgeRuns } from './jobs.ts';
import { t, homeId, contosoId, D, RANGE, run, records, file, Y, setUpReportsSuite } from './reports.setup.ts';

setUpReportsSuite();

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
