import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  ensureTenantAdminMfaOff,
  expectShell,
  logoPng,
  openMenuEntry,
  signIn,
  docShot,
  switchTheme,
} from './support.ts';

const ADMIN = 'admin@demo.local';

async function openSettings(page: Page, title: string): Promise<void> {
  await openMenuEntry(page, title, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** The natural size of a loaded image (0×0 when it failed to load). */
const shellLogo = (page: Page) => page.locator('[data-testid="tenant-logo"]:visible');
const naturalSize = (page: Page) =>
  shellLogo(page).evaluate((img: HTMLImageElement) => ({
    w: img.naturalWidth,
    h: img.naturalHeight,
    src: img.getAttribute('src'),
  }));

test.describe.serial('Settings → Branding and Tenant', () => {
  test.beforeEach(async ({ request }) => {
    await ensureTenantAdminMfaOff(request, ADMIN);
  });

  test('a tenant admin uploads and crops a logo, sees it in the shell and in other tabs, and sets colours', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    await expectShell(page);
    await expect(page.getByTestId('tenant-logo')).toHaveCount(0);

    // A second tab stays on the dashboard: the new logo must reach it without a reload.
    const other = await context.newPage();
    await other.setViewportSize({ width: 1440, height: 900 });
    await other.goto('/app/dashboard');
    await expectShell(other);

    await openSettings(page, 'Branding');
    await page.getByRole('button', { name: 'Upload logo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload logo' });
    await expect(dialog.getByTestId('public-image-notice')).toContainText('publicly accessible');
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();

    // A file that is not a picture is refused with the message of the spec.
    await dialog.getByTestId('image-file-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(dialog.getByRole('alert')).toHaveText(
      'File "notes.txt" has invalid type. Allowed types: image/png, image/jpeg, image/gif, image/webp',
    );

    await dialog.getByTestId('image-file-input').setInputFiles({
      name: 'acme-logo.png',
      mimeType: 'image/png',
      buffer: logoPng(),
    });
    await expect(save).toBeEnabled();
    await dialog.getByRole('button', { name: 'Wide 3:1' }).click();
    await dialog.getByRole('slider', { name: 'Zoom' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await docShot(page, 'branding-crop');
    await save.click();
    await expect(page.getByText('Logo saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The shell shows the uploaded logo, downscaled in the browser to at most 800 pixels.
    await expect(shellLogo(page)).toBeVisible();
    const inShell = await naturalSize(page);
    expect(inShell.src).toMatch(/^\/api\/image\/[A-Za-z0-9_-]{32}$/);
    expect(inShell.w).toBeGreaterThan(0);
    expect(Math.max(inShell.w, inShell.h)).toBeLessThanOrEqual(800);
    expect(inShell.w / inShell.h).toBeCloseTo(3, 1);
    await expect(page.getByRole('img', { name: /logo$/ }).first()).toBeVisible();

    // The other tab got the tenant-info broadcast and shows it too.
    await expect(shellLogo(other)).toBeVisible();
    expect((await naturalSize(other)).src).toBe(inShell.src);
    await other.close();

    // Colours: a bad value is refused in place, a good one saved and previewed.
    await page.getByLabel('Primary colour', { exact: true }).fill('#12');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Colour must be a hex value like #1e6bd6')).toBeVisible();
    await page.getByLabel('Primary colour', { exact: true }).fill('#7b1fa2');
    await page.getByLabel('Accent colour', { exact: true }).fill('#f59e0b');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Successfully updated')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Primary colour', { exact: true })).toHaveValue('#7b1fa2');
    await expect(shellLogo(page)).toBeVisible();
    await docShot(page, 'branding-light');

    await switchTheme(page, 'dark');
    await docShot(page, 'branding-dark');
    await switchTheme(page, 'light');
  });

  test('a tenant admin saves the tenant settings; a bad domain is named', async ({ page, request }) => {
    test.setTimeout(120_000);
    // The journeys after this one read dates in the demo's own zone and formats: put them back at the end.
    const login = await request.post('/api/UserAuth/Login', { data: { UserName: ADMIN, Password: DEMO_PASSWORD } });
    const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
    const original = await (await request.get('/api/tenants/config', { headers })).json();
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, ADMIN);
      await expectShell(page);
      await openSettings(page, 'Tenant');

      const secondary = page.getByLabel('Secondary user e-mail domains');
      await secondary.fill('demo-it.example,');
      await secondary.fill('not_a domain,');
      await expect(page.getByText('not_a is not correct domain value')).toBeVisible();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Successfully updated')).toHaveCount(0);
      // Remove the bad chips again.
      for (const bad of ['not_a', 'domain']) {
        await page.getByRole('button', { name: bad, exact: true }).locator('svg').click();
      }
      await expect(page.getByText('is not correct domain value')).toHaveCount(0);

      await page.getByLabel('Primary user e-mail domain').fill('demo-msp.example');
      await page.getByLabel('Time zone').fill('London');
      await page.getByRole('option', { name: /Europe\/London/ }).click();
      await page.getByLabel('Date format').click();
      await page.getByRole('option', { name: /^DD\/MM\/yyyy/ }).click();
      await page.getByLabel('Time format').click();
      await page.getByRole('option', { name: /^HH:mm/ }).click();
      await expect(page.getByTestId('format-sample')).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d/);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Successfully updated')).toBeVisible();

      await page.reload();
      await expect(page.getByLabel('Primary user e-mail domain')).toHaveValue('demo-msp.example');
      await expect(page.getByLabel('Time zone')).toHaveValue(/Europe\/London/);
      await expect(page.getByRole('button', { name: 'demo-it.example' })).toBeVisible();
      await expect(page.getByLabel('Date format')).toContainText('DD/MM/yyyy');
      await docShot(page, 'tenant-settings-light');
      await switchTheme(page, 'dark');
      await docShot(page, 'tenant-settings-dark');
      await switchTheme(page, 'light');
    } finally {
      const { Name, PrimaryUserEmailDomain, SecondaryUserEmailDomains, TimeZoneId, Country, DateFormat, TimeFormat } =
        original;
      const back = await request.put('/api/tenants/config', {
        headers,
        data: { Name, PrimaryUserEmailDomain, SecondaryUserEmailDomains, TimeZoneId, Country, DateFormat, TimeFormat },
      });
      expect(back.ok(), await back.text()).toBe(true);
    }
  });

  test('both screens work on a 390 px phone, with the logo in the menu drawer', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN);
    await expectShell(page);
    for (const [url, name] of [
      ['/app/settings/branding', 'branding-phone'],
      ['/app/settings/tenant', 'tenant-settings-phone'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await docShot(page, name);
    }
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(shellLogo(page)).toBeVisible();
    await docShot(page, 'branding-phone-menu');
  });
});
