import { expect, test } from '@playwright/test';
import { expectShell, settle, shot, signIn, switchTheme } from './support.ts';

test('a platform admin opens a tenant, adds a user and an administrator, and reads statistics, jobs and errors', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'root@vigil.local');
  await expectShell(page);

  // Tenants: the demo tenant's drawer with its account, users and groups.
  await page.goto('/admin/tenants');
  await page.getByRole('row', { name: /Demo MSP/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Tenant Demo MSP' });
  await expect(drawer.getByRole('heading', { name: 'Demo MSP' })).toBeVisible();
  const users = drawer.getByRole('table', { name: 'Users of Demo MSP' });
  await expect(users.getByRole('row', { name: /admin@demo\.local/ })).toBeVisible();
  await expect(users.getByRole('row', { name: /client@demo\.local/ })).toContainText('Client');
  await expect(drawer.getByText('Active backups')).toBeVisible();

  // Add a standard user: invited, not yet signed in.
  await drawer.getByRole('button', { name: 'Add user' }).click();
  const add = page.getByRole('dialog', { name: 'Add a user to Demo MSP' });
  await add.getByLabel('Email').fill('night.shift@demo.local');
  await add.getByLabel('First name').fill('Noor');
  await add.getByLabel('Last name').fill('Shift');
  await add.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByText('night.shift@demo.local added. A link to set a password is on its way.')).toBeVisible();
  const added = users.getByRole('row', { name: /night\.shift@demo\.local/ });
  await expect(added).toContainText('Invited');
  await expect(added).toContainText('Standard');
  await settle(page);
  await shot(page, 'admin-portal-tenant-light');
  await drawer.getByRole('tab', { name: /Groups/ }).click();
  await expect(
    drawer.getByRole('table', { name: 'Groups of Demo MSP' }).getByRole('row', { name: /Standard Users/ }),
  ).toContainText('2');
  // Notes of the platform team.
  await drawer.getByRole('button', { name: 'Edit notes' }).click();
  await drawer.getByRole('textbox', { name: 'Notes' }).fill('Renewal call booked with the owner.');
  await drawer.getByRole('button', { name: 'Save notes' }).click();
  await expect(drawer.getByText('Renewal call booked with the owner.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close tenant details' }).click();

  // The invitation went out through the outbox, with a set-password link.
  await page.goto('/admin/outbox');
  await expect(page.getByText('Your Vigil account is ready').first()).toBeVisible();

  // Administrators: add a Billing administrator from the menu.
  await page.getByRole('link', { name: 'Administrators' }).click();
  await expect(page.getByRole('heading', { name: 'Administrators' })).toBeVisible();
  await expect(page.getByRole('row', { name: /root@vigil\.local/ })).toContainText('Super');
  await page.getByRole('button', { name: 'Add administrator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add administrator' });
  await dialog.getByLabel('Email').fill('ledger@vigil.local');
  await dialog.getByLabel('First name').fill('Lena');
  await dialog.getByRole('checkbox', { name: /Success/ }).uncheck();
  await dialog.getByRole('checkbox', { name: /Billing/ }).check();
  await dialog.getByRole('button', { name: 'Add administrator' }).click();
  const ledger = page.getByRole('row', { name: /ledger@vigil\.local/ });
  await expect(ledger).toContainText('Billing');
  await expect(ledger).toContainText('Invited');
  // The last Super administrator cannot be demoted.
  await page.getByRole('button', { name: 'Edit root@vigil.local' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit root@vigil.local' });
  await edit.getByRole('checkbox', { name: /Super/ }).uncheck();
  await edit.getByRole('checkbox', { name: /Sales/ }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('The last Super administrator cannot be removed.')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await settle(page);
  await shot(page, 'admin-portal-administrators-light');

  // Statistics: the demo history shows up as e-mails and results.
  await page.getByRole('link', { name: 'Statistics' }).click();
  await expect(page.getByRole('heading', { name: 'Statistics' })).toBeVisible();
  await expect(page.getByText('Tenants', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'E-mails' }).click();
  const perTenant = page.getByRole('table', { name: 'E-mails per tenant' });
  await expect(perTenant.getByRole('row', { name: /Demo MSP/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Backups' }).click();
  await expect(page.getByRole('figure', { name: 'Results per day' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Backups per tenant' }).getByRole('row', { name: /Demo MSP/ }),
  ).toBeVisible();
  await settle(page);
  await shot(page, 'admin-portal-statistics-light');

  // Functions: the real job queues of this server.
  await page.getByRole('link', { name: 'Functions' }).click();
  const queues = page.getByRole('table', { name: 'Job queues' });
  await expect(queues.getByRole('row', { name: /parse-email/ })).toBeVisible();
  await expect(queues.getByRole('row', { name: /rollup-clock/ })).toContainText('*/5 * * * *');
  await settle(page);
  await shot(page, 'admin-portal-functions-light');

  // Error Logs: an error thrown in this browser is reported and listed.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Journey check: thrown in the browser');
    });
  });
  await page.waitForTimeout(500);
  await page.getByRole('link', { name: 'Error Logs' }).click();
  await page.getByRole('button', { name: 'Browser' }).click();
  const errors = page.getByRole('table', { name: 'Error log' });
  const reported = errors.getByRole('row', { name: /Journey check: thrown in the browser/ });
  await expect(reported).toBeVisible();
  await reported.click();
  await expect(page.getByRole('dialog').getByText(/window\.onerror/)).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await settle(page);
  await shot(page, 'admin-portal-error-logs-light');

  // Dark theme.
  await switchTheme(page, 'dark');
  await page.getByRole('link', { name: 'Statistics' }).click();
  await page.getByRole('tab', { name: 'Backups' }).click();
  await expect(page.getByRole('figure', { name: 'Results per day' })).toBeVisible();
  await settle(page);
  await shot(page, 'admin-portal-statistics-dark');
  await page.getByRole('link', { name: 'Functions' }).click();
  await expect(page.getByRole('table', { name: 'Job queues' }).getByRole('row', { name: /parse-email/ })).toBeVisible();
  await settle(page);
  await shot(page, 'admin-portal-functions-dark');
  await switchTheme(page, 'light');

  // A phone: the tenant drawer takes the whole screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/tenants');
  await page.getByRole('row', { name: /Demo MSP/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Tenant Demo MSP' }).getByRole('table', { name: 'Users of Demo MSP' }),
  ).toBeVisible();
  await settle(page);
  await shot(page, 'admin-portal-tenant-phone');
  await page.getByRole('button', { name: 'Close tenant details' }).click();
  await page.goto('/admin/statistics?tab=backups');
  await expect(page.getByRole('figure', { name: 'Results per day' })).toBeVisible();
  await settle(page);
  await shot(page, 'admin-portal-statistics-phone');
});
