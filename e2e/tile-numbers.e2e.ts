import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, docShot, ensureTenantAdminMfaOff, expectShell, signIn, switchTheme } from './support.ts';

/**
 * A Count tile over a week: the editor says what it counts, and its number opens Audit on the
 * same week and statuses, listing exactly the backups it counted.
 */
const ADMIN = 'admin@demo.local';

async function openDashboard(page: Page, name: string): Promise<void> {
  await page.goto('/app/dashboard');
  await expectShell(page);
  const picker = page.getByRole('combobox', { name: 'Dashboard' });
  await picker.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(picker).toHaveText(name);
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
  const reset = await request.put('/api/account/audit-filters', {
    headers: await apiHeaders(request, ADMIN),
    data: {},
  });
  expect(reset.ok()).toBe(true);
});

test('a Count tile counts its statuses over its whole range and opens Audit on the same backups', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const headers = await apiHeaders(request, ADMIN);
  const run = Date.now().toString(36);
  const name = `Week numbers ${run}`;
  const title = `Problems, last 7 days ${run}`;
  const created = await request.post('/api/dashboard', { headers, data: { name } });
  expect(created.ok()).toBe(true);
  const dashboardId = (await created.json()).id as number;
  const tileRes = await request.post(`/api/dashboard/${dashboardId}/tile`, {
    headers,
    data: { title, type: 'Count', filters: { Status: [3, 4], DateRange: { Preset: 'last7days' } } },
  });
  expect(tileRes.ok(), await tileRes.text()).toBe(true);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await openDashboard(page, name);
  const countTile = page.getByRole('region', { name: title, exact: true });
  const number = countTile.locator('[data-colour]');
  await expect(number).toBeVisible({ timeout: 20_000 });
  const count = Number((await number.innerText()).replace(/,/g, ''));
  expect(count).toBeGreaterThan(0);

  // The editor says what a Count tile counts over its range.
  await countTile.getByRole('button', { name: /^Tile menu/ }).click();
  await page.getByRole('menuitem', { name: /^Edit/ }).click();
  const editor = page.getByRole('dialog', { name: 'Edit tile' });
  await expect(
    editor.getByText(
      'Counts backups with at least one day in the chosen statuses within the date range (each backup once).',
    ),
  ).toBeVisible();
  await docShot(page, 'dashboard-count-tile-range');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  // Its number opens Audit on the week's last day, the same statuses over the same 7 days.
  const auditCall = page.waitForResponse(
    (r) => r.url().includes('/api/policy/audit-backups') && (r.request().postData() ?? '').includes('"StatusDays":7'),
  );
  await countTile.getByRole('button', { name: `Open ${count.toLocaleString('en-US')} in Audit` }).click();
  await expect(page).toHaveURL(/\/app\/audit$/);
  const body = await (await auditCall).json();
  expect(body.Total).toBe(count);
  const note = page.getByText(/^Failure or No Result on any of the 7 days up to the selected date/);
  await expect(note).toBeVisible();
  await docShot(page, 'audit-count-tile-drilldown');
  await switchTheme(page, 'dark');
  await docShot(page, 'audit-count-tile-drilldown-dark');
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(note).toBeVisible();
  await docShot(page, 'audit-count-tile-drilldown-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  // "Selected date only" drops the range: the statuses of that day alone.
  const dayOnly = page.waitForResponse(
    (r) =>
      r.url().includes('/api/policy/audit-backups') &&
      r.request().method() === 'POST' &&
      !(r.request().postData() ?? '').includes('StatusDays') &&
      (r.request().postData() ?? '').includes('"Statuses":[3,4]'),
  );
  await page.getByRole('button', { name: 'Selected date only' }).click();
  await expect(note).toBeHidden();
  expect((await (await dayOnly).json()).Total).toBeLessThanOrEqual(count);
});
