import { expect, test } from '@playwright/test';
import { startReplibitStub } from '../packages/server/test/vendor-stubs/replibit.ts';
import type { VendorStub } from '../packages/server/test/vendor-stubs/types.ts';
import { docShot, ensureTenantAdminMfaOff, expectShell, openMenuEntry, signIn } from './support.ts';

const ADMIN = 'admin@demo.local';
let stub: VendorStub | null = null;

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});
test.afterAll(async () => {
  await stub?.close();
});

test('an admin links x360Recover with a naming convention and its backups carry that name', async ({ page }) => {
  test.setTimeout(180_000);
  stub = await startReplibitStub({ customers: 1, devicesPerCustomer: 2, sessions: 4 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);

  await openMenuEntry(page, 'Backup Integrations', 'Integration');
  await expect(page.getByTestId('backup-card-replibit')).toContainText('Axcient x360Recover');
  await expect(page.getByTestId('backup-card-replibit')).not.toContainText('Beta');
  await expect(page.getByTestId('backup-card-replibit-legacy')).toContainText('Replibit (legacy appliances)');
  await expect(page.getByTestId('backup-card-replibit-legacy')).toContainText('Beta');
  await expect(page.getByTestId('backup-card-msp')).toContainText('MSP360 (MSP Backups)');
  await page.getByTestId('backup-card-msp').scrollIntoViewIfNeeded();
  await docShot(page, 'replibit-cards-light');

  await page.getByRole('link', { name: /^Axcient x360Recover:/ }).click();
  await expect(page.getByRole('heading', { name: 'Axcient x360Recover', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add source' }).click();
  await expect(page.getByRole('heading', { name: 'Add Axcient x360Recover source', level: 1 })).toBeVisible();

  const form = page.getByRole('form', { name: /source$/ });
  const name = `x360 ${Date.now().toString(36)}`;
  await form.locator('input[name="Name"]').fill(name);
  await form.locator('input[name="ApiUrl"]').fill(stub.url);
  await form.locator('input[name="ApiKey"]').fill(stub.credentials().ApiKey!);
  // The naming conventions are offered as a choice, the default selected.
  const naming = form.getByRole('combobox', { name: 'Backup naming' });
  await expect(naming).toContainText('Device name (e.g. FS01)');
  await naming.click();
  await expect(page.getByRole('option')).toHaveText([
    'Device name (e.g. FS01)',
    'Device name and job name (e.g. FS01 · Nightly image)',
    'Client and device name (e.g. Contoso - FS01)',
  ]);
  await docShot(page, 'replibit-naming-light');
  await page.getByRole('option', { name: /^Client and device name/ }).click();
  await expect(naming).toContainText('Client and device name');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Source added')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/integration\/backup\/replibit$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Sync now' }).click();
  await expect(row.getByTestId('sync-status')).toContainText('Completed', { timeout: 60_000 });

  await openMenuEntry(page, 'Activate Backups', 'Manage');
  await page.getByLabel('Search', { exact: true }).fill('Customer 1 - Server 1-');
  const rows = page.getByRole('grid', { name: 'Activate Backups' }).locator('[role="row"][data-row-id]');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Customer 1 - Server 1-');
});
