import { expect, test } from '@playwright/test';
import { apiHeaders, docShot, ensureTenantAdminMfaOff, expectShell, signIn } from './support.ts';

const ADMIN = 'admin@demo.local';
/** The demo tenant's zone; the browser runs fourteen hours away from it. */
const TENANT_ZONE = 'America/New_York';
test.use({ timezoneId: 'Asia/Tokyo' });

/** "MM/DD/yyyy hh" of now in a zone: the day and hour a just-made timestamp shows there. */
function dayAndHour(timeZone: string, at = new Date()): string {
  const p = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hour12: true,
  }).formatToParts(at);
  const get = (t: string) => p.find((x) => x.type === t)?.value ?? '';
  return `${get('month')}/${get('day')}/${get('year')} ${get('hour')}`;
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});

test("a share link's Created time is in the tenant's zone, not the browser's", async ({ page, request }) => {
  test.setTimeout(90_000);
  const name = `Zone wall ${Date.now().toString(36)}`;
  const headers = await apiHeaders(request, ADMIN);
  expect((await request.post('/api/dashboard', { headers, data: { name } })).ok()).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await page.goto('/app/dashboard');
  await page.getByRole('combobox', { name: 'Dashboard' }).click();
  await page.getByRole('option', { name }).click();
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toHaveText(name);
  await page.getByRole('button', { name: 'Dashboard menu' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: `Share · ${name}` });
  await share.getByRole('button', { name: 'Generate link' }).click();
  await expect(share.getByText('1 active link')).toBeVisible();
  const created = (await share.getByText(/^Created /).innerText()).replace(/^Created /, '');
  const inTenant = [dayAndHour(TENANT_ZONE), dayAndHour(TENANT_ZONE, new Date(Date.now() - 60_000))];
  expect(
    inTenant.some((h) => created.startsWith(h)),
    `${created} is not New York time`,
  ).toBe(true);
  expect(created.startsWith(dayAndHour('Asia/Tokyo'))).toBe(false);
});

test('the Admin Portal shows UTC and says so', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'root@vigil.local');
  await expectShell(page);
  await page.goto('/admin/user-login-activities');
  const first = page.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M UTC/).first();
  await expect(first).toBeVisible();
  await page.mouse.move(0, 0);
  await docShot(page, 'admin-login-activity-utc');
  await page.goto('/admin/tenants');
  await expect(page.getByRole('columnheader', { name: 'Created (UTC)' })).toBeVisible();
});

test('company rules pick a vendor by its name, and the test shows vendor names', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await page.goto('/app/manage/templates');
  await page.getByRole('button', { name: 'New template' }).click();
  const create = page.getByRole('dialog', { name: 'New template' });
  const template = `Vendor pick ${Date.now().toString(36)}`;
  await create.getByLabel('Name').fill(template);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: template, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add group' }).click();
  await page.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: 'Vendor', exact: true }).click();
  await page.getByRole('combobox', { name: 'Operator' }).click();
  await page.getByRole('option', { name: 'equals', exact: true }).click();
  // A picker of names, not a box for an internal id.
  const value = page.getByRole('combobox', { name: 'Value' });
  await value.click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = await options.allInnerTexts();
  expect(names.some((n) => /Veeam/.test(n))).toBe(true);
  await page.getByRole('option', { name: /^Veeam Backup & Replication/ }).click();
  await expect(value).toHaveValue('Veeam Backup & Replication');
  await page.getByRole('button', { name: 'Test' }).click();
  const matches = page.getByRole('table', { name: 'Matching backups' });
  await expect(matches).toContainText('Veeam Backup & Replication');
  await expect(matches).not.toContainText('veeam-br');
  await page.mouse.move(0, 0);
  await docShot(page, 'template-rules-vendor-picker');
});
