import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectShell, settle, shot, signIn, switchTheme } from './support.ts';

async function openDemoDrawer(page: Page) {
  await page.goto('/admin/tenants');
  await page.getByRole('row', { name: /Demo MSP/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Tenant Demo MSP' });
  await expect(drawer.getByRole('heading', { name: 'Demo MSP' })).toBeVisible();
  return drawer;
}

test('a platform admin manages a tenant’s plan in its window: changes it, pauses and resumes, then restores it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'root@vigil.local');
  await expectShell(page);

  const drawer = await openDemoDrawer(page);
  const account = drawer.getByRole('region', { name: 'Account' });
  await expect(account).toContainText('Starter');

  // Manage plan opens the tenant's window.
  const opened = page.waitForEvent('popup');
  await drawer.getByRole('button', { name: 'Manage plan' }).click();
  const win = await opened;
  await win.setViewportSize({ width: 1100, height: 900 });
  await expect(win).toHaveURL(/\/window\/admin\/billing\/[a-z0-9]+$/);
  await expect(win.getByRole('heading', { name: 'Demo MSP' })).toBeVisible();
  const subscription = win.getByRole('region', { name: 'Subscription' });
  await expect(subscription.getByRole('heading', { name: 'Starter' })).toBeVisible();
  await expect(subscription).toContainText('Active');
  await expect(subscription).toContainText('$149/month');
  // Six months of recorded invoices in the demo.
  await expect(subscription.getByText('Invoices')).toBeVisible();
  await expect(subscription).toContainText('6');
  await expect(win.getByTestId('usage-ActiveBackups')).toBeVisible();
  await expect(win.getByRole('region', { name: 'Next charge' })).toContainText('Starter plan (monthly)');
  await expect(win.getByTestId('next-charge-total')).toHaveText('$149.00');
  await settle(win);
  await shot(win, 'admin-billing-window-light');

  // Change the plan: the confirmation names both plans and their prices.
  await win.getByRole('combobox', { name: 'Plan' }).click();
  await win.getByRole('option', { name: /Professional/ }).click();
  await win.getByRole('button', { name: 'Change plan' }).click();
  const confirm = win.getByRole('dialog', { name: 'Change plan' });
  await expect(confirm).toContainText('Move Demo MSP from Starter ($149/month) to Professional ($499/month)?');
  await settle(win);
  await shot(win, 'admin-billing-confirm-light');
  await confirm.getByRole('button', { name: 'Change plan' }).click();
  await expect(win.getByText('Demo MSP is now on Professional.')).toBeVisible();
  await expect(subscription.getByRole('heading', { name: 'Professional' })).toBeVisible();
  await expect(win.getByTestId('next-charge-total')).toHaveText('$499.00');
  // The drawer in the Admin Portal tab hears of it.
  await expect(account).toContainText('Professional');

  // A provider subscription id cannot be linked without a provider: the reason stays on screen.
  await win.getByRole('textbox', { name: 'Provider subscription id' }).fill('sub_1Q2w3E4r');
  await win.getByRole('button', { name: 'Link' }).click();
  await win.getByRole('dialog', { name: 'Link subscription' }).getByRole('button', { name: 'Link' }).click();
  const refusal = win.getByRole('alert').filter({ hasText: 'No billing provider is configured' });
  await expect(refusal).toBeVisible();
  await expect(win.getByRole('dialog', { name: 'Link subscription' })).toBeHidden();
  await expect(subscription).toContainText('Professional');
  await settle(win);
  await shot(win, 'admin-billing-error-light');
  await refusal.getByRole('button', { name: 'Close' }).click();
  await expect(refusal).toBeHidden();

  // Pause, then resume, each confirmed.
  await win.getByRole('button', { name: 'Pause' }).click();
  await win.getByRole('dialog', { name: 'Pause subscription' }).getByRole('button', { name: 'Pause' }).click();
  await expect(win.getByText('Demo MSP’s subscription is paused.')).toBeVisible();
  await expect(subscription).toContainText('Paused');
  await expect(win.getByRole('region', { name: 'Next charge' })).toContainText(
    'Nothing is due while the subscription is paused.',
  );
  await expect(account).toContainText(/paused/i);

  // Dark theme, switched in the Admin Portal tab, reaches the window too.
  await drawer.getByRole('button', { name: 'Close tenant details' }).click();
  await switchTheme(page, 'dark');
  await expect(win.locator('html')).toHaveCSS('color-scheme', 'dark');
  await settle(win);
  await shot(win, 'admin-billing-window-dark');
  await switchTheme(page, 'light');
  await page.getByRole('row', { name: /Demo MSP/ }).click();
  await expect(account).toContainText(/paused/i);

  await win.getByRole('button', { name: 'Resume' }).click();
  await win.getByRole('dialog', { name: 'Resume subscription' }).getByRole('button', { name: 'Resume' }).click();
  await expect(win.getByText('Demo MSP’s subscription is active again.')).toBeVisible();
  await expect(subscription).toContainText('Active');
  await expect(account).toContainText(/active/i);

  // Restore the plan it had.
  await win.getByRole('combobox', { name: 'Plan' }).click();
  await win.getByRole('option', { name: /Starter/ }).click();
  await win.getByRole('button', { name: 'Change plan' }).click();
  await win.getByRole('dialog', { name: 'Change plan' }).getByRole('button', { name: 'Change plan' }).click();
  await expect(win.getByText('Demo MSP is now on Starter.')).toBeVisible();
  await expect(account).toContainText('Starter');
  await win.close();

  // On a phone the window's screen opens in the same tab.
  await page.setViewportSize({ width: 390, height: 844 });
  const phoneDrawer = await openDemoDrawer(page);
  await phoneDrawer.getByRole('button', { name: 'Manage plan' }).click();
  await expect(page).toHaveURL(/\/window\/admin\/billing\/[a-z0-9]+$/);
  await expect(
    page.getByRole('region', { name: 'Subscription' }).getByRole('heading', { name: 'Starter' }),
  ).toBeVisible();
  await expect(page.getByTestId('next-charge-total')).toHaveText('$149.00');
  await settle(page);
  await shot(page, 'admin-billing-window-phone');
});

test('a coupon redeemed at sign-up shows as a discount on the tenant’s next charge', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The platform team makes a coupon; an MSP signs up with it on the public sign-up call.
  const login = await request.post('/api/UserAuth/Login', {
    data: { UserName: 'root@vigil.local', Password: DEMO_PASSWORD },
  });
  const token = (await login.json()).accessToken;
  const coupon = await request.post('/api/coupon/', {
    headers: { authorization: `Bearer ${token}` },
    data: { Code: 'LAUNCH25', Type: 1, Value: 25, Description: 'Launch offer' },
  });
  expect(coupon.status()).toBe(200);
  const signup = await request.post('/api/signup', {
    data: {
      CompanyName: 'Tidewater IT',
      FirstName: 'Tara',
      LastName: 'Tide',
      Email: 'tara@tidewater-it.test',
      Password: 'Tide!Water42',
      ConfirmPassword: 'Tide!Water42',
      PlanHandle: 'professional',
      Coupon: 'launch25',
    },
  });
  expect(signup.status()).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'root@vigil.local');
  await expectShell(page);
  await page.goto('/admin/tenants');
  await page.getByRole('row', { name: /Tidewater IT/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Tenant Tidewater IT' });
  const opened = page.waitForEvent('popup');
  await drawer.getByRole('button', { name: 'Manage plan' }).click();
  const win = await opened;
  await win.setViewportSize({ width: 1100, height: 900 });
  const charge = win.getByRole('region', { name: 'Next charge' });
  await expect(charge).toContainText('LAUNCH25: 25% off');
  await expect(charge).toContainText('Professional plan (monthly)');
  await expect(charge).toContainText('Coupon LAUNCH25 (25% off)');
  await expect(charge).toContainText('-$124.75');
  await expect(win.getByTestId('next-charge-total')).toHaveText('$374.25');
  // The plan has no trial days: the subscription starts active, its first period ending a month later.
  const subscription = win.getByRole('region', { name: 'Subscription' });
  await expect(subscription).toContainText('Active');
  await expect(subscription).toContainText('Period ends');
  await settle(win);
  await shot(win, 'admin-billing-discount-light');
});
