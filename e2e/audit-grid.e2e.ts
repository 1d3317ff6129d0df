import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiHeaders,
  clickToClose,
  docShot,
  ensureTenantAdminMfaOff,
  expectShell,
  openMenuEntry,
  signIn,
} from './support.ts';

const ADMIN = 'admin@demo.local';

function auditGrid(page: Page): Locator {
  return page.getByRole('grid', { name: 'Backups' });
}

function gridRows(grid: Locator): Locator {
  return grid.locator('[role="row"][data-row-id]');
}

/** Rows wholly inside the grid's scroller, and whether the page itself needs scrolling. */
async function visibleRows(page: Page): Promise<{ rows: number; pageScrolls: boolean }> {
  return auditGrid(page).evaluate((grid) => {
    const box = grid.getBoundingClientRect();
    const bottom = Math.min(box.bottom, window.innerHeight);
    const rows = Array.from(grid.querySelectorAll('[role="row"][data-row-id]')).filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= box.top && b.bottom <= bottom + 0.5;
    }).length;
    return { rows, pageScrolls: document.documentElement.scrollHeight > window.innerHeight + 1 };
  });
}

async function openAudit(page: Page): Promise<void> {
  await openMenuEntry(page, 'Audit');
  await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
  await expect(gridRows(auditGrid(page)).first()).toBeVisible();
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
  // Start from no filters and the default grid settings (both kept per user on the server).
  const headers = await apiHeaders(request, ADMIN);
  expect((await request.put('/api/account/audit-filters', { headers, data: {} })).ok()).toBe(true);
  expect((await request.put('/api/account/audit-ui-settings', { headers, data: {} })).ok()).toBe(true);
});

test('the Audit grid at 1440×900: one scroller, frozen columns, pages, tinted failures', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await openAudit(page);
  const grid = auditGrid(page);

  // The grid takes the rest of the window: many rows, and no second scroller around it.
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await visibleRows(page)).rows).toBeGreaterThanOrEqual(9);
  expect((await visibleRows(page)).pageScrolls).toBe(false);

  // Pages of 50, said in words.
  await expect(page.getByRole('combobox', { name: 'Per page' })).toHaveText('50');
  await expect(page.getByText(/^Showing 50 of \d+ backups · page 1 of \d+$/)).toBeVisible();
  await docShot(page, 'audit-grid-light');

  // With the filters open the grid gives way but keeps six rows, and the page still fits.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('combobox', { name: 'Statuses' })).toBeVisible();
  // Measured once the panel has finished opening.
  await expect.poll(async () => (await visibleRows(page)).rows).toBeGreaterThanOrEqual(6);
  await expect.poll(async () => (await visibleRows(page)).pageScrolls).toBe(false);
  await page.getByRole('button', { name: /^Filters/ }).click();

  // Scrolled sideways, Company and Backup stay at the left edge; Tickets comes into view.
  const company = gridRows(grid).first().locator('[data-column-id="company"]');
  const before = await company.boundingBox();
  await grid.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await expect(grid.getByRole('columnheader', { name: 'Tickets' })).toBeInViewport();
  await expect(company).toBeInViewport();
  expect((await company.boundingBox())?.x).toBe(before?.x);
  await expect(grid.getByRole('columnheader', { name: 'Company' })).toBeInViewport();
  await grid.evaluate((el) => (el.scrollLeft = 0));

  // Failed rows are tinted (the error colour, lightened); a successful one is not.
  const summary = page.getByRole('region', { name: 'Status of the day' });
  await summary.getByRole('button', { name: /^Failure: \d+/ }).click();
  await page.mouse.move(0, 0);
  const failed = gridRows(grid).first();
  await expect(failed.locator('[data-column-id="status"] [data-status="3"]')).toBeVisible();
  const tint = await failed.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = tint.match(/\d+/g)!.map(Number);
  expect(r).toBeGreaterThan(g + 10);
  expect(r).toBeGreaterThan(b + 10);
  await summary.getByRole('button', { name: /^Success: \d+/ }).click();
  await page.mouse.move(0, 0);
  await expect(gridRows(grid).first().locator('[data-column-id="status"] [data-status="1"]')).toBeVisible();
  const ok = await gridRows(grid)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(ok).toBe('rgb(255, 255, 255)');
});

test('the drawer and the row follow a manual Failure at once', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await openAudit(page);
  const grid = auditGrid(page);
  const summary = page.getByRole('region', { name: 'Status of the day' });
  await summary.getByRole('button', { name: /^Success: \d+/ }).click();
  const first = gridRows(grid).first();
  await expect(first.locator('[data-column-id="status"] [data-status="1"]')).toBeVisible();
  const backupId = await first.getAttribute('data-row-id');
  const row = grid.locator(`[role="row"][data-row-id="${backupId}"]`);

  await row.locator('[data-column-id="company"]').click();
  const drawer = page.getByTestId('backup-drawer');
  await expect(drawer.getByTestId('day-status-reason')).toContainText(/^Success — /);

  // A manual Failure on the same day, from the drawer.
  const popup = page.waitForEvent('popup');
  await drawer.getByRole('button', { name: 'Add result' }).click();
  const add = await popup;
  await add.waitForLoadState();
  await add.getByRole('combobox', { name: 'Status' }).click();
  await add.getByRole('option', { name: 'Failure' }).click();
  await add.getByLabel('Notes').fill('The restore test failed.');
  await clickToClose(add, add.getByRole('button', { name: 'Add result' }));

  // Without Refresh: the drawer shows the day's new status and the rule that made it…
  await expect(drawer.getByTestId('day-status-reason')).toContainText(
    'Warning — mixed results that day (Warning if mixed)',
  );
  await expect(drawer.getByText('The restore test failed.')).toBeVisible();
  // …and the row has left the Success filter.
  await expect(row).toHaveCount(0);
  await page.mouse.move(0, 0);
  await docShot(page, 'audit-grid-drawer-light');
});

test('a drill-down filter is temporary; Audit from the menu starts from the saved filters', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await openAudit(page);
  const summary = page.getByRole('region', { name: 'Status of the day' });
  const failure = summary.getByRole('button', { name: /^Failure: \d+/ });
  await expect(failure).toHaveAttribute('aria-pressed', 'false');

  // A dashboard chart sends Audit its status (the route state of a chart click).
  await page.evaluate(() =>
    window.history.replaceState(
      { usr: { selectedFilters: { Status: ['Failure'] } }, key: 'drill', idx: 0 },
      '',
      '/app/audit',
    ),
  );
  await page.reload();
  const banner = page.getByRole('status', { name: 'Drill-down filter' });
  await expect(banner).toContainText('Filtered from the dashboard');
  await expect(failure).toHaveAttribute('aria-pressed', 'true');
  await docShot(page, 'audit-grid-drilldown-light');

  // Clear: back to the user's own filters (none).
  await banner.getByRole('button', { name: 'Clear' }).click();
  await expect(banner).toHaveCount(0);
  await expect(failure).toHaveAttribute('aria-pressed', 'false');

  // Another drill-down, changed on the spot, then Audit from the menu: the saved filters again.
  await page.evaluate(() =>
    window.history.replaceState(
      { usr: { selectedFilters: { Status: ['Failure'] } }, key: 'drill2', idx: 0 },
      '',
      '/app/audit',
    ),
  );
  await page.reload();
  await expect(banner).toBeVisible();
  await summary.getByRole('button', { name: /^Warning: \d+/ }).click();
  await expect(summary.getByRole('button', { name: /^Warning: \d+/ })).toHaveAttribute('aria-pressed', 'true');
  await openMenuEntry(page, 'Audit');
  await expect(banner).toHaveCount(0);
  await expect(summary.getByRole('button', { name: /^Warning: \d+/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(failure).toHaveAttribute('aria-pressed', 'false');

  // And after leaving the screen: nothing of the drill-down was saved.
  await openMenuEntry(page, 'Dashboard');
  await expect(page).toHaveURL(/\/app\/dashboard/);
  await openAudit(page);
  await expect(banner).toHaveCount(0);
  await expect(summary.getByRole('button', { name: /^Warning: \d+/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(failure).toHaveAttribute('aria-pressed', 'false');
});

test('the Audit grid in the dark theme and on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await openAudit(page);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expect(gridRows(auditGrid(page)).first()).toBeVisible();
  await docShot(page, 'audit-grid-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the filters start folded away.
  await page.evaluate(() => window.localStorage.removeItem('vigil.audit.filtersExpanded'));
  await page.reload();
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'false');
  const tiles = page.getByRole('list', { name: 'Backups' });
  await expect(tiles.getByRole('listitem').first()).toBeVisible();
  // Every status chip of the day is whole on screen: none clipped or scrolled out of view.
  const chips = page.getByRole('region', { name: 'Status of the day' }).getByRole('button');
  // The day's status chips load after the tiles: wait for them rather than count them once.
  await expect.poll(() => chips.count()).toBeGreaterThan(3);
  for (const chip of await chips.all()) {
    const box = (await chip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await chip.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
  await docShot(page, 'audit-grid-phone');
});
