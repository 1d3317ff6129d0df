import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  ensureTenantAdminMfaOff,
  expectShell,
  openMenuEntry,
  signIn,
  docShot,
  switchTheme,
} from './support.ts';

const ADMIN = 'admin@demo.local';
const FOOTER = `Monitored for you by Demo MSP — call 555-0100 (${Date.now().toString(36)})`;

async function saveFooter(page: Page, text: string): Promise<void> {
  await openMenuEntry(page, 'Branding', 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Branding' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Report footer' });
  const field = form.getByLabel('Footer text');
  await field.fill(text);
  await form.getByRole('button', { name: 'Save footer' }).click();
  await expect(page.getByText('Successfully updated')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save footer' })).toBeDisabled();
}

test.describe.serial('Branding footer and System status', () => {
  test.beforeEach(async ({ request }) => {
    await ensureTenantAdminMfaOff(request, ADMIN);
  });

  test('a tenant admin sets a footer, sees it on the HTML report, reads the system status, and restores the footer', async ({
    page,
  }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    await expectShell(page);

    // Too long: the contract's message, nothing saved.
    await openMenuEntry(page, 'Branding', 'Settings');
    const form = page.getByRole('form', { name: 'Report footer' });
    const before = await form.getByLabel('Footer text').inputValue();
    await form.getByLabel('Footer text').fill('x'.repeat(201));
    await expect(form.getByText('201 / 200 characters')).toBeVisible();
    await form.getByRole('button', { name: 'Save footer' }).click();
    await expect(form.getByText('Footer text must be at most 200 characters')).toBeVisible();

    await saveFooter(page, FOOTER);
    await form.scrollIntoViewIfNeeded();
    await docShot(page, 'branding-footer-light');

    // The HTML report window closes with the footer.
    await openMenuEntry(page, 'On Demand', 'Reporting');
    await page.locator('[data-report-type="BackupInventory"]').click();
    const filters = page.getByRole('region', { name: 'Backup Inventory filters' });
    const popupOpened = page.waitForEvent('popup');
    await filters.getByRole('button', { name: 'Generate' }).click();
    const popup = await popupOpened;
    await expect(popup.locator('[data-report-phase="ready"]')).toBeVisible({ timeout: 60_000 });
    const footer = popup.getByTestId('report-footer');
    await expect(footer).toHaveText(FOOTER);
    await footer.scrollIntoViewIfNeeded();
    await docShot(popup, 'report-footer');
    await popup.close();

    // System status: every function with its state and a next step; the demo's mail is flowing.
    await openMenuEntry(page, 'System status', 'Settings');
    await expect(page.getByRole('heading', { level: 1, name: 'System status' })).toBeVisible();
    const list = page.getByRole('list', { name: 'System status' });
    for (const key of ['email-intake', 'email-parsing', 'daily-rollup', 'scheduled-reports', 'ticketing']) {
      await expect(list.getByTestId(`status-${key}`)).toBeVisible();
    }
    const intake = list.getByTestId('status-email-intake');
    await expect(intake).toHaveAttribute('data-state', 'ok');
    await expect(intake.getByText('OK', { exact: true })).toBeVisible();
    await expect(intake.getByText('Backup e-mails are arriving. Nothing to do.')).toBeVisible();
    const rollup = list.getByTestId('status-daily-rollup');
    await expect(rollup.getByText(/active backups?, days rolled up to/)).toBeVisible();
    await expect(page.getByTestId('status-summary')).toContainText(/Everything is running normally|needs? attention/);
    // Each row's chip agrees with its state.
    for (const row of await list.getByRole('listitem').all()) {
      const state = await row.getAttribute('data-state');
      const label = { ok: 'OK', warning: 'Needs attention', idle: 'Not started' }[state ?? ''];
      expect(label, `state of ${await row.getAttribute('data-testid')}`).toBeTruthy();
      await expect(row.getByText(label!, { exact: true })).toBeVisible();
    }
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/functions/status') && r.ok());
    await page.getByRole('button', { name: 'Refresh' }).click();
    await refreshed;
    await expect(intake).toBeVisible();
    await docShot(page, 'system-status-light');
    await switchTheme(page, 'dark');
    await docShot(page, 'system-status-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(intake).toBeVisible();
    // Nothing wider than the phone once the page has laid itself out again.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await docShot(page, 'system-status-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await switchTheme(page, 'light');

    // A mailbox that cannot be read (nothing listens on its port) turns its row into a warning that says what to do.
    const root = await page.request.post('/api/UserAuth/Login', {
      data: { UserName: 'root@vigil.local', Password: DEMO_PASSWORD },
    });
    const asRoot = { Authorization: `Bearer ${(await root.json()).accessToken}` };
    const tenants: { Id: number; Slug: string }[] = await (
      await page.request.get('/api/admin/tenants', { headers: asRoot })
    ).json();
    const demo = tenants.find((t) => t.Slug === 'demo')!;
    const made = await page.request.post('/api/admin/tenants/mailbox', {
      headers: asRoot,
      data: {
        tenantId: demo.Id,
        Email: 'backups@demo-msp.test',
        Host: '127.0.0.1',
        Port: 1,
        Secure: false,
        UserName: 'backups@demo-msp.test',
        Password: 'not-the-password',
      },
    });
    expect([200, 400]).toContain(made.status());
    const mailbox = list.getByTestId('status-mailbox-polling');
    // The e2e server polls every 10 s.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(mailbox).toHaveAttribute('data-state', 'warning', { timeout: 3_000 });
    }).toPass({ timeout: 60_000, intervals: [3_000] });
    await expect(mailbox.getByText('Needs attention', { exact: true })).toBeVisible();
    await expect(mailbox.getByText('1 mailbox reporting an error')).toBeVisible();
    await expect(mailbox.getByText(/A mailbox cannot be read .*Integration → Mailboxes/)).toBeVisible();
    await expect(page.getByTestId('status-summary')).toContainText('needs attention: Mailbox polling');
    await mailbox.scrollIntoViewIfNeeded();
    await docShot(page, 'system-status-warning');

    // Restore the footer as it was.
    await saveFooter(page, before);
    await page.reload();
    await expect(page.getByRole('form', { name: 'Report footer' }).getByLabel('Footer text')).toHaveValue(before);
  });

  test('a platform admin disables a tenant from its drawer; its users are signed out and told why, until it is enabled again', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // The tenant's administrator is at work in another browser.
    const tenantSide = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const user = await tenantSide.newPage();
    await signIn(user, ADMIN);
    await expectShell(user);

    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'root@vigil.local');
    await expectShell(page);
    await page.goto('/admin/tenants');
    await page.getByRole('row', { name: /Demo MSP/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Tenant Demo MSP' });
    await drawer.getByRole('button', { name: 'Disable tenant' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable Demo MSP' });
    await expect(confirm).toContainText('E-mail sent to it is still stored');
    await docShot(page, 'admin-tenant-disable-confirm');
    await confirm.getByRole('button', { name: 'Yes, Disable' }).click();
    try {
      await expect(page.getByText('Demo MSP is disabled')).toBeVisible();
      await expect(drawer.getByRole('button', { name: 'Enable tenant' })).toBeVisible();
      // Impersonating a disabled tenant is not offered.
      await expect(drawer.getByRole('button', { name: 'Impersonate' })).toBeDisabled();

      // The open session ends: the next screen sends the user to the sign-in page.
      await user.goto('/app/settings/status');
      await expect(user).toHaveURL(/\/page\/login/);
      await signIn(user, ADMIN);
      await expect(user.getByRole('alert')).toContainText(
        "Your organization's Vigil account is disabled. Contact Vigil support to have it enabled again.",
      );
      await expect(user.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
      await docShot(user, 'tenant-disabled-sign-in');
    } finally {
      await drawer.getByRole('button', { name: 'Enable tenant' }).click();
      await page.getByRole('dialog', { name: 'Enable Demo MSP' }).getByRole('button', { name: 'Yes, Enable' }).click();
      await expect(drawer.getByRole('button', { name: 'Disable tenant' })).toBeVisible();
    }
    await signIn(user, ADMIN);
    await expectShell(user);
    await tenantSide.close();
  });
});
