import { expect, test } from '@playwright/test';
import { startAzureHelperStub, type AzureHelperStub } from '../packages/server/test/vendor-stubs/azure-helper.ts';
import { docShot, ensureTenantAdminMfaOff, expectShell, signIn, switchTheme } from './support.ts';

const ADMIN = 'admin@demo.local';
const port = Number(process.env.E2E_PORT ?? 8181);

let ms: AzureHelperStub;

test.beforeAll(async () => {
  // Microsoft's sign-in, Resource Manager and Graph on the port the server is pointed at
  // (playwright.config.ts AZURE_*_URL).
  ms = await startAzureHelperStub({ customers: 2, devicesPerCustomer: 3, sessions: 12 }, port + 1002);
});
test.afterAll(async () => {
  await ms?.close();
});
test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});

test('an admin connects Azure Backup with a Microsoft sign-in and Vigil saves and syncs the source', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await page.goto('/app/integration/backup/azure/create');
  await expect(page.getByRole('heading', { name: 'Add Azure Backup source', level: 1 })).toBeVisible();
  // The hand-entered form stays available under the guided one.
  await expect(page.getByRole('form', { name: 'Azure Backup source' })).toBeVisible();

  // Microsoft's sign-in sends the browser back here with a code, which the server redeems.
  await page.getByRole('button', { name: 'Connect with Microsoft' }).click();
  await expect(page.getByText('Signed in as admin@contoso.onmicrosoft.com')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/integration\/backup\/azure\/create$/);

  await page.getByRole('combobox', { name: 'Directory (tenant)' }).click();
  await page.getByRole('option', { name: 'Contoso (contoso.onmicrosoft.com)' }).click();
  await page.getByRole('combobox', { name: 'Subscription' }).click();
  await page.getByRole('option', { name: 'Contoso Production' }).click();
  const vaults = page.getByRole('group', { name: 'Recovery Services vaults' });
  await expect(vaults.getByRole('checkbox')).toHaveCount(2);
  await expect(vaults.getByLabel('rsv-contoso-1 (rg-backup-1, westeurope)')).toBeChecked();
  await vaults.getByLabel('rsv-contoso-2 (rg-backup-2, westeurope)').uncheck();
  await expect(page.getByLabel('Source name')).toHaveValue('Azure Backup – Contoso Production');
  await expect(page.getByRole('combobox', { name: 'App registration' })).toContainText('Create a new one');

  await docShot(page, 'azure-helper-light');
  await switchTheme(page, 'dark');
  await docShot(page, 'azure-helper-dark');
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Create key and save' }).scrollIntoViewIfNeeded();
  await docShot(page, 'azure-helper-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Create key and save' }).click();
  await expect(page.getByText('Source added')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/integration\/backup\/azure$/);
  const row = page.getByRole('row').filter({ hasText: 'Azure Backup – Contoso Production' });
  await expect(row.getByTestId('sync-status')).toContainText('Completed', { timeout: 60_000 });
  await expect(row.getByText('Healthy')).toBeVisible();

  // Least privilege: the new app holds Backup Reader on the one vault chosen, nothing else.
  expect(ms.apps.map((a) => a.displayName)).toEqual(['Vigil Backup Monitoring']);
  expect(ms.assignments.map((a) => a.scope.split('/').pop())).toEqual(['rsv-contoso-1']);
});

test('a refused Microsoft sign-in is reported as Microsoft gave it', async ({ page }) => {
  await signIn(page, ADMIN);
  await expectShell(page);
  await page.goto(
    '/app/integration/backup/azure/create?error=access_denied&error_description=AADSTS65004%3A+User+declined+to+consent',
  );
  await expect(page.getByTestId('azure-error')).toHaveText('AADSTS65004: User declined to consent');
  await expect(page).toHaveURL(/\/create$/);
});
