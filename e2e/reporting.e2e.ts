import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  REPORT_TYPES,
  ReportType,
  type ReportCatalogue,
  type ReportCell,
  type ReportColumn,
  type ReportDocument,
  type ReportJobResult,
} from '@vigil/contract';
import {
  docScreenshot,
  docsShotsDir,
  ensureTenantAdminMfaOff,
  expectShell,
  openMenuEntry,
  screenshotsOn,
  signIn,
} from './support.ts';
import { parseCsv } from '../packages/server/src/parser/csv.ts';

const ADMIN = 'admin@demo.local';

// pngjs comes with the web app's QR code library and has no type declarations of its own.
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(data: Buffer): { width: number; height: number; data: Buffer } } };
};

/** The session's bearer token, as the page itself sends it. */
async function sessionHeaders(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('vigil.auth') ?? '{}').accessToken as string);
  expect(token, 'a signed-in session').toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

/** What a text, number or percent cell must read as in the CSV (other types are checked for presence). */
function csvText(column: ReportColumn, value: ReportCell): string | null {
  if (value === null || value === '') return '';
  if (column.type === 'text') return /^[=+\-@\t\r]/.test(String(value)) ? `'${value}` : String(value);
  if (column.type === 'number' && typeof value === 'number')
    return String(Number.isInteger(value) ? value : Math.round(value * 100) / 100);
  if (column.type === 'percent' && typeof value === 'number') return `${value.toFixed(1)}%`;
  return null;
}

/**
 * The CSV against the document: section headers and titles where they belong, and every cell.
 * Mismatches are collected and compared once (one expect per cell would take minutes).
 */
function checkCsv(doc: ReportDocument, text: string): number {
  expect(text.charCodeAt(0), 'UTF-8 BOM').toBe(0xfeff);
  const records = parseCsv(text.slice(1), { keepBlankRows: true });
  const wrong: string[] = [];
  let at = 0;
  let checked = 0;
  doc.sections.forEach((section, i) => {
    if (i > 0) {
      expect(records[at++]).toEqual(['']);
      expect(records[at++]).toEqual([section.title]);
    }
    expect(records[at++], `${doc.title}: ${section.title} header`).toEqual(section.columns.map((c) => c.label));
    const body = section.totals ? [...section.rows, section.totals] : section.rows;
    body.forEach((values, r) => {
      const record = records[at++] ?? [];
      if (record.length !== section.columns.length) wrong.push(`row ${r}: ${record.length} fields`);
      section.columns.forEach((c, j) => {
        const want = csvText(c, values[j] ?? null);
        const ok =
          want !== null ? record[j] === want : ((record[j] ?? '') !== '') === (values[j] !== null && values[j] !== '');
        if (!ok)
          wrong.push(
            `${section.title} row ${r} ${c.label}: ${JSON.stringify(record[j])} for ${JSON.stringify(values[j])}`,
          );
        checked++;
      });
    });
  });
  expect(wrong.slice(0, 10), `${doc.title}: CSV cells`).toEqual([]);
  expect(records.slice(at).filter((r) => r.some((f) => f !== ''))).toEqual([]);
  return checked;
}

function plain(value: ExcelJS.CellValue): unknown {
  if (value && typeof value === 'object' && 'richText' in value) return value.richText.map((t) => t.text).join('');
  return value;
}

async function checkExcel(doc: ReportDocument, file: string): Promise<number> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sections = doc.sections.length ? doc.sections : [];
  expect(book.worksheets.length).toBe(Math.max(1, sections.length));
  let checked = 0;
  sections.forEach((section, i) => {
    const ws = book.worksheets[i];
    const labels = section.columns.map((c) => c.label);
    // The header row sits under the title block (tenant, title, range, facts).
    let headerRow = 0;
    ws.eachRow((row, n) => {
      if (headerRow) return;
      const texts = labels.map((_, j) => plain(row.getCell(j + 1).value));
      if (labels.length && texts.every((t, j) => t === labels[j])) headerRow = n;
    });
    expect(headerRow, `${doc.title}: header row of ${section.title}`).toBeGreaterThan(0);
    // The title heads the sheet (under the tenant's logo when it has one).
    const top = [1, 2].map((n) => String(plain(ws.getRow(n).getCell(1).value) ?? '')).join('\n');
    expect(top).toContain(doc.title);
    const body = section.totals ? [...section.rows, section.totals] : section.rows;
    const wrong: string[] = [];
    body.forEach((values, r) => {
      const row = ws.getRow(headerRow + 1 + r);
      section.columns.forEach((c, j) => {
        const got = plain(row.getCell(j + 1).value) ?? null;
        const want = values[j] ?? null;
        const ok =
          want === null || want === ''
            ? got === null
            : c.type === 'text'
              ? got === String(want)
              : c.type === 'number' || c.type === 'percent'
                ? got === want
                : c.type === 'date' || c.type === 'datetime'
                  ? got instanceof Date
                  : typeof got === 'string' && got !== '';
        if (!ok) wrong.push(`${section.title} row ${r} ${c.label}: ${JSON.stringify(got)} for ${JSON.stringify(want)}`);
        checked++;
      });
    });
    expect(wrong.slice(0, 10), `${doc.title}: Excel cells`).toEqual([]);
    expect(ws.getRow(headerRow + 1 + body.length).getCell(1).value ?? null).toBe(
      section.rows.length === 0 && section.emptyText ? section.emptyText : null,
    );
  });
  return checked;
}

/** The first PDF page as a 60 dpi PNG: it must be a real page with something drawn on it. */
function checkPdf(file: string, png: string): { width: number; height: number; inked: number } {
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const prefix = png.replace(/\.png$/, '');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
  const image = PNG.sync.read(readFileSync(png));
  let inked = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const [r, g, b] = [image.data[i], image.data[i + 1], image.data[i + 2]];
    if (r + g + b < 600) inked++;
  }
  // A4 at 60 dpi is about 496×702; an empty page would have no dark pixels at all.
  expect(image.width).toBeGreaterThan(400);
  expect(image.height).toBeGreaterThan(400);
  expect(inked).toBeGreaterThan(500);
  return { width: image.width, height: image.height, inked };
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});

test('a technician generates every report on demand and downloads it as PDF, Excel and CSV', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // The user's dark theme must not reach the report window (features §2.5).
  await page.addInitScript(() => localStorage.setItem('vigil.theme', 'dark'));
  await signIn(page, ADMIN);
  await expectShell(page);

  await openMenuEntry(page, 'On Demand', 'Reporting');
  await expect(page).toHaveURL(/\/app\/reporting\/on-demand/);
  await expect(page.getByRole('heading', { name: 'On Demand', level: 1 })).toBeVisible();

  const headers = await sessionHeaders(page);
  const catalogue = (await (await page.request.get('/api/reports', { headers })).json()) as ReportCatalogue;
  for (const group of catalogue) {
    await expect(page.getByRole('region', { name: group.category })).toBeVisible();
  }
  expect(catalogue.flatMap((g) => g.reports.map((r) => r.type)).sort()).toEqual([...ReportType.options].sort());

  // A custom range the wrong way round is refused in a snackbar, and nothing opens.
  await page.locator('[data-report-type="DailyResults"]').click();
  const panel = page.getByRole('region', { name: 'Daily Results filters' });
  await panel.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'Custom range' }).click();
  await panel.getByLabel('Date Filter From').fill('2026-01-10');
  await panel.getByLabel('Date Filter To').fill('2026-01-03');
  await panel.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Date Filter To must be later than Date Filter From')).toBeVisible();
  await panel.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(panel.getByText(/^\d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  await docScreenshot(page, 'report-on-demand-dark');

  const shownRange = await panel.getByText(/^\d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}$/).textContent();
  const measured: string[] = [];
  for (const type of ReportType.options) {
    const info = REPORT_TYPES[type];
    await page.locator(`[data-report-type="${type}"]`).click();
    const filters = page.getByRole('region', { name: `${info.title} filters` });
    await expect(filters).toBeVisible();
    // Only the type's own filters are offered.
    await expect(filters.getByRole('combobox', { name: 'Date range' })).toHaveCount(
      info.filters.includes('dateRange') ? 1 : 0,
    );
    await expect(filters.getByRole('combobox', { name: 'Statuses' })).toHaveCount(
      info.filters.includes('statuses') ? 1 : 0,
    );

    const popupOpened = page.waitForEvent('popup');
    const started = Date.now();
    await filters.getByRole('button', { name: 'Generate' }).click();
    const popup = await popupOpened;
    await expect(popup).toHaveURL(new RegExp(`/window/reporting/generate/${type}/[A-Za-z0-9-]{8,64}$`));
    const key = popup.url().split('/').pop()!;
    await expect(popup.locator('[data-report-phase="ready"]')).toBeVisible({ timeout: 60_000 });
    const seconds = (Date.now() - started) / 1000;

    // The window is light even though the user's theme is dark.
    const bg = await popup.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).not.toBe('rgb(11, 17, 27)');
    const [r, g, b] = bg.match(/\d+/g)!.map(Number);
    expect(r + g + b).toBeGreaterThan(600);

    const res = await page.request.get(`/api/reports/report/${type}/${key}`, { headers });
    expect(res.ok()).toBe(true);
    const job = (await res.json()) as ReportJobResult;
    expect(job.status).toBe('Ready');
    const doc = job.document!;
    if (info.filters.includes('dateRange')) {
      // The screen said which days "Last 7 days" covers; the report covers exactly those.
      const fmt = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
      expect(doc.range).not.toBeNull();
      expect(shownRange).toBe(`${fmt(doc.range!.From)} – ${fmt(doc.range!.To)}`);
    }

    // The HTML report: title, tenant, and each section's rows as the API's document has them.
    await expect(popup.getByRole('heading', { name: doc.title, level: 1 })).toBeVisible();
    await expect(popup.getByTestId('report-tenant')).toHaveText(doc.tenantName);
    for (const section of doc.sections) {
      const table = popup.getByRole('table', { name: section.title, exact: true });
      if (section.rows.length === 0) {
        await expect(table).toHaveCount(0);
        continue;
      }
      await expect(table.locator('tbody tr')).toHaveCount(section.rows.length);
      await expect(table.locator('thead th')).toHaveText(section.columns.map((c) => c.label));
      const firstText = section.columns.findIndex((c) => c.type === 'text');
      if (firstText >= 0 && section.rows[0][firstText] !== null) {
        await expect(table.locator('tbody tr').first().locator('td').nth(firstText)).toHaveText(
          String(section.rows[0][firstText]),
        );
      }
    }
    const htmlFile = testInfo.outputPath(`${type}.html`);
    writeFileSync(htmlFile, await popup.content());
    expect(readFileSync(htmlFile, 'utf8')).toContain(doc.title);

    if (type === 'BackupStatusSummary') {
      await popup.setViewportSize({ width: 1240, height: 900 });
      await popup.waitForTimeout(300);
      await docScreenshot(popup, 'report-window-light');
    }

    // PDF in landscape, then Excel and CSV, all from this one run.
    await popup.getByRole('button', { name: 'PDF options' }).click();
    await popup.getByRole('menuitem', { name: 'Landscape' }).click();
    const pdfDownload = popup.waitForEvent('download');
    await popup.getByRole('menuitem', { name: 'Download PDF' }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toMatch(new RegExp(`^${doc.title} .*\\.pdf$`));
    const pdfFile = testInfo.outputPath(`${type}.pdf`);
    await pdf.saveAs(pdfFile);
    // The Compliance page is the README's picture of a PDF when screenshots are taken.
    const pngFile =
      screenshotsOn && type === 'Compliance'
        ? path.join(docsShotsDir, 'report-pdf-page.png')
        : testInfo.outputPath(`${type}.png`);
    const page1 = checkPdf(pdfFile, pngFile);
    // Landscape: the first page is wider than tall.
    expect(page1.width).toBeGreaterThan(page1.height);

    const xlsxDownload = popup.waitForEvent('download');
    await popup.getByRole('button', { name: 'Excel', exact: true }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const xlsxFile = testInfo.outputPath(`${type}.xlsx`);
    await xlsx.saveAs(xlsxFile);
    const excelCells = await checkExcel(doc, xlsxFile);

    const csvDownload = popup.waitForEvent('download');
    await popup.getByRole('button', { name: 'CSV', exact: true }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvFile = testInfo.outputPath(`${type}.csv`);
    await csv.saveAs(csvFile);
    const csvCells = checkCsv(doc, readFileSync(csvFile, 'utf8'));

    measured.push(
      `${type}: ${job.rowCount} rows, ready in ${seconds.toFixed(1)} s, ${excelCells} Excel and ${csvCells} CSV cells checked`,
    );
    await popup.close();
  }
  testInfo.annotations.push({ type: 'measured', description: measured.join('\n') });
  console.log(measured.join('\n'));
});

test('on a phone the report opens inside the app, and Stop ends a run', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await page.goto('/app/reporting/on-demand?report=FailuresAndNoResults');
  const filters = page.getByRole('region', { name: 'Failures and No Results filters' });
  await expect(filters).toBeVisible();
  await docScreenshot(page, 'report-on-demand-phone');
  await filters.scrollIntoViewIfNeeded();
  await docScreenshot(page, 'report-on-demand-phone-filters');
  await filters.getByRole('button', { name: 'Generate' }).click();
  await expect(page).toHaveURL(/\/app\/reporting\/on-demand\/generate\/FailuresAndNoResults\/[A-Za-z0-9-]+$/);
  await expect(page.locator('[data-report-phase="ready"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Failures and No Results', level: 1 })).toBeVisible();
  await docScreenshot(page, 'report-in-page-phone');

  // The filters survive in the session: back on the screen the same report is chosen.
  await page.getByRole('link', { name: 'On Demand' }).first().click();
  await expect(page.getByRole('region', { name: 'Failures and No Results filters' })).toBeVisible();

  // A run that is stopped says so and offers to generate again; the API agrees it was cancelled.
  const headers = await sessionHeaders(page);
  await page.route('**/api/reports/report/**', async (route) => {
    // Hold the first poll back so the progress view (and its Stop button) is on screen.
    if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page
    .getByRole('region', { name: 'Failures and No Results filters' })
    .getByRole('button', { name: 'Generate' })
    .click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  const key = page.url().split('/').pop()!;
  const stopped = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/${key}`));
  await page.getByRole('button', { name: 'Stop' }).click();
  const answer = await stopped;
  expect(answer.ok()).toBe(true);
  const after = (await answer.json()) as ReportJobResult;
  await page.unroute('**/api/reports/report/**');
  const job = (await (
    await page.request.get(`/api/reports/report/FailuresAndNoResults/${key}`, { headers })
  ).json()) as ReportJobResult;
  expect(job.status).toBe(after.status);
  if (after.status === 'Cancelled') {
    // Stopped in time: nothing is kept, and the window offers to generate again.
    expect(job.document).toBeNull();
    await expect(page.getByText('Report generation was stopped.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate again' })).toBeVisible();
  } else {
    // The server had already finished: the report is shown rather than thrown away.
    expect(after.status).toBe('Ready');
    await expect(page.locator('[data-report-phase="ready"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Failures and No Results', level: 1, exact: true })).toBeVisible();
  }
});
