import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiHeaders,
  docShot,
  ensureTenantAdminMfaOff,
  expectShell,
  plainEmail,
  sendRawEmail,
  signIn,
  switchTheme,
} from './support.ts';
import { enableAlertRadarForDemo } from './alert-flag.ts';

const ADMIN = 'admin@demo.local';

/** Puts brAlertRadar back as it was before the journey. */
let restoreFlag: (() => Promise<void>) | null = null;

function tile(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

async function chooseSelect(scope: Page | Locator, label: string, option: string, page: Page): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const figure = async (t: Locator, name: string) =>
  Number((await t.getByTestId(`alert-tile-${name}`).innerText()).replace(/,/g, ''));

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
  restoreFlag = await enableAlertRadarForDemo(request);
});

test.afterEach(async () => {
  await restoreFlag?.();
  restoreFlag = null;
});

test('alert e-mails arrive and an Alert Radar tile on the dashboard counts them as the list does', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const title = `Alert Radar ${run}`;
  const admin = await apiHeaders(request, ADMIN);

  // The alert mailbox is active; two RAID alerts and a success notice arrive over SMTP.
  const activated = await request.patch('/api/alert-radar/mailbox/activate', {
    headers: admin,
    data: { IsActive: true },
  });
  expect(activated.ok(), await activated.text()).toBe(true);
  const to: string = (await activated.json()).EmailAddress;
  const mails = [
    {
      subject: `RAID degraded on NAS-07 ${run}`,
      body: 'The RAID volume Volume1 on NAS-07 is degraded.\nDisk 3 failed.\nStatus: Degraded\nPlease replace the failed disk.',
    },
    {
      subject: `Disk failure on FS-02 ${run}`,
      body: 'Critical: disk 2 on FS-02 has failed.\nStatus: Failed\nThe volume is degraded.',
    },
    {
      subject: `Backup completed successfully ${run}`,
      body: 'The nightly backup of SQL-01 completed successfully.\nStatus: Success\nNo errors.',
    },
  ];
  for (const m of mails)
    expect(
      await sendRawEmail(
        plainEmail({ from: 'monitor@nas07.office.example.com', to, subject: m.subject, body: m.body }),
        {
          from: 'monitor@nas07.office.example.com',
          to: [to],
        },
      ),
    ).toMatch(/^250/);
  await expect(async () => {
    const r = await request.post('/api/alert-radar/alert-emails', { headers: admin, data: { SearchBySubject: run } });
    const rows: { Assessment: number }[] = (await r.json()).Results;
    expect(rows.filter((x) => x.Assessment > 0)).toHaveLength(3);
  }).toPass({ timeout: 60_000 });

  // A new dashboard with an Alert Radar tile over today.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await page.goto('/app/dashboard');
  // The Alert Scope announcement, when it shows, is dismissed first.
  const promo = page.getByRole('dialog', { name: 'New: Alert Scope' });
  await promo
    .getByRole('button', { name: 'Dismiss' })
    .click({ timeout: 5000 })
    .catch(() => undefined);
  const create = page.getByRole('button', { name: 'Create dashboard' });
  const menu = page.getByRole('button', { name: 'Dashboard menu' });
  await expect(create.or(menu)).toBeVisible();
  if (await create.isVisible()) await create.click();
  else {
    await menu.click();
    await page.getByRole('menuitem', { name: 'New dashboard' }).click();
  }
  const nameDialog = page.getByRole('dialog', { name: 'New dashboard' });
  await nameDialog.getByLabel('Dashboard name').fill(`Alerts ${run}`);
  await nameDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toHaveText(`Alerts ${run}`);

  await page.getByRole('main').getByRole('button', { name: 'Add tile' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add tile' });
  await chooseSelect(dialog, 'Tile type', 'Alert Radar', page);
  await dialog.getByLabel('Title').fill(title);
  // Only the filters that apply to alert e-mails.
  await expect(dialog.getByRole('combobox', { name: 'Vendors' })).toHaveCount(0);
  await expect(dialog.getByLabel('Days without success')).toHaveCount(0);
  await chooseSelect(dialog, 'Date range', 'Today', page);
  const preview = dialog.getByTestId('tile-preview');
  await expect(preview.getByTestId('alert-tile-negative')).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Add tile' }).click();
  await expect(dialog).toBeHidden();

  const card = tile(page, title);
  await expect(card.getByTestId('alert-tile-negative')).toBeVisible();
  const counts = {
    negative: await figure(card, 'negative'),
    neutral: await figure(card, 'neutral'),
    positive: await figure(card, 'positive'),
  };
  expect(counts.negative + counts.neutral + counts.positive).toBeGreaterThanOrEqual(3);
  expect(counts.negative).toBeGreaterThanOrEqual(1);
  // The newest Negative alerts name one of ours.
  await expect(card.getByRole('list', { name: 'Newest Negative alerts' })).toContainText(run);
  await expect(page.getByText('Tile added')).toBeHidden({ timeout: 15_000 });
  await docShot(page, 'dashboard-alert-tile-light');
  await switchTheme(page, 'dark');
  await docShot(page, 'dashboard-alert-tile-dark');
  await switchTheme(page, 'light');

  // Each figure opens the Alert Radar list on today and that assessment, with the same number.
  for (const [name, label] of [
    ['negative', 'Negative'],
    ['neutral', 'Neutral'],
    ['positive', 'Positive'],
  ] as const) {
    await card.getByRole('button', { name: `Open ${label} alerts` }).click();
    await expect(page).toHaveURL(/\/app\/alerts-alpha\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d&assessment=[123]$/);
    await expect(page.getByRole('heading', { name: 'Alert e-mails', level: 1 })).toBeVisible();
    const n = counts[name];
    await expect(page.getByText(`${n} alert e-mail${n === 1 ? '' : 's'}`, { exact: true }).first()).toBeVisible();
    await page.goBack();
    await expect(card.getByTestId('alert-tile-negative')).toBeVisible();
  }

  // On a phone the tile stacks full width.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const small = await phone.newPage();
  await signIn(small, ADMIN);
  await expectShell(small);
  await small.goto('/app/dashboard');
  const picker = small.getByRole('combobox', { name: 'Dashboard' });
  await expect(picker).toBeVisible();
  if ((await picker.innerText()).trim() !== `Alerts ${run}`)
    await chooseSelect(small, 'Dashboard', `Alerts ${run}`, small);
  await expect(tile(small, title).getByTestId('alert-tile-negative')).toHaveText(String(counts.negative));
  await docShot(small, 'dashboard-alert-tile-phone');
  await phone.close();
});
