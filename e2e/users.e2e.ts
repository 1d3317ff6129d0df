import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiHeaders,
  choosePasswordAndSignIn,
  ensureTenantAdminMfaOff,
  expectShell,
  openMenuEntry,
  outboxTo,
  setPasswordPath,
  settle,
  shot,
  signIn,
} from './support.ts';

const ADMIN = 'admin@demo.local';
const RUN = Date.now().toString(36);
const TECH = `tech.${RUN}@demo.local`;
/** Unique per run, so the journey can run again against the same server. */
const GROUP = `Night shift ${RUN}`;
const TECH_PASSWORD = 'Night!Shift7';

interface AuditRow {
  CompanyId: number | null;
  CompanyName: string;
  DeviceName: string;
}
async function auditRows(request: APIRequestContext, headers: Record<string, string>): Promise<AuditRow[]> {
  const r = await request.post('/api/policy/audit-backups', { headers, data: { Size: 500 } });
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()).Results;
}

/** Types into a company picker and picks the company. */
async function pickCompany(page: Page, field: string, name: string): Promise<void> {
  const box = page.getByRole('combobox', { name: field });
  await box.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('an admin restricts a new user to two companies; the user sees only their backups', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  page.setDefaultTimeout(20_000);
  await ensureTenantAdminMfaOff(request, ADMIN);
  // The two companies with the most backups in the demo's audit.
  const all = await auditRows(request, await apiHeaders(request, ADMIN));
  const perCompany = new Map<string, number>();
  for (const r of all)
    if (r.CompanyId !== null) perCompany.set(r.CompanyName, (perCompany.get(r.CompanyName) ?? 0) + 1);
  const [viaGroup, direct] = [...perCompany.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  expect(viaGroup && direct, 'the demo has backups of at least two companies').toBeTruthy();
  const expected = all.filter((r) => r.CompanyName === viaGroup || r.CompanyName === direct).length;
  expect(expected).toBeLessThan(all.length);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);
  await openMenuEntry(page, 'User Management', 'Settings');
  await expect(page).toHaveURL(/\/app\/settings\/user-management\/users$/);
  const users = page.getByRole('grid', { name: 'Users' });
  await expect(users.getByText('standard@demo.local')).toBeVisible();
  await expect(users.getByText('client@demo.local')).toHaveCount(0);

  // The groups of staff users, with their member counts.
  await page.getByRole('tab', { name: 'Groups', exact: true }).click();
  const groupGrid = page.getByRole('grid', { name: 'Groups' });
  await expect(groupGrid.getByText('Standard Users')).toBeVisible();
  await expect(groupGrid.getByText('Clients')).toHaveCount(0);
  await settle(page);
  await shot(page, 'users-groups');

  // A restriction group holding the first company.
  await page.getByRole('tab', { name: 'Restriction Groups' }).click();
  await page.getByRole('button', { name: 'Add restriction group' }).click();
  const editor = page.getByRole('dialog', { name: 'Add restriction group' });
  await editor.getByRole('textbox', { name: 'Name' }).fill(GROUP);
  await editor.getByRole('textbox', { name: 'Description' }).fill('What the night technicians watch');
  await pickCompany(page, 'Companies', viaGroup);
  await settle(page);
  await shot(page, 'users-restriction-group-editor');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully added')).toBeVisible();
  const groups = page.getByRole('grid', { name: 'Restriction groups' });
  await expect(groups.locator('[role="row"]', { hasText: GROUP })).toContainText(viaGroup);
  await settle(page);
  await shot(page, 'users-restriction-groups');

  // The new user: standard, restricted to that group and to the second company directly.
  await page.getByRole('tab', { name: 'Users', exact: true }).click();
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(TECH);
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Nora');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Night');
  await dialog.getByLabel('Restrict to some companies').check();
  await dialog.getByRole('combobox', { name: 'Restriction groups' }).click();
  await page.getByRole('option', { name: GROUP }).click();
  await page.keyboard.press('Escape');
  await pickCompany(page, 'Companies', direct);
  await settle(page);
  await shot(page, 'users-editor');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByText(`Invitation sent to ${TECH}`)).toBeVisible();
  const row = users.locator('[role="row"]', { hasText: TECH });
  // Restricted: the list names the companies instead of a bare "Restricted".
  await expect(row).toContainText(direct!);
  await expect(row).not.toContainText('Restricted');
  await expect(row).toContainText('Invited');
  await settle(page);
  await shot(page, 'users-list-light');

  // Dark theme and a phone: the same list.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await settle(page);
  await shot(page, 'users-list-dark');
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByRole('heading', { name: 'Audit', level: 2 })).toBeVisible();
  await settle(page);
  await shot(page, 'users-permissions-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Users', exact: true }).click();
  await expect(page.getByText(TECH, { exact: true })).toBeVisible();
  await settle(page);
  await shot(page, 'users-list-phone');

  // The invitation, read from the platform's outbox.
  const mails = await outboxTo(request, TECH);
  expect(mails[0].Subject).toBe('Your Vigil account at Demo MSP');

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const tech = await context.newPage();
  await choosePasswordAndSignIn(tech, setPasswordPath(mails[0]), TECH, TECH_PASSWORD);
  await tech.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit', exact: true }).click();
  await expect(tech.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
  const grid = tech.getByRole('grid', { name: 'Backups' });
  const companyCells = grid.locator('[role="row"][data-row-id] [data-column-id="company"]');
  await expect(companyCells.first()).toBeVisible();
  await expect(tech.getByText(new RegExp(`of ${expected} backups`)).first()).toBeVisible();
  const seen = new Set((await companyCells.allInnerTexts()).map((s) => s.trim()));
  for (const name of seen) expect([viaGroup, direct]).toContain(name);
  await settle(tech);
  await shot(tech, 'users-restricted-audit');
  // The API answers the same: only those two companies.
  const theirs = await auditRows(request, await apiHeaders(request, TECH, TECH_PASSWORD));
  expect(theirs).toHaveLength(expected);
  expect(new Set(theirs.map((r) => r.CompanyName))).toEqual(new Set([viaGroup, direct]));
  await context.close();
});
