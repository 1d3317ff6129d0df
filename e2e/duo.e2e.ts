import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startDuoStub, type DuoStub } from '../packages/server/test/duo-stub.ts';
import { DEMO_PASSWORD, docShot, ensureTenantAdminMfaOff, expectShell, signIn, switchTheme } from './support.ts';

const ADMIN = 'admin@demo.local';
const port = Number(process.env.E2E_PORT ?? 8181);
const app = { clientId: 'DIE2EDUOAPPLICATION0', clientSecret: 'e2e-duo-client-secret-forty-characters-0' };

let duo: DuoStub;

// Duo's stub serves HTTPS with a self-signed certificate; the server trusts it through
// DUO_EXTRA_CA_FILE (playwright.config.ts), the browser is told to accept it.
test.use({ ignoreHTTPSErrors: true });

test.beforeAll(async () => {
  duo = await startDuoStub({
    apps: [app],
    port: port + 1002,
    caFile: path.join(tmpdir(), `vigil-e2e-duo-ca-${port}.pem`),
  });
});

/** The administrator's session whatever the second factor: through Duo's stub when Duo is asked. */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/UserAuth/Login', { data: { UserName: ADMIN, Password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  let pair = await login.json();
  if (pair.duoRequired) {
    const back = new URL(await duo.approve(pair.duoUrl));
    const done = await request.post('/api/UserAuth/duo', {
      data: {
        state: back.searchParams.get('state'),
        duo_code: back.searchParams.get('duo_code'),
        challengeToken: pair.challengeToken,
      },
    });
    expect(done.ok(), await done.text()).toBe(true);
    pair = await done.json();
  }
  return { Authorization: `Bearer ${pair.accessToken}` };
}

test.afterAll(async ({ request }) => {
  // Other journeys sign the administrator in with the password alone.
  const off = await request.put('/api/tenants/second-factor', {
    headers: await adminHeaders(request),
    data: { Method: 'authenticator' },
  });
  expect(off.ok()).toBe(true);
  await duo?.close();
});

async function signOut(page: Page): Promise<void> {
  await page.goto('/page/logout');
  await expect(page).toHaveURL(/\/page\/login/);
}

test('an administrator switches sign-in to Duo, and the next sign-in goes through Duo', async ({ page, request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await page.goto('/app/settings/tenant');
  const section = page.getByRole('heading', { name: 'Two-factor sign-in' });
  await expect(section).toBeVisible();
  await page.getByRole('radio', { name: /Duo Security/ }).check();
  await page.getByLabel('Client ID').fill(app.clientId);
  await page.getByLabel('Client secret').fill(app.clientSecret);
  await page.getByLabel('API hostname').fill('127.0.0.1:9');
  await page.getByRole('button', { name: 'Save two-factor sign-in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Duo did not accept these settings' })).toBeVisible();
  await page.getByLabel('API hostname').fill(duo.apiHost);
  await page.getByRole('button', { name: 'Save two-factor sign-in' }).click();
  await expect(page.getByText('Duo is now asked at sign-in')).toBeVisible();
  await expect(page.getByText('Stored; leave empty to keep it')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await docShot(page, 'duo-setting-light');
  await switchTheme(page, 'dark');
  await docShot(page, 'duo-setting-dark');
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  const close = page.getByRole('button', { name: /close/i }).last();
  if (await close.isVisible()) await close.click();
  // The section's heading right under the sticky top bar.
  await page
    .getByRole('button', { name: 'Request account deletion' })
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await docShot(page, 'duo-setting-phone');

  await page.setViewportSize({ width: 1440, height: 900 });
  await signOut(page);
  await signIn(page, ADMIN);
  // Duo's prompt (the stub's page), then back to Vigil's /page/duo and into the app.
  await expect(page.getByRole('heading', { name: 'Duo Security' })).toBeVisible();
  await expect(page.getByText(`Approve the sign-in of ${ADMIN}?`)).toBeVisible();
  await page.getByRole('link', { name: 'Approve' }).click();
  await expectShell(page);
  await expect(page).toHaveURL(/\/app/);
});

test('a sign-in denied at Duo is refused with a clear message', async ({ page, request }) => {
  const on = await request.put('/api/tenants/second-factor', {
    headers: await adminHeaders(request),
    data: { Method: 'duo', DuoClientId: app.clientId, DuoClientSecret: app.clientSecret, DuoApiHost: duo.apiHost },
  });
  expect(on.ok(), await on.text()).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Duo Security' })).toBeVisible();
  await page.getByRole('link', { name: 'Deny' }).click();
  await expect(page).toHaveURL(/\/page\/duo/);
  await expect(page.getByRole('alert')).toHaveText('Duo did not confirm the sign-in. Sign in again.');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/page\/login/);
});
