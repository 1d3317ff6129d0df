import { expect, test, type Page } from '@playwright/test';
import {
  apiHeaders,
  choosePasswordAndSignIn,
  docShot,
  expectNoSideScroll,
  expectShell,
  openMenuEntry,
  outboxTo,
  setPasswordPath,
  signIn,
  switchTheme,
} from './support.ts';

/**
 * A client user sees what fits them: their companies' protection on Home, no provider onboarding,
 * no provider-only screens; staff see company names in User Management and Backup Plans in Manage.
 */
const CLIENT = 'client@demo.local';
const ADMIN = 'admin@demo.local';
const RUN = Date.now().toString(36);
const NEWCOMER = `newcomer.${RUN}@demo.local`;

interface HomeCompany {
  Id: number;
  Name: string;
}

/** Holds back the requests to `pattern` until the returned function is called (then lets every one through). */
async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return open;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('a client user lands on their companies, and sees no provider-only screen', async ({ page, request }) => {
  const asClient = await apiHeaders(request, CLIENT);
  const mine: HomeCompany[] = (await (await request.get('/api/home/companies', { headers: asClient })).json())
    .Companies;
  const all: HomeCompany[] = (
    await (await request.get('/api/home/companies', { headers: await apiHeaders(request, ADMIN) })).json()
  ).Companies;
  expect(mine.length).toBe(2);
  const others = all.filter((c) => !mine.some((m) => m.Id === c.Id));
  expect(others.length).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, CLIENT);
  await expectShell(page);
  await expect(page).toHaveURL(/\/app\/navigate$/);
  await expect(page.getByRole('heading', { name: /^Hello, Casey/ })).toBeVisible();
  for (const c of mine) await expect(page.getByRole('region', { name: c.Name })).toBeVisible();
  for (const c of others) await expect(page.getByRole('region', { name: c.Name })).toHaveCount(0);
  // No provider onboarding.
  await expect(page.getByText('Getting started')).toHaveCount(0);
  await expect(page.getByText('Your inbound e-mail address')).toHaveCount(0);

  // No Daily Activity, Manage, Tickets, Integration or Settings; Reporting without administrative reports.
  const menu = nav(page);
  for (const hidden of ['Daily Activity', 'Manage', 'Tickets', 'Integration', 'Settings', 'Insights'])
    await expect(
      menu.getByRole('button', { name: hidden, exact: true }).or(menu.getByRole('link', { name: hidden, exact: true })),
    ).toHaveCount(0);
  await docShot(page, 'client-home-light');

  await openMenuEntry(page, 'On Demand', 'Reporting');
  await expect(page.getByText('Daily Results').first()).toBeVisible();
  await expect(page.getByText('Administrative Reports')).toHaveCount(0);
  await expect(page.getByText('User Activity')).toHaveCount(0);

  // The dashboards list holds none of the provider's NOC boards.
  const boards = await (await request.get('/api/dashboard', { headers: asClient })).json();
  expect(boards).toEqual([]);
  await openMenuEntry(page, 'Dashboard');
  await expect(page.getByText('No dashboards yet')).toBeVisible();
  await expect(page.getByText('No dashboard has been shared with you yet.')).toBeVisible();

  // Home's Audit link opens Audit for that company.
  await openMenuEntry(page, 'Home');
  await page.getByRole('link', { name: `Open Audit for ${mine[0].Name}` }).click();
  await expect(page).toHaveURL(/\/app\/audit$/);

  // Dark theme and a phone.
  await openMenuEntry(page, 'Home');
  await expect(page.getByRole('region', { name: mine[0].Name })).toBeVisible();
  await switchTheme(page, 'dark');
  await docShot(page, 'client-home-dark');
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: mine[0].Name })).toBeVisible();
  // Every card fits the phone's width: nothing runs off the screen.
  for (const c of mine) {
    const card = page.getByRole('region', { name: c.Name });
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const spill = await card.evaluate((el) => {
      const right = el.getBoundingClientRect().right + 1;
      return Array.from(el.querySelectorAll('*')).filter((x) => x.getBoundingClientRect().right > right).length;
    });
    expect(spill, `${c.Name}: elements past the card's edge`).toBe(0);
  }
  await expectNoSideScroll(page, 390);
  await docShot(page, 'client-home-phone');
});

test('a client user without companies is told so', async ({ page, request }) => {
  const asAdmin = await apiHeaders(request, ADMIN);
  const created = await request.post('/api/user', {
    headers: asAdmin,
    data: { Email: NEWCOMER, Level: 1, FirstName: 'Nia', LastName: 'Newcomer' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const link = setPasswordPath((await outboxTo(request, NEWCOMER))[0]);
  await choosePasswordAndSignIn(page, link, NEWCOMER, 'Newcomer!Pass7');
  await page.goto('/app');
  await expect(page).toHaveURL(/\/app\/navigate$/);
  await expect(page.getByText('Your provider has not assigned any companies to you')).toBeVisible();
});

test('User Management names the companies of a client user; the demo shows Backup Plans', async ({ page, request }) => {
  const asClient = await apiHeaders(request, CLIENT);
  const mine: HomeCompany[] = (await (await request.get('/api/home/companies', { headers: asClient })).json())
    .Companies;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  // Backup plans are on in the demo: Manage → Backup Plans, and Audit stays in the menu.
  await expect(nav(page).getByRole('link', { name: 'Audit', exact: true })).toBeVisible();
  await openMenuEntry(page, 'Backup Plans', 'Manage');
  await expect(page).toHaveURL(/\/app\/manage\/backup-plans$/);

  // Home's getting-started steps link to the screens they name.
  await openMenuEntry(page, 'Home');
  await page.getByRole('link', { name: 'Open Activate Backups' }).click();
  await expect(page).toHaveURL(/\/app\/manage\/activate-backups$/);

  // Loading states: the outline of the screen, never an empty field or a blank area.
  const release = await holdRequests(page, '**/api/constant/timezones');
  await page.goto('/app/settings/tenant');
  await expect(page.getByRole('progressbar', { name: 'Loading tenant settings' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveCount(0);
  release();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).not.toHaveValue('');

  const releaseBoards = await holdRequests(page, '**/api/dashboard');
  await page.goto('/app/dashboard');
  await expect(page.getByRole('progressbar', { name: 'Loading dashboard' })).toBeVisible();
  releaseBoards();

  const releaseUsers = await holdRequests(page, '**/api/user/partner*');
  await page.goto('/app/settings/user-management/users');
  await expect(page.getByRole('grid', { name: 'Users' })).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('.MuiSkeleton-root').first()).toBeVisible();
  releaseUsers();

  await page.getByRole('button', { name: 'Client users' }).click();
  const row = page.getByRole('row', { name: new RegExp(CLIENT.replace(/\./g, '\\.')) });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Restricted');
  for (const c of mine) await expect(row).toContainText(c.Name);
});
