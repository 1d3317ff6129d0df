import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { parseCsv } from '../packages/server/src/parser/csv.ts';
import { apiHeaders, docShot, ensureTenantAdminMfaOff, expectShell, openMenuEntry, signIn } from './support.ts';

const ADMIN = 'admin@demo.local';
/** The columns this journey shows (the rest hidden), as the grid orders them. */
const VISIBLE = ['company', 'job', 'device', 'status', 'daysInStatus', 'lastSuccess', 'vendor', 'tickets', 'method'];
const ALL = [
  ...VISIBLE.slice(0, 4),
  'history',
  ...VISIBLE.slice(4),
  'tags',
  'clientId',
  'schedule',
  'daysWithoutSuccess',
];
const HIDDEN = ['history', 'tags', 'clientId', 'schedule', 'daysWithoutSuccess'];
const HEADERS = [
  'Company',
  'Backup',
  'Device',
  'Status',
  'Days in status',
  'Last success',
  'Vendor',
  'Tickets',
  'Method',
];

function auditGrid(page: Page): Locator {
  return page.getByRole('grid', { name: 'Backups' });
}

/** The cells of the rows the grid has rendered, in order, as the user reads them. */
async function gridCells(page: Page): Promise<string[][]> {
  return auditGrid(page).evaluate((grid, ids) => {
    const rows = Array.from(grid.querySelectorAll('[role="row"][data-row-id]'));
    return rows.map((r) =>
      ids.map((id) => (r.querySelector(`[data-column-id="${id}"]`)?.textContent ?? '').replace(/\s+/g, ' ').trim()),
    );
  }, VISIBLE);
}

/** A file row as the grid shows it: "3 days", "Never", no formula guard. */
function asGrid(row: string[]): string[] {
  return row.map((v, j) => {
    const text = v.replace(/^'(?=[-=+@])/, '');
    if (VISIBLE[j] === 'daysInStatus') return text === '' ? '-' : `${text} day${text === '1' ? '' : 's'}`;
    if (VISIBLE[j] === 'lastSuccess') return text === '' ? 'Never' : text;
    return text;
  });
}

async function download(page: Page, format: 'Excel' | 'CSV'): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Export' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format, exact: true }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
  const headers = await apiHeaders(request, ADMIN);
  // Successful backups only, and a column layout of our own (kept per user on the server).
  expect((await request.put('/api/account/audit-filters', { headers, data: { Statuses: [1] } })).ok()).toBe(true);
  const Columns = { order: ALL, widths: {}, hidden: HIDDEN };
  expect((await request.put('/api/account/audit-ui-settings', { headers, data: { Columns } })).ok()).toBe(true);
});

test.afterAll(async ({ request }) => {
  const headers = await apiHeaders(request, ADMIN);
  await request.put('/api/account/audit-filters', { headers, data: {} });
  await request.put('/api/account/audit-ui-settings', { headers, data: {} });
});

test('Audit › Export: the file holds the rows and columns the grid shows', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await openMenuEntry(page, 'Audit');
  const grid = auditGrid(page);
  await expect(grid.locator('[role="row"][data-row-id]').first()).toBeVisible();
  // Sorted by device, newest order first: the file follows the grid's order.
  await grid.getByRole('columnheader', { name: 'Device' }).click();
  await grid.getByRole('columnheader', { name: 'Device' }).click();
  await expect(grid.getByRole('columnheader', { name: 'Device' })).toHaveAttribute('aria-sort', 'descending');
  const showing = page.getByText(/^Showing \d+ of \d+ backups/);
  await expect(showing).toBeVisible();
  await expect.poll(async () => (await gridCells(page)).length).toBeGreaterThan(3);
  let shown: string[][] = [];
  let total = 0;
  // The demo's live feed may file a result between reading the grid and the download: read both
  // again (after a refresh) until they are of the same moment.
  await expect(async () => {
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/policy/audit-backups')),
      page.getByRole('button', { name: 'Refresh' }).click(),
    ]);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    total = Number(/of (\d+) backups/.exec((await showing.textContent()) ?? '')?.[1]);
    shown = await gridCells(page);
    expect(shown.every((r) => r[3].startsWith('Success'))).toBe(true);

    // CSV: a header of the visible columns, then every matching row in the grid's order.
    const csv = await download(page, 'CSV');
    expect(csv.name).toMatch(/^Audit \d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv(csv.bytes.toString('utf8'));
    expect(header).toEqual(HEADERS);
    expect(rows).toHaveLength(total);
    expect(rows.slice(0, shown.length).map(asGrid)).toEqual(
      shown.map((r) => r.map((c, j) => (j === 3 ? 'Success' : c))),
    );
  }).toPass({ timeout: 60_000 });

  // Excel: the same rows, typed cells (numbers stay numbers).
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem', { name: 'Excel' })).toBeVisible();
  await docShot(page, 'audit-export-menu');
  await page.keyboard.press('Escape');
  const excel = await download(page, 'Excel');
  expect(excel.name).toMatch(/^Audit \d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(excel.bytes as unknown as ArrayBuffer);
  const values: unknown[][] = [];
  book.worksheets[0].eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  const headerAt = values.findIndex((v) => v[0] === 'Company');
  expect(values[headerAt]).toEqual(HEADERS);
  const data = values.slice(headerAt + 1);
  expect(data).toHaveLength(total);
  for (const [i, r] of shown.entries()) {
    const x = data[i];
    expect([x[0], x[1], x[2], x[3], x[6], x[8]]).toEqual([r[0], r[1], r[2], 'Success', r[6], r[8]]);
    expect(x[4] === null || x[4] === undefined ? '-' : `${String(x[4])} day${x[4] === 1 ? '' : 's'}`).toBe(r[4]);
    expect(String(x[7] ?? '')).toBe(r[7]);
  }

  // The same menu in the dark theme and on a phone.
  await page.evaluate(() => localStorage.setItem('vigil.theme', 'dark'));
  await page.reload();
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem', { name: 'CSV' })).toBeVisible();
  await docShot(page, 'audit-export-menu-dark');
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.setItem('vigil.theme', 'light'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem', { name: 'Excel' })).toBeVisible();
  await docShot(page, 'audit-export-menu-phone');
  await page.keyboard.press('Escape');
});

test('the backup editor suggests a quieter start on the same storage, and Apply moves it', async ({
  page,
  request,
}) => {
  const headers = await apiHeaders(request, ADMIN);
  const active = await request.post('/api/backup/active', { headers, data: { Page: 1, Size: 200 } });
  const ids: number[] = (await active.json()).Results.map((r: { PolicyId: number }) => r.PolicyId);
  let pick: { id: number; suggested: string } | null = null;
  for (const id of ids) {
    const r = await (await request.get(`/api/popularity/${id}/unpopular-time`, { headers })).json();
    if (r.Neighbours > 0 && r.CurrentTime && r.SuggestedTime !== r.CurrentTime) {
      pick = { id, suggested: r.SuggestedTime };
      break;
    }
  }
  expect(pick, 'a demo backup sharing its storage with others').not.toBeNull();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await page.goto(`/window/manage/policy/edit/${pick!.id}/false/false`);
  const hint = page.locator('#start-time-suggestion');
  await expect(hint).toContainText(`Quieter start: ${pick!.suggested}`);
  await docShot(page, 'backup-start-suggestion');
  await hint.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Start time moved to ${pick!.suggested}`)).toBeVisible();
  await expect(hint).toContainText(`Starts at ${pick!.suggested}, the quietest time near it`);
  const after = await (await request.get(`/api/popularity/${pick!.id}/unpopular-time`, { headers })).json();
  expect(after.CurrentTime).toBe(pick!.suggested);

  // The suggestion in the dark theme and on a phone.
  await page.evaluate(() => localStorage.setItem('vigil.theme', 'dark'));
  await page.reload();
  await expect(hint).toContainText(`Starts at ${pick!.suggested}`);
  await docShot(page, 'backup-start-suggestion-dark');
  await page.evaluate(() => localStorage.setItem('vigil.theme', 'light'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await hint.scrollIntoViewIfNeeded();
  await expect(hint).toContainText(`Starts at ${pick!.suggested}`);
  await docShot(page, 'backup-start-suggestion-phone');
});

test('extra backup fields: added once, filled in on a backup, found by the Audit filter', async ({ page, request }) => {
  const headers = await apiHeaders(request, ADMIN);
  const url = '/api/common/user-filters/additional-backup-fields';
  expect((await request.post(url, { headers, data: { Fields: [] } })).ok()).toBe(true);
  const active = await request.post('/api/backup/active', { headers, data: { Page: 1, Size: 1 } });
  const id: number = (await active.json()).Results[0].PolicyId;

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await page.goto(`/window/manage/policy/edit/${id}/false/false`);
  const box = page.locator('#extra-fields');
  await expect(box).toContainText('None yet');
  await box.getByRole('button', { name: 'Manage fields' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extra backup fields' });
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await dialog.getByLabel('Name').nth(0).fill('Contract');
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await dialog.getByLabel('Name').nth(1).fill('Tier');
  await dialog.locator('#field-type-1').click();
  await page.getByRole('option', { name: 'Choice' }).click();
  await dialog.getByLabel('Choices').fill('Gold, Silver');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  await box.getByLabel('Contract').fill('MSA-7731');
  await box.locator('#extra-field-' + (await fieldId(request, headers, 'Tier'))).click();
  await page.getByRole('option', { name: 'Gold' }).click();
  await box.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByText('Extra fields saved')).toBeVisible();
  await docShot(page, 'backup-extra-fields');

  const backup = await (await request.get(`/api/backups/${id}`, { headers })).json();
  expect(Object.values(backup.AdditionalFields).sort()).toEqual(['Gold', 'MSA-7731']);
  const audit = await request.post('/api/policy/audit-backups', {
    headers,
    data: { AdditionalFields: [{ FieldId: await fieldId(request, headers, 'Contract'), Value: 'msa-77' }] },
  });
  expect((await audit.json()).Results.map((r: { PolicyId: number }) => r.PolicyId)).toEqual([id]);

  // In Audit, the Tier filter leaves that one backup (the journey's filters start from none).
  expect((await request.put('/api/account/audit-filters', { headers, data: {} })).ok()).toBe(true);
  await page.goto('/app/audit');
  await expect(page.getByRole('grid', { name: 'Backups' }).locator('[role="row"][data-row-id]').first()).toBeVisible();
  const filters = page.getByRole('button', { name: /^Filters/ });
  if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
  await page.locator(`#audit-filter-field-${await fieldId(request, headers, 'Tier')}`).click();
  await page.getByRole('option', { name: 'Gold' }).click();
  await expect(page.getByText(/^Showing 1 of 1 backups?/)).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Backups' }).locator(`[data-row-id="${id}"]`)).toBeVisible();
  await docShot(page, 'audit-extra-field-filter');

  // The field is a column too, once chosen in the grid's column menu.
  await page.getByRole('button', { name: 'Grid menu' }).first().click();
  await page.getByRole('menuitem', { name: 'Manage columns' }).click();
  const columns = page.getByRole('dialog', { name: 'Manage columns' });
  await columns.getByLabel('Show Contract').check();
  await columns.getByRole('button', { name: 'Done' }).click();
  const grid = page.getByRole('grid', { name: 'Backups' });
  await expect(grid.getByRole('columnheader', { name: 'Contract' })).toBeVisible();
  await expect(grid.locator(`[data-row-id="${id}"]`)).toContainText('MSA-7731');
  await request.put('/api/account/audit-filters', { headers, data: {} });
  await request.post(url, { headers, data: { Fields: [] } });
});

async function fieldId(
  request: import('@playwright/test').APIRequestContext,
  headers: Record<string, string>,
  name: string,
): Promise<number> {
  const fields = await (await request.get('/api/common/user-filters/additional-backup-fields', { headers })).json();
  return fields.find((f: { Name: string }) => f.Name === name).Id;
}
