import { expect, test, type Page } from '@playwright/test';
import { startOidcProvider, type OidcStub } from '../packages/server/test/oidc-provider.ts';
import { apiHeaders, docShot, ensureTenantAdminMfaOff, expectShell, switchTheme } from './support.ts';

const ADMIN = 'admin@demo.local';
const port = Number(process.env.E2E_PORT ?? 8181);
const appOrigin = `http://127.0.0.1:${port}`;

let idp: OidcStub;

test.beforeAll(async () => {
  // The parent platform (playwright.config.ts points SCALEPAD_ISSUER here): a real OpenID
  // Connect provider on loopback whose ID tokens carry the account id.
  idp = await startOidcProvider({
    port: port + 1001,
    clients: [
      {
        client_id: 'vigil-e2e-scalepad',
        client_secret: 'vigil-e2e-scalepad-secret',
        redirect_uris: [`${appOrigin}/page/scalePad/login`, `${appOrigin}/page/scalePad/signup`],
      },
    ],
    profileClaims: ['account_id', 'account_name'],
  });
});
test.afterAll(async () => {
  await idp?.close();
});
test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});

/** Signs in as `login` on the parent platform's page; it sends the browser back to Vigil. */
async function signInAtScalePad(page: Page, login: string): Promise<void> {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('whatever-the-platform-checks');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function linkDemoTenant(request: Parameters<typeof apiHeaders>[0], account: string | null): Promise<void> {
  const asRoot = await apiHeaders(request, 'root@vigil.local');
  const tenants: { Id: number; Slug: string }[] = await (
    await request.get('/api/admin/tenants', { headers: asRoot })
  ).json();
  const demo = tenants.find((t) => t.Slug === 'demo');
  const r = await request.put(`/api/tenants/${demo!.Id}/scalepad-tenant`, {
    headers: asRoot,
    data: { ScalePadTenantId: account },
  });
  expect(r.ok(), await r.text()).toBe(true);
}

test('the sign-in page offers ScalePad in light, dark and on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/page/login');
  const button = page.getByRole('button', { name: 'Sign in with ScalePad' });
  await expect(button).toBeVisible();
  await docShot(page, 'scalepad-signin-light');
  await switchTheme(page, 'dark');
  await docShot(page, 'scalepad-signin-dark');
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await docShot(page, 'scalepad-signin-phone');
});

test('an unlinked ScalePad account is told so; once linked, the administrator signs in', async ({ page, request }) => {
  await linkDemoTenant(request, null);
  idp.accounts.set(ADMIN, { account_id: 'sp-demo-partner' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/page/login');
  await page.getByRole('button', { name: 'Sign in with ScalePad' }).click();
  await signInAtScalePad(page, ADMIN);
  await expect(page).toHaveURL(/\/page\/scalePad\/login/);
  await expect(page.getByRole('alert')).toHaveText(
    'This ScalePad account is not linked to a Vigil account. Sign up with ScalePad, or ask your Vigil administrator to link it.',
  );

  await linkDemoTenant(request, 'sp-demo-partner');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.getByRole('button', { name: 'Sign in with ScalePad' }).click();
  // The parent platform remembers the session: it asks only for consent, or nothing.
  const login = page.getByPlaceholder('Enter any login');
  const consent = page.getByRole('button', { name: 'Continue' });
  await expect(login.or(consent).or(page.getByRole('navigation')).first()).toBeVisible();
  if (await login.isVisible()) await signInAtScalePad(page, ADMIN);
  else if (await consent.isVisible()) await consent.click();
  await expectShell(page);
  await expect(page).toHaveURL(/\/app/);
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  expect(stored).toContain(ADMIN);
  await linkDemoTenant(request, null);
});

test('a ScalePad partner signs up, gets a linked account and lands in the app', async ({ page, request }) => {
  const email = `owner-${Date.now()}@fresh-partner.example`;
  idp.accounts.set(email, { account_id: `sp-${Date.now()}`, account_name: 'Fresh Partner IT', name: 'Fay Owner' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/page/signup');
  await page.getByRole('link', { name: 'Sign up with ScalePad' }).click();
  await expect(page).toHaveURL(/\/page\/signup\/scalePad/);
  await page.getByLabel('Organisation name').fill('Fresh Partner IT');
  await page.getByRole('button', { name: 'Continue with ScalePad' }).click();
  await signInAtScalePad(page, email);
  await expectShell(page);
  await expect(page).toHaveURL(/\/app/);
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  expect(stored).toContain(email);
  // The platform admin sees the new tenant linked to the ScalePad account.
  const asRoot = await apiHeaders(request, 'root@vigil.local');
  const tenants: { Name: string }[] = await (await request.get('/api/admin/tenants', { headers: asRoot })).json();
  expect(tenants.map((t) => t.Name)).toContain('Fresh Partner IT');
});
