import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  csvReportEmail,
  DEMO_PASSWORD,
  ensureTenantAdminMfaOff,
  expectShell,
  sendRawEmail,
  shot,
  signIn,
} from './support.ts';

const ADMIN = 'admin@demo.local';
const INBOUND = 'demo@inbound.localhost';

/** Opens a Manage screen from the main menu. */
async function openManage(page: Page, title: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const entry = nav.getByRole('link', { name: title, exact: true });
  if (!(await entry.isVisible())) await nav.getByRole('button', { name: 'Manage', exact: true }).click();
  await entry.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

function rowsOf(page: Page, grid: string): Locator {
  return page.getByRole('grid', { name: grid }).locator('[role="row"][data-row-id]');
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search', { exact: true }).fill(text);
}

async function select(row: Locator): Promise<void> {
  await row.getByRole('checkbox', { name: 'Select row' }).check();
}

async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(500);
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});

test('a technician activates new backups from e-mails that just arrived, retires one and merges two', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const device = (n: string) => `hd-${run}-${n}`;
  const now = new Date(Date.now() - 60 * 60 * 1000);
  // Five backups report for the first time, over SMTP.
  expect(
    await sendRawEmail(
      csvReportEmail({
        from: 'Harbor Dental Backups <backups@harbordental.example>',
        to: INBOUND,
        rows: ['nas', 'srv', 'ws', 'old', 'new'].map((n) => ({
          device: device(n),
          job: `Nightly ${n}`,
          status: n === 'ws' ? 'Warning' : 'Success',
          at: now,
        })),
      }),
      { from: 'backups@harbordental.example', to: [INBOUND] },
    ),
  ).toMatch(/^250 /);

  // Wait until the intake has parsed them (the API answers what the screen will show).
  const login = await request.post('/api/UserAuth/Login', { data: { UserName: ADMIN, Password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  await expect
    .poll(
      async () =>
        (await (await request.post('/api/backup/inactive', { headers, data: { Search: `hd-${run}` } })).json()).Total,
      { timeout: 30_000 },
    )
    .toBe(5);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);

  // Activate Backups: the three new ones, in one popup window.
  await openManage(page, 'Activate Backups');
  await search(page, `hd-${run}`);
  const inactive = rowsOf(page, 'Activate Backups');
  await expect(inactive).toHaveCount(5);
  for (const n of ['nas', 'srv', 'ws']) await select(inactive.filter({ hasText: device(n) }));
  await settle(page);
  await shot(page, 'manage-activate-selected');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Activate (3)' }).click();
  const win = await popup;
  await win.waitForLoadState();
  await expect(win.getByRole('heading', { name: 'Activate 3 backups' })).toBeVisible();
  await win.getByRole('combobox', { name: 'Schedule' }).click();
  await win.getByRole('option', { name: 'Every day', exact: true }).click();
  await win.getByLabel('Tags').fill('Harbor');
  await win.getByLabel('Tags').press('Enter');
  await shot(win, 'manage-activate-window');
  const closed = win.waitForEvent('close');
  await win.getByRole('button', { name: 'Activate 3 backups' }).click();
  await closed;
  await expect(inactive).toHaveCount(2);

  // Edit Backups lists them; Audit counts them.
  await openManage(page, 'Edit Backups');
  await search(page, `hd-${run}`);
  const active = rowsOf(page, 'Edit Backups');
  await expect(active).toHaveCount(3);
  await expect(active.filter({ hasText: device('ws') })).toContainText('Every day');

  // Activate the other two as well, then merge them: "old" was renamed "new".
  await openManage(page, 'Activate Backups');
  await search(page, `hd-${run}`);
  await select(inactive.filter({ hasText: device('old') }));
  await select(inactive.filter({ hasText: device('new') }));
  const popup2 = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Activate (2)' }).click();
  const win2 = await popup2;
  await win2.waitForLoadState();
  const closed2 = win2.waitForEvent('close');
  await win2.getByRole('button', { name: 'Activate 2 backups' }).click();
  await closed2;

  await openManage(page, 'Edit Backups');
  await search(page, `hd-${run}`);
  await expect(active).toHaveCount(5);
  await select(active.filter({ hasText: device('old') }));
  await select(active.filter({ hasText: device('new') }));
  await page.getByRole('button', { name: 'Merge' }).click();
  const mergeDialog = page.getByRole('dialog', { name: 'Merge two backups' });
  await mergeDialog.getByRole('radio', { name: new RegExp(`Nightly new · ${device('new')}`) }).check();
  await shot(page, 'manage-merge');
  await mergeDialog.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText('Backups merged')).toBeVisible();
  await expect(active).toHaveCount(4);
  await expect(active.filter({ hasText: device('old') })).toHaveCount(0);

  // Retire one: it leaves the list and shows under Retired Backups.
  await select(active.filter({ hasText: device('srv') }));
  await page.getByRole('button', { name: 'Retire' }).click();
  await expect(page.getByText('Backups retired')).toBeVisible();
  await expect(active).toHaveCount(3);
  await openManage(page, 'Retired Backups');
  await search(page, `hd-${run}`);
  await expect(rowsOf(page, 'Retired Backups')).toHaveCount(1);
  await expect(rowsOf(page, 'Retired Backups')).toContainText(device('srv'));
  await settle(page);
  await shot(page, 'manage-retired');

  // The overview counts what is monitored.
  await openManage(page, 'Overview');
  await expect(page.getByTestId('count-RetiredPolicies')).not.toContainText('0');
  await settle(page);
  await shot(page, 'manage-overview');
});
