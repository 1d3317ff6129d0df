import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  docShot,
  ensureTenantAdminMfaOff,
  expectNoSideScroll,
  expectShell,
  nextTotp,
  settle,
  signIn,
  switchTheme,
} from './support.ts';

const ADMIN = 'admin@demo.local';
const STANDARD = 'standard@demo.local';

/**
 * Puts the demo back as it was: the standard user signs in with the password alone. The
 * administrator may have two-factor on from another journey run before this one on the same server.
 */
async function twoFactorOff(request: APIRequestContext): Promise<void> {
  await ensureTenantAdminMfaOff(request, ADMIN);
  const login = await request.post('/api/UserAuth/Login', { data: { UserName: ADMIN, Password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const list = await request.get('/api/user/partner', { headers });
  const user = (await list.json()).find((u: { Email: string }) => u.Email === STANDARD);
  const off = await request.post('/api/user/disable-two-factor', { headers, data: { Ids: [user.Id] } });
  expect(off.ok(), await off.text()).toBe(true);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/page\/login/);
}

async function recoverySignIn(page: Page, code: string): Promise<void> {
  await signIn(page, STANDARD);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test.afterEach(async ({ request }) => twoFactorOff(request));

test('recovery codes: shown once at set-up, downloadable, each signs in once, regenerated behind the password', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  page.setDefaultTimeout(20_000);
  await twoFactorOff(request);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Profile → turn on two-factor sign-in: the first good code shows the ten codes.
  await signIn(page, STANDARD);
  await expectShell(page);
  await page.goto('/app/profile');
  await page.getByRole('button', { name: 'Enable multi-factor authentication' }).click();
  const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
  const usedTotp = nextTotp(secret);
  await page.getByLabel('Verification code').fill(usedTotp);
  await page.getByRole('button', { name: 'Confirm' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  await expect(page.getByText('They are shown only now.', { exact: false })).toBeVisible();

  // The .txt download holds the same codes.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download (.txt)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('vigil-recovery-codes.txt');
  const text = readFileSync((await download.path())!, 'utf8');
  for (const c of codes) expect(text).toContain(c);
  expect(text).toContain(STANDARD);

  await settle(page);
  await docShot(page, 'recovery-codes-light');
  await switchTheme(page, 'dark');
  await settle(page);
  await docShot(page, 'recovery-codes-dark');
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await list.scrollIntoViewIfNeeded();
  await expectNoSideScroll(page, 390);
  await settle(page);
  await docShot(page, 'recovery-codes-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Saved: they are not shown again; the card counts what is left.
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(list).toHaveCount(0);
  await expect(page.getByTestId('recovery-codes-left')).toContainText('10 of 10 left');
  await signOut(page);

  // Without the phone: a recovery code in place of the authenticator's code.
  await signIn(page, STANDARD);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await settle(page);
  await docShot(page, 'recovery-code-sign-in');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectShell(page);
  await page.goto('/app/profile');
  await expect(page.getByTestId('recovery-codes-left')).toContainText('9 of 10 left');
  await settle(page);
  await docShot(page, 'recovery-codes-left');
  await signOut(page);

  // The same code a second time is refused.
  await recoverySignIn(page, codes[0]!);
  await expect(page.getByRole('alert')).toContainText('The recovery code is not valid or was already used.');

  // New codes need the password; the old ones stop working.
  await page.getByRole('button', { name: 'Use the code from my authenticator app' }).click();
  // A code is taken once: wait for the authenticator to show a new one if the run was quick.
  await expect.poll(() => nextTotp(secret), { timeout: 35_000, intervals: [1000] }).not.toBe(usedTotp);
  await page.getByLabel('Verification code').fill(nextTotp(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectShell(page);
  await page.goto('/app/profile');
  await page.getByRole('button', { name: 'Create new recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create new recovery codes?' });
  await dialog.getByLabel('Password').fill('not the password');
  await dialog.getByRole('button', { name: 'Create new codes' }).click();
  await expect(dialog.getByText('The current password is not correct.')).toBeVisible();
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Create new codes' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const fresh = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  expect(fresh.some((c) => codes.includes(c))).toBe(false);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByTestId('recovery-codes-left')).toContainText('10 of 10 left');
  await signOut(page);

  await recoverySignIn(page, codes[1]!);
  await expect(page.getByRole('alert')).toContainText('The recovery code is not valid or was already used.');
  await page.getByLabel('Recovery code').fill(fresh[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectShell(page);
});
