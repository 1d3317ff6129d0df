import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, docScreenshot, ensureTenantAdminMfaOff, expectShell, settle, signIn } from './support.ts';

const ADMIN = 'admin@demo.local';

interface ApiTile {
  id: number;
  title: string;
  row: number;
  col: number;
  sizeX: number;
  sizeY: number;
  item: { type: string };
}
interface ApiDashboard {
  id: number;
  name: string;
  tiles: ApiTile[];
}

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/UserAuth/Login', { data: { UserName: ADMIN, Password: DEMO_PASSWORD } });
  return { Authorization: `Bearer ${(await login.json()).accessToken}` };
}

async function dashboardNamed(request: APIRequestContext, name: string): Promise<ApiDashboard> {
  const res = await request.get('/api/dashboard', { headers: await adminHeaders(request) });
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as ApiDashboard[]).find((d) => d.name === name);
  expect(found, `dashboard ${name}`).toBeTruthy();
  return found!;
}

function tile(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

async function snap(page: Page, name: string): Promise<void> {
  await settle(page);
  await docScreenshot(page, name);
}

async function chooseSelect(scope: Page | Locator, label: string, option: string, page: Page): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a tile through the editor; `extra` fills the type's own settings before saving. */
async function addTile(page: Page, type: string, title: string, extra?: (dialog: Locator) => Promise<void>) {
  await page.getByRole('main').getByRole('button', { name: 'Add tile' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add tile' });
  await expect(dialog).toBeVisible();
  await chooseSelect(dialog, 'Tile type', type, page);
  await dialog.getByLabel('Title').fill(title);
  if (extra) await extra(dialog);
  // The preview has drawn before the tile is saved.
  await expect(dialog.getByTestId('tile-preview').locator('.MuiSkeleton-root')).toHaveCount(0, { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Add tile' }).click();
  await expect(dialog).toBeHidden();
  await expect(tile(page, title)).toBeVisible();
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
  const reset = await request.put('/api/account/audit-filters', { headers: await adminHeaders(request), data: {} });
  expect(reset.ok()).toBe(true);
});

test('a technician builds a dashboard, arranges it, colours a count, drills into Audit and shares it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const name = `NOC wall ${run}`;
  const t = {
    histogram: `Results by day ${run}`,
    pie: `Status split ${run}`,
    count: `Failures ${run}`,
    bar: `By status ${run}`,
    column: `By company ${run}`,
    insight: `Not updating ${run}`,
  };
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);

  // Dashboard is the first menu entry.
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link').first()).toHaveAccessibleName('Dashboard');
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // A new dashboard, from the empty state or the dashboard menu.
  const create = page.getByRole('button', { name: 'Create dashboard' });
  const menu = page.getByRole('button', { name: 'Dashboard menu' });
  await expect(create.or(menu)).toBeVisible();
  if (await create.isVisible()) await create.click();
  else {
    await menu.click();
    await page.getByRole('menuitem', { name: 'New dashboard' }).click();
  }
  const nameDialog = page.getByRole('dialog', { name: 'New dashboard' });
  await nameDialog.getByRole('button', { name: 'Create' }).click();
  await expect(nameDialog.getByText('Name is required')).toBeVisible();
  await nameDialog.getByLabel('Dashboard name').fill(name);
  await nameDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toHaveText(name);
  await expect(page.getByText('This dashboard has no tiles yet')).toBeVisible();

  // One tile of each type.
  await addTile(page, 'Histogram', t.histogram);
  await addTile(page, 'Pie chart', t.pie);
  let expectedColour = '';
  await addTile(page, 'Count', t.count, async (dialog) => {
    const preview = dialog.getByTestId('tile-preview');
    await expect(preview.locator('[data-colour]')).toBeVisible({ timeout: 15_000 });
    const count = Number((await preview.locator('[data-colour]').innerText()).replace(/,/g, ''));
    expect(Number.isInteger(count)).toBe(true);
    // Off by default; switching it on turns on all three thresholds.
    const toggle = dialog.getByLabel('Conditional colouring');
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    for (const c of ['Red', 'Yellow', 'Green']) await expect(dialog.getByLabel(`Use ${c}`)).toBeChecked();
    // Red below yellow is refused with the spec's message.
    await dialog.getByLabel('Red from').fill('100');
    await dialog.getByLabel('Yellow from').fill('200');
    await expect(dialog.getByText('Values should be in decreasing order')).toBeVisible();
    // The count sits at the yellow threshold: yellow it is.
    await dialog.getByLabel('Red from').fill(String(count + 1));
    await dialog.getByLabel('Yellow from').fill(String(count));
    await dialog.getByLabel('Green from').fill(String(count - 1));
    await expect(dialog.getByText('Values should be in decreasing order')).toBeHidden();
    await dialog.getByRole('button', { name: 'Vibrant' }).click();
    expectedColour = 'yellow';
    await expect(preview.locator('[data-colour]')).toHaveAttribute('data-colour', 'yellow', { timeout: 15_000 });
    await snap(page, 'dashboard-tile-editor');
  });
  await addTile(page, 'Bar chart', t.bar);
  await addTile(page, 'Column chart', t.column, async (dialog) => {
    await chooseSelect(dialog, 'Group by', 'Company', page);
  });
  await addTile(page, 'Insight', t.insight, async (dialog) => {
    await chooseSelect(dialog, 'Insight type', 'Backup Not Updating', page);
  });

  // The Count tile shows the threshold colour as a vibrant fill (the theme's warning colour).
  const countTile = tile(page, t.count);
  await expect(countTile.locator('[data-colour]')).toHaveAttribute('data-colour', expectedColour);
  await expect(countTile.getByTestId('count-fill')).toHaveCSS('background-color', 'rgb(217, 154, 0)');

  // Drag the pie by its header next to the histogram, and widen the bar chart from its corner.
  const before = await dashboardNamed(request, name);
  const pieBefore = before.tiles.find((x) => x.title === t.pie)!;
  const barBefore = before.tiles.find((x) => x.title === t.bar)!;
  const grid = page.getByTestId('dashboard-grid');
  const gridBox = (await grid.boundingBox())!;
  const colStep = (gridBox.width - 18) / 12;
  const rowStep = 100 + 18;
  const pieHeader = tile(page, t.pie).getByRole('heading', { name: t.pie });
  await pieHeader.scrollIntoViewIfNeeded();
  const from = (await pieHeader.boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + 8);
  await page.mouse.down();
  const dx = (7 - pieBefore.col) * colStep;
  const dy = (0 - pieBefore.row) * rowStep;
  for (let k = 1; k <= 10; k++) await page.mouse.move(from.x + 20 + (dx * k) / 10, from.y + 8 + (dy * k) / 10);
  await page.mouse.up();
  await expect
    .poll(async () => (await dashboardNamed(request, name)).tiles.find((x) => x.title === t.pie)!.row, {
      timeout: 10_000,
    })
    .toBe(0);

  const barEl = page.locator(`[data-tile-id="${barBefore.id}"]`);
  await barEl.scrollIntoViewIfNeeded();
  const handle = barEl.locator('.react-resizable-handle');
  const hb = (await handle.boundingBox())!;
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++)
    await page.mouse.move(hb.x + hb.width / 2 + (2 * colStep * k) / 10, hb.y + hb.height / 2 + 4);
  await page.mouse.up();
  await expect
    .poll(async () => (await dashboardNamed(request, name)).tiles.find((x) => x.title === t.bar)!.sizeX, {
      timeout: 10_000,
    })
    .toBe(barBefore.sizeX + 2);

  // After a reload the tiles are where they were left.
  await page.reload();
  // A reload fetches the list and every tile's data again: allow for a busy machine.
  await expect(tile(page, t.pie)).toBeVisible({ timeout: 20_000 });
  const after = await dashboardNamed(request, name);
  const pieAfter = after.tiles.find((x) => x.title === t.pie)!;
  expect(pieAfter.row).toBe(0);
  expect(pieAfter.col).toBeGreaterThanOrEqual(6);
  expect(pieAfter.sizeX).toBe(pieAfter.sizeY);
  const histBox = (await tile(page, t.histogram).boundingBox())!;
  const pieBox = (await tile(page, t.pie).boundingBox())!;
  expect(Math.abs(pieBox.y - histBox.y)).toBeLessThan(4);
  expect(pieBox.x).toBeGreaterThan(histBox.x + histBox.width);
  const barBox = (await tile(page, t.bar).boundingBox())!;
  expect(barBox.width).toBeGreaterThan(colStep * (barBefore.sizeX + 2) - 30);

  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'dashboard-light');

  // The dark theme follows on the charts.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await snap(page, 'dashboard-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();

  // A pie slice opens its companies inside the tile; "Open in Audit" lands there with that status.
  const pie = tile(page, t.pie);
  await pie.locator('path.MuiPieChart-arc').last().click();
  const back = pie.getByRole('button', { name: 'Back' });
  await expect(back).toBeVisible();
  const status = (await pie.getByRole('list').getAttribute('aria-label'))!.replace(/ by company$/, '');
  expect(['Success', 'Warning', 'Failure', 'No Result', 'Pending']).toContain(status);
  await pie.getByRole('button', { name: 'Open in Audit' }).click();
  await expect(page).toHaveURL(/\/app\/audit$/);
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters.locator('.MuiChip-root', { hasText: status })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Status of the day' });
  await expect(summary.getByRole('button', { name: new RegExp(`^${status}: \\d+`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const rows = page.getByRole('grid', { name: 'Backups' }).locator('[role="row"][data-row-id]');
  await expect(rows.filter({ hasNotText: status })).toHaveCount(0);
  await page.goBack();

  // Share: a link that opens the dashboard read-only with no sign-in.
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toHaveText(name);
  await page.getByRole('button', { name: 'Dashboard menu' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: `Share · ${name}` });
  await expect(share.getByText('0 active links')).toBeVisible();
  await share.getByRole('button', { name: 'Generate link' }).click();
  const link = await share.getByTestId('share-link').inputValue();
  expect(link).toMatch(/dashboard-share\?token=/);
  await expect(share.getByText('1 active link')).toBeVisible();
  await share.getByRole('button', { name: 'Close' }).click();
  const shared = new URL(link);
  const token = shared.searchParams.get('token')!;

  const guest = await browser.newContext({ baseURL });
  const guestPage = await guest.newPage();
  await guestPage.setViewportSize({ width: 1280, height: 900 });
  await guestPage.goto(`${shared.pathname}${shared.search}`);
  await expect(guestPage.getByRole('heading', { name, level: 1 })).toBeVisible();
  for (const title of Object.values(t)) await expect(tile(guestPage, title)).toBeVisible();
  await expect(tile(guestPage, t.count).locator('[data-colour]')).toHaveAttribute('data-colour', 'yellow');
  await expect(guestPage.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await expect(guestPage.getByRole('button', { name: /^Tile menu/ })).toHaveCount(0);
  await snap(guestPage, 'dashboard-shared');

  // The token reads this dashboard and nothing else.
  const api = guest.request;
  expect((await api.get(`/api/dashboard-share?token=${token}`)).status()).toBe(200);
  const other = await request.post('/api/dashboard', {
    headers: await adminHeaders(request),
    data: { name: `Private ${run}` },
  });
  const otherId = (await other.json()).id as number;
  const otherTile = await request.post(`/api/dashboard/${otherId}/tile`, {
    headers: await adminHeaders(request),
    data: { title: 'Hidden', type: 'Count' },
  });
  expect(otherTile.ok()).toBe(true);
  const hiddenId = (await otherTile.json()).id as number;
  expect((await api.get(`/api/dashboard-share/${hiddenId}?token=${token}`)).status()).toBe(404);
  expect((await api.get('/api/dashboard', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  expect((await api.get(`/api/dashboard/${otherId}/tile?token=${token}`)).status()).toBe(401);
  expect((await api.get(`/api/dashboard-share?token=${token.slice(0, -2)}xx`)).status()).toBe(404);
  await guest.close();

  // Wall screen: the tiles alone, no edit controls; Esc brings the page back.
  await page.getByRole('button', { name: 'Dashboard menu' }).click();
  await page.getByRole('menuitem', { name: 'Wall screen refresh' }).click();
  const every = page.getByRole('dialog', { name: 'Wall screen refresh' });
  await expect(every.getByLabel('Refresh every (seconds)')).toHaveValue('60');
  await every.getByLabel('Refresh every (seconds)').fill('10');
  await expect(every.getByText('Enter a whole number of seconds from 30 to 3600')).toBeVisible();
  await expect(every.getByRole('button', { name: 'Save' })).toBeDisabled();
  await every.getByLabel('Refresh every (seconds)').fill('45');
  await every.getByRole('button', { name: 'Save' }).click();
  await expect(every).toBeHidden();
  await page.getByRole('button', { name: 'Wall screen' }).click();
  const wall = page.getByRole('dialog', { name: `${name} on the wall screen` });
  await expect(wall).toBeVisible();
  await expect(wall.getByText('Refreshes every 45 s')).toBeVisible();
  await expect(tile(page, t.histogram)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Tile menu/ })).toHaveCount(0);
  // The menu and top bar are covered: what sits at their place is the wall screen.
  for (const [x, y] of [
    [100, 100],
    [700, 20],
  ])
    expect(
      await page.evaluate(([px, py]) => !!document.elementFromPoint(px, py)?.closest('[role="dialog"]'), [x, y]),
    ).toBe(true);
  await page.keyboard.press('Escape');
  await expect(wall).toBeHidden();
  await expect(page.getByRole('button', { name: 'Wall screen' })).toBeVisible();

  // A client user sees a public dashboard once it is shared with them: no edit controls, and the API refuses a change.
  const perms = await request.get(`/api/dashboard/${after.id}/permissions`, { headers: await adminHeaders(request) });
  const clientRow = (await perms.json()).userPermissions.find(
    (p: { userEmail: string }) => p.userEmail === 'client@demo.local',
  );
  const shareWithClient = await request.put(`/api/dashboard/${after.id}/permissions`, {
    headers: await adminHeaders(request),
    data: { userPermissions: [{ userId: clientRow.userId, accessType: 0 }] },
  });
  expect(shareWithClient.ok(), await shareWithClient.text()).toBe(true);
  const viewer = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const viewerPage = await viewer.newPage();
  await signIn(viewerPage, 'client@demo.local');
  await expectShell(viewerPage);
  await viewerPage.goto('/app/dashboard');
  await chooseSelect(viewerPage, 'Dashboard', name, viewerPage);
  await expect(tile(viewerPage, t.pie)).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Add tile' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: /^Tile menu/ })).toHaveCount(0);
  await expect(viewerPage.locator('.react-resizable-handle:visible')).toHaveCount(0);
  const clientLogin = await request.post('/api/UserAuth/Login', {
    data: { UserName: 'client@demo.local', Password: DEMO_PASSWORD },
  });
  const asClient = { Authorization: `Bearer ${(await clientLogin.json()).accessToken}` };
  const refused = await request.put(`/api/dashboard/${after.id}/tile/position`, {
    headers: asClient,
    data: { positions: [{ id: pieAfter.id, row: 9, col: 0, sizeX: 2, sizeY: 2 }] },
  });
  expect(refused.status()).toBe(403);
  await viewer.close();

  // A small screen: the tiles stack in one column.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(tile(page, t.histogram)).toBeVisible();
  const a = (await tile(page, t.histogram).boundingBox())!;
  const b = (await tile(page, t.pie).boundingBox())!;
  expect(Math.abs(a.x - b.x)).toBeLessThan(2);
  expect(b.y).toBeGreaterThan(a.y + a.height);
  await snap(page, 'dashboard-small');
});
