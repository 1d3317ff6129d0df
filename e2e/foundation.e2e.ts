import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  currentTotp,
  expectShell,
  nextTotp,
  shot,
  signIn,
  signInWithForm,
  outboxTo,
  setPasswordPath,
} from './support.ts';

// The other journeys run with the system set to reduce motion (playwright.config.ts); these run as most users see the app.
test.use({ reducedMotion: 'no-preference' });

test('the demo admin signs in, switches theme, turns on MFA and signs back in with a code', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/page\/login/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await shot(page, 'login-light');

  await signInWithForm(page, 'admin@demo.local', 'Wrong!Pass1');
  await expect(page.getByText('The e-mail address or password is incorrect.')).toBeVisible();

  await signInWithForm(page, 'admin@demo.local');
  await expectShell(page);
  await expect(page.getByText('Demo MSP').first()).toBeVisible();
  // Signing in lands on the first screen of the menu, the Dashboard; Home shows the tenant's inbound address.
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByText('demo@inbound.localhost').first()).toBeVisible();
  await shot(page, 'home-light');

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).not.toBe('rgb(255, 255, 255)');
  await shot(page, 'home-dark');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/app\/profile/);
  await page.getByRole('button', { name: 'Enable multi-factor authentication' }).click();
  const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shot(page, 'profile-mfa-setup-dark');
  // Set up with the step showing now, so the sign-in below can use the next one at once.
  await page.getByLabel('Verification code').fill(currentTotp(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await shot(page, 'profile-light');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/page\/login/);

  await signInWithForm(page, 'admin@demo.local');
  const code = page.getByLabel('Verification code');
  await expect(code).toBeVisible();
  await shot(page, 'login-mfa-light');
  // A step after the one spent enabling MFA: accepted (a step at or below it would be refused).
  await code.fill(nextTotp(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectShell(page);
  await expect(page).toHaveURL(/\/app\//);
});

test('the shell works on a small screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'standard@demo.local');
  await expectShell(page);
  await shot(page, 'home-small-light');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
  await shot(page, 'drawer-small-light');
});

test('a platform admin impersonates the demo tenant and ends impersonation', async ({ page }) => {
  await signIn(page, 'root@vigil.local');
  await expectShell(page);
  await page.goto('/admin/tenants');
  const row = page.getByRole('row', { name: /Demo MSP/ });
  await expect(row).toBeVisible();
  await shot(page, 'admin-tenants-light');
  await row.getByRole('button', { name: 'Impersonate' }).click();
  await expect(page.getByRole('button', { name: 'End impersonation mode' })).toBeVisible();
  await expect(page.getByText('Demo MSP').first()).toBeVisible();
  await shot(page, 'impersonation-light');
  await page.getByRole('button', { name: 'End impersonation mode' }).click();
  await expect(page).toHaveURL(/\/admin\/tenants/);
  await expect(page.getByRole('button', { name: 'End impersonation mode' })).toHaveCount(0);
});

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  await page.goto('/page/recover');
  await page.getByLabel('Email').fill('client@demo.local');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/reset link is on its way/)).toBeVisible();

  // The platform admin reads the system outbox (the development mail transport).
  const link = setPasswordPath((await outboxTo(request, 'client@demo.local'))[0]);

  await page.goto(link);
  await page.getByLabel('New password').fill('weak');
  await page.getByLabel('Confirm password').fill('weak');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText(/Password must be at least 8 characters long/).first()).toBeVisible();
  await page.getByLabel('New password').fill('Fresh!Pass7');
  await page.getByLabel('Confirm password').fill('Fresh!Pass7');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('link', { name: /sign in/i }).click();
  await signIn(page, 'client@demo.local', 'Fresh!Pass7');
  await expectShell(page);

  // Later journeys sign in as this user with the demo password: put it back.
  const login = await request.post('/api/UserAuth/Login', {
    data: { UserName: 'client@demo.local', Password: 'Fresh!Pass7' },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const back = await request.post('/api/user/change-password', {
    headers,
    data: { OldPassword: 'Fresh!Pass7', NewPassword: DEMO_PASSWORD, ConfirmPassword: DEMO_PASSWORD },
  });
  expect(back.ok(), await back.text()).toBe(true);
});

test('menus move unless the system asks for reduced motion; then they appear at once', async ({ page }) => {
  await signIn(page, 'standard@demo.local');
  await expectShell(page);
  // While the menu is open the page behind it is hidden from assistive technology: find the button anyway.
  const account = page.getByRole('button', { name: 'Account menu', includeHidden: true });
  const menuPaper = page.getByRole('menu').locator('xpath=ancestor::div[contains(@class,"MuiPaper-root")][1]');
  const openMenu = async () => {
    await account.click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    // The transition the menu was given, and its longest duration in ms as the page applies it.
    return menuPaper.evaluate((el) => ({
      transition: (el as HTMLElement).style.transition,
      longestMs: Math.max(
        ...getComputedStyle(el)
          .transitionDuration.split(',')
          .map((d) => parseFloat(d) * 1000),
      ),
    }));
  };

  // As most users see it: the menu grows in and the button ripples.
  const moving = await openMenu();
  expect(moving.transition).toContain('opacity');
  expect(moving.longestMs).toBeGreaterThan(100);
  await expect(account.locator('.MuiTouchRipple-root')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  // The system asks for reduced motion: the menu appears without a transition, and no ripple.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const still = await openMenu();
  expect(still.transition).not.toContain('opacity');
  expect(still.longestMs).toBeLessThan(1);
  await expect(account.locator('.MuiTouchRipple-root')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
});
