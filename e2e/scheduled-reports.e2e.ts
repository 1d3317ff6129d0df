import net from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { EmailSettings, ReportDocument, ReportJobResult, ScheduledReport } from '@vigil/contract';
import {
  ensureTenantAdminMfaOff,
  expectShell,
  openMenuEntry,
  signIn,
  docShot,
  switchTheme,
  apiHeaders,
} from './support.ts';

const ADMIN = 'admin@demo.local';
const RECIPIENT = 'night-shift@msp.example';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Received {
  rcpt: string[];
  mail: ParsedMail;
}

/** A loopback SMTP server standing in for the tenant's own mail server: it keeps every message. */
async function startMailServer(): Promise<{ port: number; messages: Received[]; close: () => Promise<void> }> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** Weekday index (Sunday 0) and hour now in a time zone, and minutes left in that hour. */
function nowIn(timeZone: string): { weekday: number; hour: number; minutesLeft: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday);
  return { weekday, hour: Number(parts.hour) % 24, minutesLeft: 60 - Number(parts.minute) };
}

async function waitForMail(messages: Received[], match: (m: Received) => boolean, timeout: number): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(() => (found = messages.find(match)) !== undefined, { timeout, intervals: [500, 1000, 2000] })
    .toBe(true);
  return found!;
}

/** The report as the server builds it on demand, with the same filters. */
async function buildDocument(
  request: APIRequestContext,
  headers: Record<string, string>,
  report: ScheduledReport,
): Promise<ReportDocument> {
  const id = `e2e-${Date.now()}`;
  const url = `/api/reports/report/${report.ReportType}/${id}`;
  const start = await request.post(url, { headers, data: { filters: report.Filters } });
  expect(start.ok()).toBe(true);
  let result: ReportJobResult | null = null;
  await expect
    .poll(
      async () => {
        result = (await (await request.get(url, { headers })).json()) as ReportJobResult;
        return result.status;
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe('Ready');
  return result!.document!;
}

test.use({ actionTimeout: 20_000 });

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});

test('SMTP is tested before saving, and a scheduled Excel report arrives through it', async ({ page, request }) => {
  test.setTimeout(360_000);
  const smtp = await startMailServer();
  try {
    const headers = await apiHeaders(request, ADMIN);
    // Start from the system mail: a setting left by an earlier run is removed.
    const before = (await (await request.get('/api/email-settings', { headers })).json()) as EmailSettings | null;
    if (before)
      expect((await request.delete('/api/email-settings', { headers, params: { id: before.Id } })).ok()).toBe(true);
    for (const r of (await (await request.get('/api/reports/scheduled', { headers })).json()) as ScheduledReport[]) {
      if (r.Name.startsWith('Night shift summary')) await request.delete(`/api/reports/scheduled/${r.Id}`, { headers });
    }

    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    await expectShell(page);

    // Settings → SMTP, first with a port nothing listens on: the error shows and nothing is saved.
    await openMenuEntry(page, 'SMTP', 'Settings');
    await expect(page).toHaveURL(/\/app\/settings\/email$/);
    await expect(page.getByRole('heading', { name: 'SMTP', level: 1 })).toBeVisible();
    await expect(page.getByTestId('smtp-state')).toHaveText('Mail is sent by the system mail server.');
    await page.locator('#smtp-host').fill('127.0.0.1');
    await page.locator('#smtp-port').fill(String(await closedPort()));
    await page.getByLabel('From address').fill('alerts@msp.example');
    await page.getByLabel('From name').fill('MSP Backups');
    await page.getByLabel('Send to').fill('tech@msp.example');
    await page.getByRole('button', { name: 'Test and save' }).click();
    await expect(page.getByTestId('smtp-error')).toContainText('The SMTP test failed: could not connect to the server');
    await expect(page.getByTestId('smtp-state')).toHaveText('Mail is sent by the system mail server.');
    expect(await (await request.get('/api/email-settings', { headers })).json()).toBeNull();
    await docShot(page, 'smtp-error');

    // Then the loopback server: tested, saved, and its test message arrives.
    await page.locator('#smtp-port').fill(String(smtp.port));
    await expect(page.getByTestId('smtp-error')).toHaveCount(0);
    await page.getByRole('button', { name: 'Test and save' }).click();
    await expect(
      page.getByText('Connection tested and settings saved; a test message was sent to tech@msp.example'),
    ).toBeVisible();
    await expect(page.getByTestId('smtp-state')).toContainText(
      `Mail is sent through 127.0.0.1:${smtp.port} as alerts@msp.example`,
    );
    const testMail = await waitForMail(smtp.messages, (m) => m.mail.subject === 'Vigil SMTP test', 15_000);
    expect(testMail.rcpt).toEqual(['tech@msp.example']);
    expect(testMail.mail.from?.text).toContain('alerts@msp.example');
    const saved = (await (await request.get('/api/email-settings', { headers })).json()) as EmailSettings;
    expect(saved).toMatchObject({
      Host: '127.0.0.1',
      Port: smtp.port,
      FromAddress: 'alerts@msp.example',
      HasPassword: false,
    });
    await docShot(page, 'smtp-light');
    await switchTheme(page, 'dark');
    await docShot(page, 'smtp-dark');
    await switchTheme(page, 'light');

    // A report due now: today's weekday and the tenant's current hour (its own time zone).
    const settings = await (await request.get('/api/common/settings', { headers })).json();
    const zone: string = settings.TimeZoneId || 'UTC';
    let now = nowIn(zone);
    if (now.minutesLeft <= 1) {
      // Too close to the hour's end to be sure of the slot: start in the next hour.
      await page.waitForTimeout(now.minutesLeft * 60_000 + 5_000);
      now = nowIn(zone);
    }
    const name = `Night shift summary ${Date.now().toString(36)}`;

    await openMenuEntry(page, 'Scheduled Reports', 'Reporting');
    await expect(page).toHaveURL(/\/app\/reporting\/scheduled$/);
    await expect(page.getByRole('heading', { name: 'Scheduled Reports', level: 1 })).toBeVisible();
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const win = await popupPromise;
    await win.setViewportSize({ width: 820, height: 940 });
    await expect(win.getByRole('heading', { name: 'New Scheduled Report' })).toBeVisible();
    await win.getByLabel('Name').fill(name);
    await win.getByRole('button', { name: 'Excel', exact: true }).click();
    // Days: clear the default (weekdays) through All, then today only.
    await win.getByRole('button', { name: 'All', exact: true }).click();
    await win.getByRole('button', { name: 'All', exact: true }).click();
    const dayName = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][now.weekday];
    await win.getByRole('button', { name: dayName, exact: true }).click();
    await expect(win.getByText(`Days · ${dayName}`)).toBeVisible();
    await win.getByLabel('Hour').click();
    await win.getByRole('option').nth(now.hour).click();
    // An invalid address is refused, a valid one becomes a chip.
    await win.getByLabel('Recipients').fill('not-an-address');
    await win.getByLabel('Recipients').press('Enter');
    await expect(win.getByText('Invalid email address')).toBeVisible();
    await win.getByLabel('Recipients').fill(RECIPIENT);
    await win.getByLabel('Recipients').press('Enter');
    await expect(win.getByRole('button', { name: RECIPIENT })).toBeVisible();
    await docShot(win, 'scheduled-editor');
    const closed = win.waitForEvent('close');
    await win.getByRole('button', { name: 'Create' }).click();
    await closed;

    const list = (await (await request.get('/api/reports/scheduled', { headers })).json()) as ScheduledReport[];
    const created = list.find((r) => r.Name === name)!;
    expect(created).toMatchObject({
      ReportType: 'BackupStatusSummary',
      Format: 2,
      Weekdays: 1 << now.weekday,
      Hour: now.hour,
      Recipients: [RECIPIENT],
      IsEnabled: true,
    });
    const row = page
      .getByRole('grid', { name: 'Scheduled reports' })
      .locator(`[role="row"][data-row-id="${created.Id}"]`);
    // The editor's save reaches this window through the table-update broadcast.
    await expect(row).toContainText(name);
    await expect(row).toContainText('Excel');
    await expect(row).toContainText(RECIPIENT);

    // The scheduler (every 10 s here, REPORTS_POLL_SECONDS) sends it within its period.
    const scheduled = await waitForMail(
      smtp.messages,
      (m) => m.rcpt.includes(RECIPIENT) && (m.mail.subject ?? '').startsWith(name),
      60_000,
    );
    expect(scheduled.mail.subject).toBe(`${name} — Backup Status Summary`);
    expect(scheduled.mail.to && !Array.isArray(scheduled.mail.to) ? scheduled.mail.to.text : '').toContain(RECIPIENT);
    expect(scheduled.mail.attachments).toHaveLength(1);
    const attachment = scheduled.mail.attachments[0];
    expect(attachment.contentType).toBe(XLSX);
    expect(attachment.filename).toMatch(/^Backup Status Summary .+\.xlsx$/);

    // The workbook holds the rows the server builds for the same report.
    const doc = await buildDocument(request, headers, created);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(attachment.content as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values: string[][] = [];
    sheet.eachRow((r) => {
      values.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
    });
    const section = doc.sections[0];
    const header = values.findIndex((r) => r.join('|') === section.columns.map((c) => c.label).join('|'));
    expect(header).toBeGreaterThanOrEqual(0);
    expect(section.rows.length).toBeGreaterThan(0);
    for (let i = 0; i < Math.min(3, section.rows.length); i++) {
      expect(values[header + 1 + i][0]).toBe(String(section.rows[i][0]));
    }

    // The list shows the last run as sent.
    await page.getByRole('button', { name: 'Refresh' }).click();
    const lastRun = row.locator('[data-outcome]');
    await expect(lastRun).toHaveAttribute('data-outcome', 'Sent');
    await expect(lastRun).toContainText('Sent');

    // Run now mails it again at once.
    const countBefore = smtp.messages.filter((m) => m.rcpt.includes(RECIPIENT)).length;
    await row.getByRole('button', { name: `Run now: ${name}` }).click();
    await expect(page.getByText('Report sent to 1 recipient')).toBeVisible();
    await expect.poll(() => smtp.messages.filter((m) => m.rcpt.includes(RECIPIENT)).length).toBe(countBefore + 1);

    // "Run now" scrolled the grid to its last column; back to the start for the pictures.
    await page.getByRole('grid', { name: 'Scheduled reports' }).evaluate((el) => (el.scrollLeft = 0));
    await docShot(page, 'scheduled-light');
    await switchTheme(page, 'dark');
    await docShot(page, 'scheduled-dark');
    await switchTheme(page, 'light');
    await page.setViewportSize({ width: 390, height: 844 });
    await docShot(page, 'scheduled-small');
    // On a small screen the editor opens as a dialog instead of a window.
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Scheduled Report' });
    await expect(dialog.getByLabel('Name')).toBeVisible();
    await docShot(page, 'scheduled-editor-small');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await page.goto('/app/settings/email');
    await expect(page.getByTestId('smtp-state')).toContainText('Mail is sent through');
    await docShot(page, 'smtp-small');
  } finally {
    // Put the demo back: no report of this journey left scheduled, and mail through the system server again.
    const headers = await apiHeaders(request, ADMIN);
    for (const r of (await (await request.get('/api/reports/scheduled', { headers })).json()) as ScheduledReport[]) {
      if (r.Name.startsWith('Night shift summary')) await request.delete(`/api/reports/scheduled/${r.Id}`, { headers });
    }
    for (const s of (await (await request.get('/api/email-settings/list', { headers })).json()) as EmailSettings[])
      await request.delete(`/api/email-settings?id=${s.Id}`, { headers });
    await smtp.close();
  }
});
