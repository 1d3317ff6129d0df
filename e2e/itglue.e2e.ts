import { expect, test, type Page } from '@playwright/test';
import {
  ITGLUE_KEY,
  ITGLUE_REFUSAL,
  VIGIL_TYPE,
  startItGlueStub,
  type ItGlueStub,
} from '../packages/server/test/psa-stubs/itglue.ts';
import {
  DEMO_PASSWORD,
  docShot,
  ensureTenantAdminMfaOff,
  expectShell,
  openMenuEntry,
  signIn,
  switchTheme,
} from './support.ts';

const ADMIN = 'admin@demo.local';
const UNMATCHED = 'Globex Holdings (IT Glue)';
let stub: ItGlueStub;

test.afterAll(async () => {
  await stub?.close();
});

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('IT Glue: connect, map organisations to companies, push, and read the assets back', async ({ page, request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
  // The demo's companies; three organisations are named like them (one in other case), one like none.
  const login = await request.post('/api/UserAuth/Login', { data: { UserName: ADMIN, Password: DEMO_PASSWORD } });
  const list = await request.post('/api/company/list', {
    headers: { authorization: `Bearer ${(await login.json()).accessToken}` },
    data: { Size: 100 },
  });
  expect(list.ok(), await list.text()).toBe(true);
  const companies = ((await list.json()).data as { Name: string }[])
    .map((c) => ({ name: c.Name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  expect(companies.length).toBeGreaterThanOrEqual(4);
  const names = companies.slice(0, 3).map((c, i) => (i === 1 ? c.name.toUpperCase() : c.name));
  stub = await startItGlueStub({ organizations: [...names, UNMATCHED] });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);

  await openMenuEntry(page, 'Other', 'Integration');
  await expect(page.getByRole('heading', { name: 'Other', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /^IT Glue:/ }).click();
  await expect(page.getByRole('heading', { name: 'IT Glue', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add connection' }).click();
  await expect(page.getByRole('heading', { name: 'Add IT Glue connection', level: 1 })).toBeVisible();

  // A wrong key: IT Glue's reason, nothing saved.
  const form = page.getByRole('form', { name: 'IT Glue connection' });
  await form.locator('input[name="BaseUrl"]').fill(stub.url);
  await form.locator('input[name="ApiKey"]').fill('ITG.wrong-key');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('itglue-error')).toContainText(ITGLUE_REFUSAL);
  await expect(page).toHaveURL(/\/other\/itglue\/create$/);

  await form.locator('input[name="ApiKey"]').fill(ITGLUE_KEY);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connection added')).toBeVisible();
  await expect(page).toHaveURL(/\/other\/itglue\/\d+$/);

  // Matched by name (case ignored); the fourth organisation waits for a hand.
  const table = page.getByRole('table', { name: 'IT Glue organisations' });
  for (const c of companies.slice(0, 3)) {
    const row = table.getByRole('row').filter({ hasText: new RegExp(c.name, 'i') });
    await expect(row.getByText('Matched by name')).toBeVisible();
  }
  await choose(page, `Company for ${UNMATCHED}`, companies[3].name);
  await expect(table.getByRole('row').filter({ hasText: UNMATCHED }).getByRole('combobox')).toHaveText(
    companies[3].name,
  );

  // The other side: each company shows its organisation.
  await page.getByRole('button', { name: 'By company' }).click();
  await page.getByLabel('Search').fill(companies[3].name);
  await expect(page.getByRole('combobox', { name: `Organisation for ${companies[3].name}` })).toHaveText(UNMATCHED);
  await page.getByLabel('Search').fill('');
  await page.getByRole('button', { name: 'By organisation' }).click();

  // Push into the Vigil Backups flexible asset type.
  await choose(page, 'Flexible asset type', 'Vigil Backups');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connection saved')).toBeVisible();
  await page.getByRole('button', { name: 'Push now' }).click();
  await expect(page.getByText('Pushed 4 companies to IT Glue')).toBeVisible();
  await expect(table.getByText('Pushed', { exact: true })).toHaveCount(4);

  // What arrived at IT Glue: one asset per company, its summary and the way back to the Audit.
  expect(stub.assets.size).toBe(4);
  const assets = [...stub.assets.values()];
  expect(assets.every((a) => a.typeId === VIGIL_TYPE)).toBe(true);
  const first = assets.find((a) => a.traits.name === `${companies[0].name} backups`);
  expect(first).toBeTruthy();
  expect(assets.some((a) => Number(a.traits.backups) > 0)).toBe(true);
  expect(String(first!.traits['vigil-audit'])).toMatch(/\/app\/audit\?companyId=\d+$/);

  // A second push updates the same assets.
  await page.getByRole('button', { name: 'Push now' }).click();
  await expect(page.getByText('Pushed 4 companies to IT Glue').first()).toBeVisible();
  await expect.poll(() => stub.requests.filter((r) => r.method === 'PATCH').length).toBe(4);
  expect(stub.assets.size).toBe(4);

  // The snackbars gone, the mapping in view.
  await expect(page.getByText('Pushed 4 companies to IT Glue')).toHaveCount(0, { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Organisations and companies' }).scrollIntoViewIfNeeded();
  await docShot(page, 'itglue-light');
  await switchTheme(page, 'dark');
  await docShot(page, 'itglue-dark');
  await switchTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  await table.getByRole('row').last().scrollIntoViewIfNeeded();
  await docShot(page, 'itglue-phone');
});
