import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { jobDefinitions } from '../../jobs/index.ts';
import { addDays } from '../../status/index.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';
import { testSmtp, type TestSmtp } from '../email-settings/test-smtp.ts';
import { SCHEDULED_REPORTS_QUEUE } from '../../jobs/scheduled-reports.ts';
import { ScheduledReportService } from './scheduled.ts';
import { parseCsv } from '../../parser/csv.ts';

/** Scheduled reports (`/api/reports/scheduled`) and the scheduler that mails them. */
let t: TestApp;
let smtp: TestSmtp;
let homeId: number;
let otherId: number;
let globexId: number;
let service: ScheduledReportService;
const { yesterday: Y } = clock();

const input = (over: Record<string, unknown> = {}) => ({
  Name: 'Weekly inventory',
  ReportType: 'BackupInventory',
  Format: 4,
  Weekdays: 127,
  Hour: 7,
  Recipients: ['noc@acme.test'],
  ...over,
});

async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((r) => out.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

async function runsOf(id: number) {
  const r = await t.database.query<{ due_at: Date | null; outcome: string }>(
    'SELECT due_at, outcome FROM scheduled_report_runs WHERE scheduled_report_id = $1 ORDER BY id',
    [id],
  );
  return r.rows;
}

const mailsFor = (subject: string) => smtp.received.filter((m) => m.mail.subject === subject);
const settle = () => new Promise((r) => setTimeout(r, 300));

beforeAll(async () => {
  smtp = await testSmtp();
  t = await testApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Vigil <no-reply@vigil.test>' });
  homeId = await homeTenantId(t);
  otherId = await homeTenantId(t, 'other');
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'sched-01', status: 'Success', at: at(addDays(Y, -1), 1) },
    { device: 'sched-02', status: 'Failed', at: at(addDays(Y, -1), 2) },
  ]);
  const ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['sched-01'], ids['sched-02']]);
  globexId = await addCompany(t, homeId, 'Globex', [ids['sched-01']]);
  await sendCsv(t, otherId, [{ device: 'outsider-dev', status: 'Success', at: at(addDays(Y, -1), 1) }]);
  const other = await backupIds(t, otherId);
  await activate(t, otherId, [other['outsider-dev']]);
  service = new ScheduledReportService(t.deps);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('creating and editing', () => {
  let id: number;

  it('creates a schedule and lists it with its next due time', async () => {
    const admin = await t.as('admin');
    const nowHour = new Date().getUTCHours();
    const hour = (nowHour + 2) % 24;
    const r = await admin(
      'POST',
      '/api/reports/scheduled',
      input({ Hour: hour, Recipients: ['noc@acme.test', 'NOC@acme.test', 'lead@acme.test'] }),
    );
    expect(r.status).toBe(200);
    id = r.body.Id;
    expect(r.body).toMatchObject({
      Name: 'Weekly inventory',
      ReportType: 'BackupInventory',
      Format: 4,
      Weekdays: 127,
      Hour: hour,
      Recipients: ['noc@acme.test', 'lead@acme.test'],
      IsEnabled: true,
      LastRun: null,
      Runs: [],
    });
    expect(r.body.Filters.DateRange).toEqual({ Preset: 'last30days' });
    const next = new Date(r.body.NextRunAt);
    expect(next.getUTCHours()).toBe(hour);
    expect(next.getUTCMinutes()).toBe(0);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThan(3 * 3600_000);
    const list = await admin('GET', '/api/reports/scheduled');
    expect(list.body.map((x: { Id: number }) => x.Id)).toContain(id);
    expect(list.body.find((x: { Id: number }) => x.Id === id).Runs).toBeUndefined();
  });

  it('edits it; turning it off clears the due time', async () => {
    const admin = await t.as('admin');
    const r = await admin(
      'PUT',
      `/api/reports/scheduled/${id}`,
      input({ Name: 'Inventory (Globex)', IsEnabled: false, Filters: { Companies: [globexId] } }),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Id: id, Name: 'Inventory (Globex)', IsEnabled: false, NextRunAt: null });
    expect(r.body.Filters.Companies).toEqual([globexId]);
    expect((await admin('GET', `/api/reports/scheduled/${id}`)).body.Name).toBe('Inventory (Globex)');
  });

  it('answers bad input with the field and the message, and writes nothing', async () => {
    const admin = await t.as('admin');
    const before = (await admin('GET', '/api/reports/scheduled')).body.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ Name: '  ' }, 'Name', 'Name is required'],
      [{ Weekdays: 0 }, 'Weekdays', 'Choose at least one day'],
      [{ Recipients: [] }, 'Recipients', 'Add at least one recipient'],
      [{ Recipients: ['noc@acme.test', 'nope'] }, 'Recipients.1', 'Invalid email address'],
    ];
    for (const [over, field, message] of cases) {
      const r = await admin('POST', '/api/reports/scheduled', input(over));
      expect(r.status).toBe(400);
      expect(r.body.Errors).toContainEqual({ Field: field, Message: message });
    }
    for (const over of [{ Hour: 24 }, { Format: 3 }, { ReportType: 'Nope' }, { Weekdays: 128 }]) {
      const r = await admin('POST', '/api/reports/scheduled', input(over));
      expect(r.status).toBe(400);
      expect(r.body.Errors[0].Field).toBe(Object.keys(over)[0]);
    }
    const company = await admin('POST', '/api/reports/scheduled', input({ Filters: { Companies: [999999] } }));
    expect(company.status).toBe(400);
    expect(company.body).toMatchObject({
      Message: 'Unknown company in the filters.',
      Errors: [{ Field: 'Filters.Companies' }],
    });
    expect((await admin('GET', '/api/reports/scheduled')).body.length).toBe(before);
    expect((await admin('GET', '/api/reports/scheduled/abc')).status).toBe(400);
    expect((await admin('GET', '/api/reports/scheduled/999999')).status).toBe(404);
  });

  it('is hidden from client users', async () => {
    const client = await t.as('client');
    expect((await client('GET', '/api/reports/scheduled')).status).toBe(403);
    expect((await client('POST', '/api/reports/scheduled', input())).status).toBe(403);
  });

  it('another tenant sees none of it and cannot touch it', async () => {
    const outsider = await t.as('outsider');
    expect((await outsider('GET', '/api/reports/scheduled')).body).toEqual([]);
    expect((await outsider('GET', `/api/reports/scheduled/${id}`)).status).toBe(404);
    expect((await outsider('PUT', `/api/reports/scheduled/${id}`, input())).status).toBe(404);
    expect((await outsider('POST', `/api/reports/scheduled/run/${id}`)).status).toBe(404);
    expect((await outsider('DELETE', `/api/reports/scheduled/${id}`)).status).toBe(404);
    // Nor can it point a report at the home tenant's companies.
    expect(
      (await outsider('POST', '/api/reports/scheduled', input({ Filters: { Companies: [globexId] } }))).status,
    ).toBe(400);
    expect((await (await t.as('admin'))('GET', `/api/reports/scheduled/${id}`)).body.Name).toBe('Inventory (Globex)');
  });

  it('runs now: one e-mail to every recipient with the CSV attached, recorded as a run', async () => {
    const admin = await t.as('admin');
    await admin(
      'PUT',
      `/api/reports/scheduled/${id}`,
      input({
        Name: 'Inventory (Globex)',
        Filters: { Companies: [globexId] },
        Recipients: ['noc@acme.test', 'lead@acme.test'],
      }),
    );
    const r = await admin('POST', `/api/reports/scheduled/run/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Outcome: 'Sent', Error: null, Recipients: ['noc@acme.test', 'lead@acme.test'] });
    const [m] = mailsFor('Inventory (Globex) — Backup Inventory');
    expect(m.to.sort()).toEqual(['lead@acme.test', 'noc@acme.test']);
    expect(m.mail.text).toContain('Backup Inventory for Acme MSP');
    expect(m.mail.attachments).toHaveLength(1);
    const file = m.mail.attachments[0];
    expect(file.filename).toMatch(/^Backup Inventory \d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.contentType).toBe('text/csv');
    expect(r.body.SizeBytes).toBe(file.content.length);
    const rows = parseCsv(file.content.toString('utf8'), { keepBlankRows: true });
    expect(rows[0].slice(0, 5)).toEqual(['Company', 'Vendor', 'Method', 'Device', 'Job']);
    // Filtered to Globex: only sched-01, and nothing of the other tenant.
    const devices = rows.slice(1).filter((x) => x[3] !== '');
    expect(devices.map((x) => x[3])).toEqual(['sched-01']);
    // Under the rows, the totals line counts the one backup.
    expect(rows.slice(1 + devices.length).map((x) => x[0])).toEqual(['1 backups']);
    expect(rows[1][0]).toBe('Globex');
    const one = await admin('GET', `/api/reports/scheduled/${id}`);
    expect(one.body.Runs).toHaveLength(1);
    expect(one.body.Runs[0]).toEqual(r.body);
    expect(one.body.LastRun).toEqual(r.body);
    expect((await runsOf(id))[0].due_at).toBeNull();
  });

  it('deletes it with its runs', async () => {
    const admin = await t.as('admin');
    const r = await admin('DELETE', `/api/reports/scheduled/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Id: id });
    expect((await admin('GET', `/api/reports/scheduled/${id}`)).status).toBe(404);
    expect(await runsOf(id)).toEqual([]);
  });
});

describe('the scheduler', () => {
  it('sends a report set during its due hour at once, as an Excel file, once for two ticks at the same time', async () => {
    const admin = await t.as('admin');
    const hour = new Date().getUTCHours();
    const r = await admin(
      'POST',
      '/api/reports/scheduled',
      input({ Name: 'Daily results', ReportType: 'DailyResults', Format: 2, Hour: hour }),
    );
    expect(r.status).toBe(200);
    const next = new Date(r.body.NextRunAt);
    expect(next.getTime()).toBeLessThanOrEqual(Date.now());
    expect(next.getUTCHours()).toBe(hour);
    const sent = await Promise.all([service.runDue(), service.runDue()]);
    expect(sent[0] + sent[1]).toBeGreaterThanOrEqual(1);
    await settle();
    const mails = mailsFor('Daily results — Daily Results');
    expect(mails).toHaveLength(1);
    const file = mails[0].mail.attachments[0];
    expect(file.filename).toMatch(/^Daily Results \d{4}-\d{2}-\d{2}–\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const cells = (await sheetRows(file.content)).flat();
    expect(cells).toContain('sched-01');
    expect(cells).toContain('sched-02');
    expect(cells).not.toContain('outsider-dev');
    const runs = await runsOf(r.body.Id);
    expect(runs).toEqual([{ due_at: next, outcome: 'Sent' }]);
    // The next due time moved on to tomorrow, and a later tick sends nothing more.
    const after = await admin('GET', `/api/reports/scheduled/${r.body.Id}`);
    expect(new Date(after.body.NextRunAt).getTime()).toBe(next.getTime() + 86_400_000);
    expect(after.body.LastRun).toMatchObject({ Outcome: 'Sent', SizeBytes: file.content.length });
    await service.runDue();
    await settle();
    expect(mailsFor('Daily results — Daily Results')).toHaveLength(1);
    // Editing it again during the same hour does not send the same due time twice.
    await admin(
      'PUT',
      `/api/reports/scheduled/${r.body.Id}`,
      input({ Name: 'Daily results', ReportType: 'DailyResults', Format: 2, Hour: hour }),
    );
    await service.runDue();
    await settle();
    expect(mailsFor('Daily results — Daily Results')).toHaveLength(1);
  });

  it('two app instances on one database send a due report once', async () => {
    const admin = await t.as('admin');
    const second = await buildApp({ config: t.deps.config, database: t.database, logger: false, serveWeb: false });
    try {
      const hour = new Date().getUTCHours();
      const r = await admin('POST', '/api/reports/scheduled', input({ Name: 'Two nodes', Hour: hour }));
      const jobA = jobDefinitions(t.deps).find((j) => j.name === SCHEDULED_REPORTS_QUEUE)!;
      const jobB = jobDefinitions(second.deps).find((j) => j.name === SCHEDULED_REPORTS_QUEUE)!;
      expect(jobA.cron).toBe('* * * * *');
      await Promise.all([jobA.handler!({}), jobB.handler!({}), jobA.handler!({}), jobB.handler!({})]);
      await settle();
      expect(mailsFor('Two nodes — Backup Inventory')).toHaveLength(1);
      expect(await runsOf(r.body.Id)).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  });

  it('after missed due times sends only the latest one, then waits for the next', async () => {
    const admin = await t.as('admin');
    const hour = (new Date().getUTCHours() + 20) % 24; // four hours ago
    const r = await admin('POST', '/api/reports/scheduled', input({ Name: 'Missed', Hour: hour }));
    // As if the workers had been down for three days.
    await t.database.query("UPDATE scheduled_reports SET next_run_at = next_run_at - interval '4 days' WHERE id = $1", [
      r.body.Id,
    ]);
    await service.runDue();
    await settle();
    expect(mailsFor('Missed — Backup Inventory')).toHaveLength(1);
    const runs = await runsOf(r.body.Id);
    expect(runs).toHaveLength(1);
    const due = runs[0].due_at!;
    expect(due.getUTCHours()).toBe(hour);
    expect(Date.now() - due.getTime()).toBeLessThan(86_400_000);
    expect(Date.now() - due.getTime()).toBeGreaterThan(0);
    const next = new Date((await admin('GET', `/api/reports/scheduled/${r.body.Id}`)).body.NextRunAt);
    expect(next.getTime()).toBe(due.getTime() + 86_400_000);
  });

  it('leaves alone what is not due, switched off or of a day not flagged', async () => {
    const admin = await t.as('admin');
    const nowHour = new Date().getUTCHours();
    const today = 1 << new Date().getUTCDay();
    await admin('POST', '/api/reports/scheduled', input({ Name: 'Later', Hour: (nowHour + 2) % 24 }));
    await admin('POST', '/api/reports/scheduled', input({ Name: 'Off', Hour: nowHour, IsEnabled: false }));
    await admin('POST', '/api/reports/scheduled', input({ Name: 'Other day', Hour: nowHour, Weekdays: 127 & ~today }));
    await service.runDue();
    await settle();
    for (const name of ['Later', 'Off', 'Other day']) expect(mailsFor(`${name} — Backup Inventory`)).toHaveLength(0);
  });

  it('records a failed send with the SMTP error', async () => {
    const admin = await t.as('admin');
    const r = await admin(
      'POST',
      '/api/reports/scheduled',
      input({ Name: 'Refused', Recipients: ['reject@acme.test'] }),
    );
    await admin('PUT', '/api/email-settings/alerts', { Recipients: ['lead@acme.test'], ScheduledReportFailed: true });
    // The tenant's own SMTP settings point at a closed port.
    await t.database.query(
      `INSERT INTO email_settings (tenant_id, host, port, from_address, is_default) VALUES ($1, '127.0.0.1', 1, 'x@acme.test', true)`,
      [homeId],
    );
    try {
      const run = await admin('POST', `/api/reports/scheduled/run/${r.body.Id}`);
      expect(run.status).toBe(200);
      expect(run.body.Outcome).toBe('Failed');
      expect(run.body.Error).toMatch(/ECONNREFUSED/);
      expect((await admin('GET', `/api/reports/scheduled/${r.body.Id}`)).body.LastRun).toMatchObject({
        Outcome: 'Failed',
      });
      // The alert recipients who asked for it are told (through the same server, so it is in the outbox).
      const notice = await t.database.query<{ to: string; text: string }>(
        'SELECT "to", text FROM outbox WHERE subject = \'Scheduled report failed: Refused\'',
      );
      expect(notice.rows).toEqual([{ to: 'lead@acme.test', text: expect.stringContaining('ECONNREFUSED') }]);
    } finally {
      await t.database.query('DELETE FROM email_settings WHERE tenant_id = $1', [homeId]);
    }
  });
});
