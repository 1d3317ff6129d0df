import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { deliverEmail } from '../ticketing/engine/email-delivery.ts';
import type { DeliveryItem } from '../ticketing/engine/delivery-types.ts';

/**
 * The branding footer text as an MSP's client meets it: in the report files, in the HTML
 * report, in the settings the report window reads, and under the tenant's report and alert mail.
 */
const run = promisify(execFile);
const FOOTER = 'Monitored for you by Acme MSP — help@acme.test';
let t: TestApp;
let dir: string;
let acmeId: number;

beforeAll(async () => {
  t = await testApp();
  dir = await mkdtemp(path.join(tmpdir(), 'vigil-footer-api-'));
  acmeId = (await t.database.query<{ id: number }>("SELECT id FROM tenants WHERE slug = 'acme'")).rows[0].id;
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function saveFooter(text: string | null) {
  const admin = await t.as('admin');
  const r = await admin('POST', '/api/branding-info', {
    Logo: null,
    PrimaryColor: null,
    AccentColor: null,
    FooterText: text,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r;
}

/** A report file as the browser downloads it. */
async function file(url: string, body: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await t.token('standard')}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res;
}

async function pdfText(bytes: Buffer, name: string): Promise<string> {
  const f = path.join(dir, `${name}.pdf`);
  await writeFile(f, bytes);
  return (await run('pdftotext', [f, '-'])).stdout;
}

async function excelTexts(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = book.worksheets[0];
  const cells: string[] = [];
  ws.eachRow((row) => row.eachCell((c) => cells.push(String(c.value))));
  return { cells, printFooter: ws.headerFooter.oddFooter ?? '' };
}

const SUMMARY = { type: 'BackupStatusSummary', filters: {} };

/** The report mail and its alert: a scheduled report run now, and an e-mail ticket delivered. */
async function tenantMails(tag: string) {
  const admin = await t.as('admin');
  const created = await admin('POST', '/api/reports/scheduled', {
    Name: `Footer ${tag}`,
    ReportType: 'BackupInventory',
    Format: 4,
    Weekdays: 127,
    Hour: 7,
    Recipients: ['noc@acme.test'],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const sent = await admin('POST', `/api/reports/scheduled/run/${created.body.Id}`);
  expect(sent.body.Outcome).toBe('Sent');
  const item = {
    outboxId: 0,
    tenantId: acmeId,
    action: 'create',
    payload: { subject: `Failure on srv-${tag}`, text: 'Backup srv failed twice in a row.' },
    attempts: 0,
    ticket: { subject: `Failure on srv-${tag}` },
    profile: { id: 0, name: 'Helpdesk', settings: { Recipients: ['helpdesk@acme.test'] }, emailSettingsId: null },
  } as unknown as DeliveryItem;
  await deliverEmail(t.deps, item);
  const mail = async (subject: string) =>
    (
      await t.database.query<{ text: string; tenant_id: number }>(
        'SELECT text, tenant_id FROM outbox WHERE subject = $1 ORDER BY id DESC LIMIT 1',
        [subject],
      )
    ).rows[0];
  return {
    report: await mail(`Footer ${tag} — Backup Inventory`),
    ticket: await mail(`Failure on srv-${tag}`),
  };
}

describe('branding footer text', () => {
  it('is refused over 200 characters with the contract message, and nothing is saved', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/branding-info', {
      Logo: null,
      PrimaryColor: null,
      AccentColor: null,
      FooterText: 'x'.repeat(201),
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('Footer text must be at most 200 characters');
    expect((await admin('GET', '/api/branding-info')).body.FooterText).toBeNull();
  });

  it("reaches the PDF, Excel and HTML reports, the report window's settings and the tenant's mail", async () => {
    const saved = await saveFooter(`  ${FOOTER}  `);
    expect(saved.body.FooterText).toBe(FOOTER);
    const settings = await (await t.as('client'))('GET', '/api/common/settings');
    expect(settings.body.FooterText).toBe(FOOTER);

    const pdf = await file('/api/reports/pdf', SUMMARY);
    expect(await pdfText(pdf.rawPayload, 'branded')).toContain(FOOTER);
    const xlsx = await excelTexts((await file('/api/reports/excel', SUMMARY)).rawPayload);
    expect(xlsx.cells.at(-1)).toBe(FOOTER);
    expect(xlsx.printFooter).toContain(FOOTER);
    const html = await file('/api/backup-methods/report?reportType=0', {});
    expect(html.body).toContain(`<footer class="brand">${FOOTER}</footer>`);

    const mails = await tenantMails('on');
    expect(mails.report.tenant_id).toBe(acmeId);
    // The footer closes the message; only the unsubscribe line may follow it.
    expect(mails.report.text).toContain(`This is the scheduled report "Footer on".\n\n${FOOTER}`);
    expect(mails.ticket.text).toBe(`Backup srv failed twice in a row.\n\n${FOOTER}`);

    // Another tenant's files carry nothing of ours.
    const outsider = await t.app.inject({
      method: 'POST',
      url: '/api/reports/pdf',
      headers: { authorization: `Bearer ${await t.token('outsider')}`, 'content-type': 'application/json' },
      payload: JSON.stringify(SUMMARY),
    });
    expect(await pdfText(outsider.rawPayload, 'outsider')).not.toContain(FOOTER);
  });

  it('leaves nothing behind once cleared', async () => {
    await saveFooter(FOOTER);
    const cleared = await saveFooter('');
    expect(cleared.body.FooterText).toBeNull();
    expect((await (await t.as('admin'))('GET', '/api/common/settings')).body.FooterText).toBeNull();

    const text = await pdfText((await file('/api/reports/pdf', SUMMARY)).rawPayload, 'plain');
    expect(text).not.toContain('Monitored for you');
    expect(text).toContain('Page 1 of');
    const xlsx = await excelTexts((await file('/api/reports/excel', SUMMARY)).rawPayload);
    expect(xlsx.cells.some((c) => c.includes('Monitored for you'))).toBe(false);
    expect(xlsx.printFooter).toBe('&R&8Page &P of &N');
    const html = await file('/api/backup-methods/report?reportType=0', {});
    expect(html.body).not.toContain('<footer');

    const mails = await tenantMails('off');
    expect(mails.report.text).not.toContain('Monitored for you');
    expect(mails.report.text).toMatch(/This is the scheduled report "Footer off"\.(\n\n--\n|$)/);
    expect(mails.ticket.text).toBe('Backup srv failed twice in a row.');
  });
});
