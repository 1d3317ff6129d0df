import { expect, test, type Locator, type Page } from '@playwright/test';
import { STUBS } from '../packages/server/test/vendor-stubs/index.ts';
import type { VendorStub } from '../packages/server/test/vendor-stubs/types.ts';
import {
  clickToClose,
  docShot,
  ensureTenantAdminMfaOff,
  expectShell,
  openMenuEntry,
  resetAuditFilters,
  settle,
  signIn,
  switchTheme,
} from './support.ts';

const ADMIN = 'admin@demo.local';

const stubs: VendorStub[] = [];
async function startStub(type: 'datto' | 'slide', options?: Parameters<NonNullable<(typeof STUBS)['datto']>>[0]) {
  const start = STUBS[type];
  if (!start) throw new Error(`no ${type} stub`);
  const stub = await start(options);
  stubs.push(stub);
  return stub;
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
  await resetAuditFilters(request, ADMIN);
});

// The Audit searches made here are not left for the journeys that follow.
test.afterEach(async ({ request }) => {
  await resetAuditFilters(request, ADMIN);
});

test.afterAll(async () => {
  await Promise.all(stubs.map((s) => s.close()));
});

/** Fills the source form with a stub's url and credentials (or its wrong ones). */
async function fillSource(page: Page, name: string, stub: VendorStub, values: Record<string, string>) {
  const form = page.getByRole('form', { name: /source$/ });
  await form.locator('input[name="Name"]').fill(name);
  for (const [key, value] of Object.entries({ ...values, ...urlField(stub) })) {
    await form.locator(`input[name="${key}"]`).fill(value);
  }
}

/** The stub answers on 127.0.0.1: its address goes in the vendor's URL field. */
function urlField(stub: VendorStub): Record<string, string> {
  return stub.type === 'datto' || stub.type === 'slide' ? { ApiUrl: stub.url } : {};
}

/** Adds a source through the form: wrong credentials first (the vendor's reason, nothing saved), then the right ones. */
async function addSource(page: Page, title: string, name: string, stub: VendorStub, shotName?: string) {
  await openMenuEntry(page, 'Backup Integrations', 'Integration');
  await expect(page.getByRole('heading', { name: 'Backup Integrations', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`^${title}:`) }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add source' }).click();
  await expect(page.getByRole('heading', { name: `Add ${title} source`, level: 1 })).toBeVisible();

  await fillSource(page, name, stub, stub.wrongCredentials());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('source-error')).toContainText(stub.refusalText);
  await expect(page).toHaveURL(/\/create$/);
  if (shotName) {
    await settle(page);
    await docShot(page, shotName);
  }

  await fillSource(page, name, stub, stub.credentials());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Source added')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/integration/backup/${stub.type}$`));
  return page.getByRole('row').filter({ hasText: name });
}

async function syncNow(row: Locator) {
  await row.getByRole('button', { name: 'Sync now' }).click();
  await expect(row.getByTestId('sync-status')).toContainText('Completed', { timeout: 60_000 });
  await expect(row.getByText('Healthy')).toBeVisible();
}

/** Manage → Activate Backups: the discovered backups are inactive until activated here. */
async function activate(page: Page, search: string, count: number) {
  await openMenuEntry(page, 'Activate Backups', 'Manage');
  await page.getByLabel('Search', { exact: true }).fill(search);
  const rows = page.getByRole('grid', { name: 'Activate Backups' }).locator('[role="row"][data-row-id]');
  await expect(rows).toHaveCount(count);
  await page
    .getByRole('grid', { name: 'Activate Backups' })
    .getByRole('checkbox', { name: /select all/i })
    .check();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Activate (${count})` }).click();
  const win = await popup;
  await win.waitForLoadState();
  await win.getByRole('combobox', { name: 'Schedule' }).click();
  await win.getByRole('option', { name: 'Every day', exact: true }).click();
  await clickToClose(win, win.getByRole('button', { name: `Activate ${count} backups` }));
  await expect(rows).toHaveCount(0);
}

/** Audit: searches the backups and opens one's drawer. */
async function openDrawer(page: Page, search: string, device: string): Promise<Locator> {
  await openMenuEntry(page, 'Audit');
  await page.getByLabel('Search backups').fill(search);
  const grid = page.getByRole('grid', { name: 'Backups' });
  const row = grid.locator('[role="row"][data-row-id]').filter({ hasText: device }).first();
  await expect(row).toBeVisible();
  await row.click();
  const drawer = page.getByTestId('backup-drawer');
  await expect(drawer).toBeVisible();
  return drawer;
}

test('an admin links Datto, syncs, activates what it found and opens the appliance in the drawer', async ({ page }) => {
  test.setTimeout(240_000);
  const datto = await startStub('datto', { customers: 2, devicesPerCustomer: 2, sessions: 12 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);

  // The vendor cards, light and dark.
  await openMenuEntry(page, 'Backup Integrations', 'Integration');
  await expect(page.getByTestId('backup-card-datto')).toContainText('Datto');
  // A vendor built from incomplete public documentation says so on its card.
  await expect(page.getByTestId('backup-card-storagecraft')).toContainText('Beta');
  await expect(page.getByTestId('backup-card-datto')).not.toContainText('Beta');
  await settle(page);
  await docShot(page, 'backup-integrations-light');
  await switchTheme(page, 'dark');
  await settle(page);
  await docShot(page, 'backup-integrations-dark');
  await switchTheme(page, 'light');

  const name = `Datto ${Date.now().toString(36)}`;
  const row = await addSource(page, 'Datto', name, datto, 'backup-source-form');
  await syncNow(row);
  await expect(row).toContainText('4');
  await settle(page);
  await docShot(page, 'backup-sources-table');

  await activate(page, 'host-', 4);

  const drawer = await openDrawer(page, 'host-1-1', 'host-1-1');
  await expect(drawer).toContainText('Datto');
  // The backup's name (the appliance's job) opens the device view; its appliance the appliance view.
  await drawer.getByRole('heading', { name: 'siris-1' }).getByRole('button').click();
  await expect(drawer.getByRole('heading', { name: 'Device host-1-1' })).toBeVisible();
  await expect(drawer).toContainText('Hostname');
  await drawer.getByRole('button', { name: 'siris-1', exact: true }).last().click();
  const appliance = drawer.getByTestId('appliance-view');
  await expect(appliance).toContainText('siris-1');
  await expect(appliance.getByRole('heading', { name: 'Protected devices' })).toBeVisible();
  await expect(appliance.getByRole('link', { name: 'Open in Datto' })).toBeVisible();
  await settle(page);
  await docShot(page, 'backup-drawer-appliance');

  // A protected device with a backup opens that backup in the drawer.
  await appliance.getByRole('button', { name: /host-1-2/ }).click();
  await expect(drawer.getByTestId('appliance-view')).toHaveCount(0);
  await expect(drawer.getByRole('heading', { name: 'siris-1', exact: true })).toBeVisible();
  await expect(drawer).toContainText('host-1-2');

  // The cards on a phone.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/integration/backup');
  await expect(page.getByTestId('backup-card-datto')).toContainText('1 source');
  await settle(page);
  await docShot(page, 'backup-integrations-phone');

  // Deleting the source asks first, then it leaves the table.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('backup-card-datto').getByRole('link').click();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Source deleted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('an admin links Slide and asks it to run a backup now from the drawer', async ({ page }) => {
  test.skip(!STUBS.slide, 'the Slide stub is not built');
  test.setTimeout(240_000);
  const slide = await startStub('slide', { customers: 1, devicesPerCustomer: 2, sessions: 6 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);

  const name = `Slide ${Date.now().toString(36)}`;
  const row = await addSource(page, 'Slide', name, slide);
  await syncNow(row);
  // The stub's agents are "Server <box>-<agent>".
  await activate(page, 'Server 1-', 2);

  const drawer = await openDrawer(page, 'Server 1-1', 'Server 1-1');
  await expect(drawer).toContainText('Slide');
  await drawer.getByRole('button', { name: 'Backup Now' }).click();
  await expect(page.getByText('Backup job request sent to Slide')).toBeVisible();
  expect(slide.started?.length).toBe(1);
});
