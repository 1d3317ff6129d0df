import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  ensureTenantAdminMfaOff,
  expectShell,
  nextTotp,
  openMenuEntry,
  shot,
  signIn,
} from './support.ts';

const ADMIN = 'admin@demo.local';
const STANDARD = 'standard@demo.local';

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/UserAuth/Login', { data: { UserName: ADMIN, Password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  return { Authorization: `Bearer ${(await login.json()).accessToken}` };
}

/** Puts the demo back as it was: the standard user signs in with the password alone. */
async function twoFactorOff(request: APIRequestContext): Promise<void> {
  const headers = await adminHeaders(request);
  const list = await request.get('/api/user/partner', { headers });
  const user = (await list.json()).find((u: { Email: string }) => u.Email === STANDARD);
  expect(user, `${STANDARD} in the demo`).toBeTruthy();
  const off = await request.post('/api/user/disable-two-factor', { headers, data: { Ids: [user.Id] } });
  expect(off.ok(), await off.text()).toBe(true);
}

/** Away from the toggle (its tooltip gone), every transition ended or cancelled: ready for a screenshot. */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

async function switchTheme(page: Page, to: 'light' | 'dark'): Promise<void> {
  await page.getByRole('button', { name: `Switch to ${to} theme` }).click();
  await expect(page.getByRole('button', { name: `Switch to ${to === 'dark' ? 'light' : 'dark'} theme` })).toBeVisible();
  await settle(page);
}

test.afterEach(async ({ request }) => twoFactorOff(request));

test('an admin requires two-factor sign-in; the user sets up an authenticator while signing in', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(20_000);
  await ensureTenantAdminMfaOff(request, ADMIN);
  await twoFactorOff(request);

  // The admin requires it in Settings → User Management.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await openMenuEntry(page, 'User Management', 'Settings');
  await expect(page).toHaveURL(/\/app\/settings\/user-management\/users$/);
  const grid = page.getByRole('grid', { name: 'Users' });
  const row = grid.getByRole('row', { name: new RegExp(STANDARD.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Off');
  await row.getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Require 2FA' }).click();
  const confirm = page.getByRole('dialog', { name: 'Require two-factor sign-in' });
  await expect(confirm).toContainText('at their next sign-in');
  await confirm.getByRole('button', { name: 'Require' }).click();
  await expect(page.getByText('Required two-factor sign-in for 1 user')).toBeVisible();
  await expect(row).toContainText('Set-up pending');
  await shot(page, 'two-factor-users-pending-light');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/page\/login/);

  // The user's password alone no longer gets in: the set-up step shows the QR code and the key.
  await signIn(page, STANDARD);
  await expect(page.getByRole('heading', { name: 'Add an authenticator' })).toBeVisible();
  await expect(page.getByText('Your administrator requires two-factor sign-in.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  const secretBox = page.getByTestId('mfa-secret');
  const code = page.getByLabel('Verification code');
  const confirmButton = page.getByRole('button', { name: 'Turn on and sign in' });
  const first = (await secretBox.innerText()).replace(/\s+/g, '');
  expect(first).toMatch(/^[A-Z2-7]{32}$/);

  await expect(confirmButton).toBeEnabled();
  await settle(page);
  await shot(page, 'two-factor-setup-light');
  await switchTheme(page, 'dark');
  await shot(page, 'two-factor-setup-dark');
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await confirmButton.scrollIntoViewIfNeeded();
  const box = await confirmButton.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'two-factor-setup-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A new key replaces the old one; a code of the old key is refused on the field.
  await page.getByRole('button', { name: 'Use a new key' }).click();
  await expect(secretBox).not.toHaveText(first);
  const secret = (await secretBox.innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await code.fill(nextTotp(first));
  await confirmButton.click();
  await expect(page.getByText('That code does not match the authenticator set-up.', { exact: false })).toBeVisible();

  // The first good code turns two-factor on, shows the ten recovery codes once, then lands in the app.
  await code.fill(nextTotp(secret));
  await confirmButton.click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in is on' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectShell(page);
  await expect(page).toHaveURL(/\/app\//);
  const headers = await adminHeaders(request);
  const users = await (await request.get('/api/user/partner', { headers })).json();
  expect(users.find((u: { Email: string }) => u.Email === STANDARD)).toMatchObject({
    MfaEnabled: true,
    MfaSetupRequired: false,
  });

  // The next sign-in asks for the code of the new authenticator.
  const again = await request.post('/api/UserAuth/Login', { data: { UserName: STANDARD, Password: DEMO_PASSWORD } });
  expect(await again.json()).toMatchObject({ mfaRequired: true });
});
