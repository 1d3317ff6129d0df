import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectShell, shot, signIn } from './support.ts';

const ROOT = 'root@vigil.local';
const TENANT_ADMIN = 'admin@demo.local';

async function apiToken(page: Page, email: string): Promise<string> {
  const r = await page.request.post('/api/UserAuth/Login', { data: { UserName: email, Password: DEMO_PASSWORD } });
  expect(r.ok()).toBe(true);
  return (await r.json()).accessToken as string;
}

/** Removes messages an earlier run left, so the journey starts from a clean list. */
async function clearMessages(page: Page) {
  const token = await apiToken(page, ROOT);
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await page.request.get('/api/messages', { headers })).json();
  for (const m of list as { Id: number }[]) await page.request.delete(`/api/messages/${m.Id}`, { headers });
}

const liveBadge = (page: Page) => page.locator('[data-realtime]');

test('a platform admin publishes a warning that appears live in an open tenant tab and goes when dismissed', async ({
  browser,
}) => {
  // The tenant's browser: signed in, on its dashboard, before anything is published.
  const tenantContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const tenant = await tenantContext.newPage();
  const sockets = { first: 0, second: 0 };
  tenant.on('websocket', () => (sockets.first += 1));
  await signIn(tenant, TENANT_ADMIN);
  await expectShell(tenant);
  await clearMessages(tenant);
  await expect(liveBadge(tenant)).toHaveAttribute('data-realtime', 'connected');

  // A second tab of the same browser follows the first: it shows the state without its own socket.
  const secondTab = await tenantContext.newPage();
  secondTab.on('websocket', () => (sockets.second += 1));
  await secondTab.goto('/app/navigate');
  await expectShell(secondTab);
  await expect(liveBadge(secondTab)).toHaveAttribute('data-realtime', 'connected');

  // The platform admin, in another browser.
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, ROOT);
  await expectShell(admin);
  await admin.getByRole('link', { name: 'Messages' }).click();
  await expect(admin.getByRole('heading', { name: 'Messages' })).toBeVisible();
  await expect(admin.getByText('No messages')).toBeVisible();

  await admin.getByRole('button', { name: 'New message' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Severity').click();
  await admin.getByRole('option', { name: 'Warning' }).click();
  await dialog
    .getByRole('textbox', { name: 'Text' })
    .fill(
      '**Scheduled maintenance** tonight 22:00–23:00 UTC: results may arrive late. [Status page](https://status.example.com)',
    );
  await dialog.getByLabel('Locations').fill('/app/**');
  await dialog.getByRole('tab', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert').getByText('Scheduled maintenance')).toBeVisible();
  await admin.waitForTimeout(400); // the tab indicator's slide
  await shot(admin, 'messages-editor');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByText('Message published')).toBeVisible();
  const published = Date.now();
  await expect(admin.getByText('Shown on /app/**')).toBeVisible();

  // Pushed, not polled: the banner shows in the already-open tenant tab within 2 s.
  const banner = tenant.getByRole('alert').filter({ hasText: 'Scheduled maintenance' });
  await expect(banner).toBeVisible({ timeout: 2000 });
  expect(Date.now() - published).toBeLessThan(2000);
  await expect(banner.locator('strong', { hasText: 'Scheduled maintenance' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Status page' })).toHaveAttribute('target', '_blank');
  await expect(secondTab.getByRole('alert').filter({ hasText: 'Scheduled maintenance' })).toBeVisible({
    timeout: 2000,
  });
  await shot(tenant, 'message-banner');
  // One connection for the whole browser: the second tab got the event relayed.
  expect(sockets).toEqual({ first: 1, second: 0 });

  await admin.reload();
  await expect(admin.getByText('Live', { exact: true })).toBeVisible();
  await shot(admin, 'messages-admin');

  // Dark theme and a phone.
  await tenant.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(tenant.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await banner.getByText('tonight').hover();
  await expect(tenant.getByRole('tooltip', { name: 'Switch to light theme' })).toBeHidden();
  await shot(tenant, 'message-banner-dark');
  await tenant.getByRole('button', { name: 'Switch to light theme' }).click();
  await tenant.setViewportSize({ width: 390, height: 844 });
  await tenant.goto('/app/navigate');
  await expect(banner).toBeVisible();
  await shot(tenant, 'message-banner-phone');
  await tenant.setViewportSize({ width: 1440, height: 900 });

  // Dismissed: gone, in this tab and after a reload.
  await banner.getByRole('button', { name: 'Close' }).click();
  await expect(banner).toBeHidden();
  await tenant.reload();
  await expectShell(tenant);
  await expect(tenant.getByText('Scheduled maintenance')).toBeHidden();

  // A new text brings it back; then the admin deletes it with the spec's confirmation.
  await admin.getByRole('button', { name: /^Edit message/ }).click();
  await admin
    .getByRole('dialog')
    .getByRole('textbox', { name: 'Text' })
    .fill('**Scheduled maintenance** moved to 23:00 UTC.');
  await admin.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(tenant.getByRole('alert').filter({ hasText: 'moved to 23:00 UTC' })).toBeVisible({ timeout: 2000 });
  await admin.getByRole('button', { name: /^Delete message/ }).click();
  await expect(admin.getByText('Are you sure you want to delete:')).toBeVisible();
  await admin.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(admin.getByText('No messages')).toBeVisible();
  await expect(tenant.getByText('moved to 23:00 UTC')).toBeHidden({ timeout: 2000 });

  await adminContext.close();
  await tenantContext.close();
});

test('a tenant user sends a support ticket that reaches the support address', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, TENANT_ADMIN);
  await expectShell(page);
  await page.getByRole('link', { name: 'Support' }).click();
  await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Subject is required')).toBeVisible();

  const subject = `Veeam results late ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page
    .getByLabel('Message')
    .fill('Since this morning the Contoso Veeam jobs show as missing.\nCan you take a look?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/Ticket #\d+ sent\./)).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await page.waitForTimeout(400); // the labels settle back into the emptied fields
  await shot(page, 'support-sent');

  // The platform's outbox holds the e-mail to the support address.
  const token = await apiToken(page, ROOT);
  const outbox = await (
    await page.request.get('/api/admin/outbox', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const mail = (outbox as { To: string; Subject: string; Text: string }[]).find((m) => m.Subject.includes(subject));
  expect(mail?.To).toBe('support@vigil.localhost');
  expect(mail?.Text).toContain('Since this morning the Contoso Veeam jobs show as missing.');
});
