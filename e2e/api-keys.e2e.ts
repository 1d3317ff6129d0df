import { expect, test, type Page } from '@playwright/test';
import { ensureTenantAdminMfaOff, expectShell, openMenuEntry, signIn, docShot, switchTheme } from './support.ts';

const ADMIN = 'admin@demo.local';
const STANDARD = 'standard@demo.local';
/** Names carry a run suffix so the journey can run again against the same server. */
const RUN = Date.now().toString(36).slice(-4);

/** Creates a key in the screen and answers the key the dialog shows once. */
async function createKey(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'API key created' });
  await expect(shown.getByText('You will not see it again')).toBeVisible();
  const key = await shown.getByRole('textbox').inputValue();
  expect(key).toMatch(/^vgl_[A-Za-z0-9_-]{43}$/);
  return key;
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test.describe.serial('Settings → API Keys and the public API', () => {
  test.beforeEach(async ({ request }) => {
    await ensureTenantAdminMfaOff(request, ADMIN);
  });

  test('a technician creates a key, a tool reads results with it, and the key is deleted', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    await expectShell(page);

    // Settings → API Keys from the main menu.
    await openMenuEntry(page, 'API Keys', 'Settings');
    await expect(page).toHaveURL(/\/app\/settings\/api$/);
    await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();

    // A blank name is refused in the dialog.
    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('dialog', { name: 'Create API key' });
    await form.getByRole('button', { name: 'Create key' }).click();
    await expect(form.getByText('Name is a required field')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();

    // The key for the PSA: shown once, copied with the button.
    const psaName = `PSA sync ${RUN}`;
    const psaKey = await createKey(page, psaName);
    const shown = page.getByRole('dialog', { name: 'API key created' });
    await shown.getByRole('button', { name: 'Copy API key' }).click();
    await expect(page.getByText('API key copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(psaKey);
    // A click beside the dialog does not lose the key; Done closes it.
    await page.mouse.click(5, 5);
    await expect(shown).toBeVisible();
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    const row = rowOf(page, psaName);
    await expect(row).toContainText(`${psaKey.slice(0, 12)}…`);
    await expect(row).toContainText('Never');
    // The list never holds the key itself.
    expect(await page.content()).not.toContain(psaKey);

    // The tool: a plain HTTP client with the key in the ApiKey header, no sign-in.
    const headers = { ApiKey: psaKey };
    const backups = await request.get('/api/public/v1/backups?Active=true&Size=5', { headers });
    expect(backups.status()).toBe(200);
    const page1 = await backups.json();
    expect(page1.PageSize).toBe(5);
    expect(page1.Total).toBeGreaterThan(0);
    expect(page1.Results.length).toBeGreaterThan(0);
    expect(page1.Results.every((b: { IsActive: boolean }) => b.IsActive)).toBe(true);
    const backup = page1.Results[0] as { BackupId: number; DeviceName: string };

    const from = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const results = await request.get(`/api/public/v1/results?BackupId=${backup.BackupId}&From=${from}&Size=100`, {
      headers,
    });
    expect(results.status()).toBe(200);
    const body = await results.json();
    expect(body.Total).toBeGreaterThan(0);
    for (const r of body.Results as { BackupId: number; StatusName: string; ParsedDateTime: string }[]) {
      expect(r.BackupId).toBe(backup.BackupId);
      expect(['Success', 'Warning', 'Failure']).toContain(r.StatusName);
      expect(r.ParsedDateTime >= `${from}T00:00:00.000Z`).toBe(true);
    }
    const history = await request.get(`/api/public/v1/daily-history?BackupId=${backup.BackupId}`, { headers });
    expect(history.status()).toBe(200);
    expect((await history.json()).Results.length).toBeGreaterThan(0);
    // Paging is capped: a page of more than 1000 rows is refused with a message that says so.
    const tooBig = await request.get('/api/public/v1/backups?Size=5000', { headers });
    expect(tooBig.status()).toBe(400);
    expect((await tooBig.json()).Message).toContain('must be at most 1000');
    // The tool's requests show in the list: last used and the request count.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).not.toContainText('Never');
    await expect(row).toContainText(/seconds? ago|now/);
    await expect(row.getByRole('cell').nth(5)).toHaveText('4');
    await expect(page.getByText('API key copied')).toBeHidden({ timeout: 15_000 });
    await docShot(page, 'api-keys-list');

    // A second key in the dark theme: the dialog with the key shown.
    await switchTheme(page, 'dark');
    await createKey(page, `Power BI ${RUN}`);
    await docShot(page, 'api-keys-created-dark');
    await page.getByRole('dialog', { name: 'API key created' }).getByRole('button', { name: 'Done' }).click();
    await switchTheme(page, 'light');

    // Deleting the PSA key: the spec's confirmation, and the key stops working at once.
    await row.getByRole('button', { name: `Delete API key ${psaName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete API key' });
    await expect(confirm).toContainText('Are you sure you want to delete:');
    await expect(confirm).toContainText(psaName);
    await confirm.getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page.getByText('Successfully deleted')).toBeVisible();
    await expect(rowOf(page, psaName)).toHaveCount(0);
    const refused = await request.get('/api/public/v1/backups', { headers });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({
      Message: 'The API key is not valid. It may have been deleted.',
      title: 'Unauthorized',
      statusCode: 401,
    });
  });

  test('on a phone the list folds into the name column and the dialog fills the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN);
    await expectShell(page);
    await page.goto('/app/settings/api');
    await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();
    const row = rowOf(page, `Power BI ${RUN}`);
    await expect(row).toContainText('used never');
    await expect(row.getByRole('button', { name: `Delete API key Power BI ${RUN}` })).toBeVisible();
    // Nothing runs off the side of the screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await docShot(page, 'api-keys-phone');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('a standard user has no API Keys entry and cannot open the screen', async ({ page }) => {
    await signIn(page, STANDARD);
    await expectShell(page);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const settings = nav.getByRole('button', { name: 'Settings', exact: true });
    if (await settings.isVisible()) await settings.click();
    await expect(nav.getByRole('link', { name: 'Tags', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'API Keys', exact: true })).toHaveCount(0);
    await page.goto('/app/settings/api');
    await expect(page).not.toHaveURL(/\/app\/settings\/api$/);
    await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toHaveCount(0);
  });
});
