import { expect, test, type Locator, type Page } from '@playwright/test';
import { clickToClose, DEMO_PASSWORD, ensureTenantAdminMfaOff, expectShell, settle, shot, signIn } from './support.ts';

const ADMIN = 'admin@demo.local';

/** Opens a top-level screen from the main menu (the drawer on small screens). */
async function openScreen(page: Page, title: string, drawer = false): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  if (drawer) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

function auditGrid(page: Page): Locator {
  return page.getByRole('grid', { name: 'Backups' });
}

function gridRows(grid: Locator): Locator {
  return grid.locator('[role="row"][data-row-id]');
}

/** Opens a row's menu and picks an entry; resolves with the popup window it opens. */
async function rowAction(page: Page, row: Locator, action: string): Promise<Page> {
  await row.getByRole('button', { name: /^Actions for / }).click();
  const popup = page.waitForEvent('popup');
  await page.getByRole('menuitem', { name: action, exact: true }).click();
  const win = await popup;
  await win.waitForLoadState();
  return win;
}

async function chooseOption(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
  // Start from no filters (the screen keeps the last ones on the server, per user).
  const login = await request.post('/api/UserAuth/Login', { data: { UserName: ADMIN, Password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const reset = await request.put('/api/account/audit-filters', { headers, data: {} });
  expect(reset.ok(), `PUT /api/account/audit-filters answered ${reset.status()} ${await reset.text()}`).toBe(true);
});

test('a technician works through yesterday: failures, the e-mail, verify, a manual result, Daily Activity', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  // The filters open (on a window under 1000 px tall they start folded until the user opens them).
  await page.evaluate(() => window.localStorage.setItem('vigil.audit.filtersExpanded', 'true'));
  await openScreen(page, 'Audit');
  await expect(page).toHaveURL(/\/app\/audit$/);

  // Yesterday, every active backup: a day of mostly green with a few red and grey.
  const grid = auditGrid(page);
  await expect(gridRows(grid).first()).toBeVisible();
  await expect(page.getByText('Yesterday', { exact: false }).first()).toBeVisible();
  const summary = page.getByRole('region', { name: 'Status of the day' });
  await expect(summary.getByRole('button', { name: /^Success: \d+/ })).toBeVisible();
  await expect(page.getByText(/Showing \d+ of \d+ backups/)).toBeVisible();
  await expect(gridRows(grid).first().getByTestId('history-bar')).toHaveAttribute('data-statuses', /^(\d,){29}\d$/);
  await settle(page);
  await shot(page, 'audit-light');

  // Filter to failures with the Statuses filter; every row left failed on the day.
  await expect(page.getByRole('combobox', { name: 'Statuses' })).toBeVisible();
  await chooseOption(page, 'Statuses', 'Failure');
  await expect(summary.getByRole('button', { name: /^Failure: \d+/ })).toHaveAttribute('aria-pressed', 'true');
  const failed = gridRows(grid);
  await expect(failed.first()).toBeVisible();
  await expect(failed.filter({ hasNotText: 'Failure' })).toHaveCount(0);
  const target = failed.first();
  const backupId = await target.getAttribute('data-row-id');
  const job = (await target.locator('[data-column-id="job"]').innerText()).trim();
  const device = (await target.locator('[data-column-id="device"]').innerText()).trim();
  expect(backupId).toBeTruthy();
  const row = grid.locator(`[role="row"][data-row-id="${backupId}"]`);

  // View results: the parsed e-mail behind the failure.
  const view = await rowAction(page, row, 'View results');
  await expect(view).toHaveURL(/\/window\/audit\/view-result\/\d+\/[^/]+$/);
  await expect(view.getByRole('heading', { name: job, level: 1 })).toBeVisible();
  await expect(view.getByText('Failure').first()).toBeVisible();
  await expect(view.getByRole('heading', { name: 'E-mail', level: 2 })).toBeVisible();
  await expect(view.getByTestId('email-subject')).not.toBeEmpty();
  await expect(view.getByTestId('email-text').or(view.getByTestId('email-html'))).toBeVisible();
  await expect(view.getByRole('button', { name: 'Download .eml' })).toBeVisible();
  await view.setViewportSize({ width: 1024, height: 800 });
  await settle(view);
  await shot(view, 'audit-result-light');
  await clickToClose(view, view.getByRole('button', { name: 'Close', exact: true }));

  // Verify the day with a note; the grid shows the mark once the window has closed.
  const note = `Checked the job log with the client ${Date.now()}`;
  const verify = await rowAction(page, row, 'Verify');
  await expect(verify).toHaveURL(/\/window\/audit\/verify-audit-result\/[^/]+$/);
  await expect(verify.getByText('Nobody has verified, remediated or restored this day yet.')).toBeVisible();
  await verify.getByLabel('Notes').fill(note);
  await clickToClose(verify, verify.getByRole('button', { name: 'Verify', exact: true }));
  await expect(row.getByLabel('Verified')).toBeVisible();

  // The mark is listed with who made it, when, and the note.
  const again = await rowAction(page, row, 'Verify');
  await expect(again.getByTestId('mark-verify')).toContainText('Verified by');
  await expect(again.getByTestId('mark-verify')).toContainText(note);
  await again.setViewportSize({ width: 720, height: 720 });
  await settle(again);
  await shot(again, 'audit-verify-light');
  await clickToClose(again, again.getByRole('button', { name: 'Cancel' }));

  // A manual Success on the selected day: the backup leaves the failures.
  const add = await rowAction(page, row, 'Add result');
  await expect(add).toHaveURL(/\/window\/audit\/add-result\/[^/]+$/);
  await expect(add.getByLabel('Time')).toHaveValue('12:00');
  await add.getByLabel('Notes').fill('Re-ran the job by hand; it completed.');
  await clickToClose(add, add.getByRole('button', { name: 'Add result' }));
  await expect(row).toHaveCount(0);

  // Its row now shows the new status, and so does the day in its history bar.
  await page.getByRole('button', { name: 'Clear all' }).click();
  await page.getByRole('textbox', { name: 'Search backups' }).fill(device);
  await page.getByRole('textbox', { name: 'Search backups' }).press('Enter');
  await expect(row).toBeVisible();
  const status = row.locator('[data-column-id="status"] [data-status]');
  await expect(status).not.toHaveAttribute('data-status', '3');
  const day = await status.getAttribute('data-status');
  const bar = row.getByTestId('history-bar');
  await expect(bar).toHaveAttribute('data-statuses', new RegExp(`,${day}$`));

  // The drawer lists both results of the day, the manual one by the admin.
  await row.locator('[data-column-id="company"]').click();
  const drawer = page.getByTestId('backup-drawer');
  await expect(drawer.getByRole('heading', { name: job })).toBeVisible();
  await expect(drawer.getByText(/Manual by /)).toBeVisible();
  await expect(drawer.getByRole('group', { name: /^Last 30 days/ })).toBeVisible();
  await settle(page);
  await shot(page, 'audit-drawer-light');
  await drawer.getByRole('button', { name: 'Close details' }).click();
  await page.getByRole('button', { name: 'Clear all' }).click();

  // Daily Activity for yesterday: every result, with the e-mail subjects.
  await openScreen(page, 'Daily Activity');
  await expect(page).toHaveURL(/\/app\/daily-activity$/);
  await expect(page.getByText(/^Yesterday · /)).toBeVisible();
  const daily = page.getByRole('grid', { name: 'Results of the day' });
  await expect(gridRows(daily).first()).toBeVisible();
  await expect(page.getByText(/\d+ results? on /)).toBeVisible();
  const subjects = daily.locator('[data-column-id="subject"] button');
  await expect(subjects.first()).toBeVisible();
  expect((await subjects.first().innerText()).trim().length).toBeGreaterThan(3);
  await settle(page);
  await shot(page, 'daily-activity-light');

  // The manual result is there too, and a subject opens its result.
  await page.getByRole('textbox', { name: 'Search' }).fill(device);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(daily.locator('[data-column-id="source"]', { hasText: 'Manual' }).first()).toBeVisible();
  const open = page.waitForEvent('popup');
  await daily.locator('[data-column-id="subject"] button').filter({ hasNotText: 'Manual result' }).first().click();
  const fromDaily = await open;
  await expect(fromDaily.getByTestId('email-subject')).not.toBeEmpty();
  await fromDaily.close();

  // The manual result's row opens the backup's day: group details (with the mark) and the status log.
  await gridRows(daily)
    .filter({ has: page.locator('[data-column-id="source"]', { hasText: 'Manual' }) })
    .first()
    .locator('[data-column-id="time"]')
    .click();
  const dayDrawer = page.getByTestId('day-drawer');
  await expect(dayDrawer.getByRole('heading', { name: 'Status log' })).toBeVisible();
  await expect(dayDrawer.getByText('Verified by')).toBeVisible();
  await settle(page);
  await shot(page, 'daily-activity-drawer-light');
});

test('Audit and Daily Activity on a small screen and in the dark theme', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await openScreen(page, 'Audit', true);

  // Tiles instead of rows, filters folded away.
  const tiles = page.getByRole('list', { name: 'Backups' });
  await expect(tiles.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'false');
  await settle(page);
  await shot(page, 'audit-small-light');

  // The row menu of a tile, and a popup that opens as a dialog on a phone.
  await tiles.getByRole('listitem').first().getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Notes')).toBeVisible();
  await settle(page);
  await shot(page, 'audit-small-verify-light');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('combobox', { name: 'Companies' })).toBeVisible();
  await settle(page);
  await shot(page, 'audit-small-filters-light');

  // Dark theme on a wide screen.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expect(gridRows(auditGrid(page)).first()).toBeVisible();
  await settle(page);
  await shot(page, 'audit-dark');

  await openScreen(page, 'Daily Activity');
  await expect(gridRows(page.getByRole('grid', { name: 'Results of the day' })).first()).toBeVisible();
  await page.getByRole('button', { name: 'Quick dates' }).click();
  await page.getByRole('menuitem', { name: /^Last week/ }).click();
  await expect(page.getByRole('group', { name: 'Days of the chosen range' })).toBeVisible();
  await settle(page);
  await shot(page, 'daily-activity-dark');
  // Future days are refused (features §5.4).
  await page.getByLabel('Date', { exact: true }).fill('2099-01-01');
  await expect(page.getByText('Future Date is not allowed')).toBeVisible();
});
