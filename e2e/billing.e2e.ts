import { expect, test, type Page } from '@playwright/test';
import { ensureTenantAdminMfaOff, expectShell, signIn, docShot, switchTheme } from './support.ts';

const ADMIN = 'admin@demo.local';
const STANDARD = 'standard@demo.local';

/** The usage colour features §9 gives a count against a limit. */
function expectedStatus(count: number, limit: number | null): string {
  if (limit === null) return 'noResult';
  const ratio = count / limit;
  return ratio > 1 ? 'failure' : ratio >= 0.9 ? 'warning' : 'success';
}

async function activeUnits(page: Page): Promise<{ count: number; limit: number | null; status: string | null }> {
  const meter = page.getByRole('meter', { name: 'Active Units' });
  await expect(meter).toBeVisible();
  const text = (await meter.getAttribute('aria-valuetext')) ?? '';
  const m = /^([\d,]+)(?: of ([\d,]+))? active units/.exec(text);
  expect(m, text).not.toBeNull();
  const num = (s: string) => Number(s.replace(/,/g, ''));
  return {
    count: num(m![1]),
    limit: m![2] ? num(m![2]) : null,
    status: await page.getByTestId('usage-ActiveBackups').getAttribute('data-status'),
  };
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});

test('a tenant admin sees usage against the plan, changes plan, and reads the invoices', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);

  // The user menu leads to Billing and Invoices.
  await page.getByRole('button', { name: 'Account menu' }).click();
  const userMenu = page.getByRole('menu');
  await expect(userMenu.getByRole('menuitem')).toHaveText(['Profile', 'Billing', 'Invoices', 'Log out']);
  await userMenu.getByRole('menuitem', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();

  // The demo tenant starts on Starter; the usage bar is coloured by active units over its limit.
  const current = page.getByRole('region', { name: 'Current plan' });
  await expect(current.getByRole('heading', { name: 'Starter' })).toBeVisible();
  await expect(current).toContainText('$149/month');
  await expect(current).toContainText('Up to 100 active units');
  const before = await activeUnits(page);
  expect(before.limit).toBe(100);
  expect(before.status).toBe(expectedStatus(before.count, before.limit));
  const usage = page.getByRole('region', { name: 'Usage' });
  for (const label of [
    'Active Mailboxes Backups',
    'Active Workstations',
    'Active Backups',
    'Inactive Backups',
    'Retired Backups',
  ])
    await expect(usage.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Enterprise plan' })).toContainText('$1,499/month');
  await docShot(page, 'billing-light');

  // Change to Professional: a confirmation with the price, then the new plan and limit at once.
  const pro = page.getByRole('article', { name: 'Professional plan' });
  await pro.getByRole('button', { name: 'Choose Professional' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change to Professional' });
  await expect(dialog).toContainText(
    'Professional costs $499/month (up to 500 active units). The change applies at once.',
  );
  await docShot(page, 'billing-change-dialog');
  await dialog.getByRole('button', { name: 'Change plan' }).click();
  await expect(page.getByText('Your plan is now Professional.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(current.getByRole('heading', { name: 'Professional' })).toBeVisible();
  await expect(pro.getByText('Current plan')).toBeVisible();
  await expect(pro.getByRole('button', { name: 'Your plan' })).toBeDisabled();
  const after = await activeUnits(page);
  expect(after).toEqual({ count: before.count, limit: 500, status: expectedStatus(before.count, 500) });

  // It sticks: a reload shows the same plan.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Current plan' }).getByRole('heading', { name: 'Professional' }),
  ).toBeVisible();

  // Invoices: from the Settings menu, newest first, the open one counted in the heading.
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(page.getByText('1 open invoice, $149.00 due.')).toBeVisible();
  const rows = page.getByRole('table', { name: 'Invoices' }).locator('tbody tr');
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText('Open');
  await expect(rows.first()).toContainText('$149.00');
  await expect(rows.nth(1)).toContainText('Paid');
  const numbers = await rows.locator('td:first-child').allInnerTexts();
  expect([...numbers].sort().reverse()).toEqual(numbers);
  await docShot(page, 'invoices-light');

  // Dark theme.
  await switchTheme(page, 'dark');
  await docShot(page, 'invoices-dark');
  await nav.getByRole('link', { name: 'Billing', exact: true }).click();
  await expect(page.getByRole('meter', { name: 'Active Units' })).toBeVisible();
  await docShot(page, 'billing-dark');

  // Back to Starter when it still holds the units, so the journey can run again.
  const starter = page.getByRole('article', { name: 'Starter plan' });
  if (before.count <= 100) {
    await starter.getByRole('button', { name: 'Choose Starter' }).click();
    await page.getByRole('dialog', { name: 'Change to Starter' }).getByRole('button', { name: 'Change plan' }).click();
    await expect(page.getByText('Your plan is now Starter.')).toBeVisible();
  } else {
    await expect(starter).toContainText("exceed this plan's limit");
    await expect(starter.getByRole('button', { name: 'Choose Starter' })).toBeDisabled();
  }

  // Phone.
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('meter', { name: 'Active Units' })).toBeVisible();
  await docShot(page, 'billing-phone');
  await page.goto('/app/settings/invoices');
  await expect(page.getByRole('table', { name: 'Invoices' }).locator('tbody tr')).toHaveCount(6);
  await docShot(page, 'invoices-phone');
});

test('a standard user without the billing permissions has neither entry nor screen', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, STANDARD);
  await expectShell(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Profile', 'Log out']);
  await page.keyboard.press('Escape');
  await page.goto('/app/settings/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeHidden();
  await expect(page.getByRole('meter', { name: 'Active Units' })).toHaveCount(0);
});
