import { expect, test, type Page } from '@playwright/test';
import { startOidcProvider, type OidcStub } from '../packages/server/test/oidc-provider.ts';
import { clickToClose, ensureTenantAdminMfaOff, expectShell, shot } from './support.ts';

const ADMIN = 'admin@demo.local';
const port = Number(process.env.E2E_PORT ?? 8181);
const appOrigin = `http://127.0.0.1:${port}`;

let idp: OidcStub;

test.beforeAll(async () => {
  // The identity provider both buttons are configured with (playwright.config.ts): a real
  // OpenID Connect provider on loopback with a Microsoft and a Google client.
  idp = await startOidcProvider({
    port: port + 1000,
    clients: [
      {
        client_id: 'vigil-e2e-microsoft',
        client_secret: 'vigil-e2e-microsoft-secret',
        redirect_uris: [`${appOrigin}/api/auth/oidc/microsoft/callback`],
      },
      {
        client_id: 'vigil-e2e-google',
        client_secret: 'vigil-e2e-google-secret',
        redirect_uris: [`${appOrigin}/api/auth/oidc/google/callback`],
      },
    ],
  });
});
test.afterAll(async () => {
  await idp?.close();
});
test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});

async function switchTheme(page: Page, to: 'dark' | 'light'): Promise<void> {
  await page.getByRole('button', { name: `Switch to ${to} theme` }).click();
  await expect(page.getByRole('button', { name: `Switch to ${to === 'dark' ? 'light' : 'dark'} theme` })).toBeVisible();
  // Away from the toggle (no tooltip), and past the colour transition, before a screenshot.
  await page.mouse.move(1, 1);
  await page.waitForTimeout(600);
}

/** Clicks a provider button and signs in as `login` on the provider's page in the popup. */
async function signInAtProvider(page: Page, button: string, login: string, shotName?: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await popupOpened;
  const size = await popup.evaluate(() => ({ w: window.outerWidth, h: window.outerHeight }));
  expect(size).toEqual({ w: 700, h: 500 });
  await popup.getByPlaceholder('Enter any login').fill(login);
  await popup.getByPlaceholder('and password').fill('whatever-the-provider-checks');
  if (shotName) await shot(popup, shotName);
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  // The provider's consent page sends the popup back to Vigil, which hands over and closes it.
  await clickToClose(popup, popup.getByRole('button', { name: 'Continue' }));
}

test('the sign-in page offers Microsoft and Google in light, dark and on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/page/login');
  const microsoft = page.getByRole('button', { name: 'Sign in with Microsoft' });
  const google = page.getByRole('button', { name: 'Sign in with Google' });
  await expect(microsoft).toBeVisible();
  await expect(google).toBeVisible();
  await shot(page, 'sso-login-light');
  await switchTheme(page, 'dark');
  await shot(page, 'sso-login-dark');
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(microsoft).toBeVisible();
  const box = await microsoft.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await shot(page, 'sso-login-phone');
});

test('a technician signs in with Microsoft in the popup and lands in the app', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/page/login');
  await signInAtProvider(page, 'Sign in with Microsoft', ADMIN, 'sso-provider-popup');
  await expectShell(page);
  await expect(page).toHaveURL(/\/app/);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1000);
  await shot(page, 'sso-signed-in');
  // The session is a normal one: the stored auth names the user the provider vouched for.
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  expect(stored).toContain(ADMIN);
});

test('closing the popup cancels the sign-in, and an e-mail without a Vigil user is refused', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/page/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupOpened;
  await expect(popup.getByPlaceholder('Enter any login')).toBeVisible();
  await popup.close();
  await expect(page.getByRole('alert')).toHaveText('User cancelled the flow.');
  await shot(page, 'sso-cancelled');

  await signInAtProvider(page, 'Sign in with Google', 'stranger@nowhere.example');
  await expect(page.getByRole('alert')).toHaveText(
    'No Vigil user has the e-mail address stranger@nowhere.example. Ask an administrator of your organisation to add you.',
  );
  await expect(page).toHaveURL(/\/page\/login/);
  await shot(page, 'sso-unknown-email');
});
