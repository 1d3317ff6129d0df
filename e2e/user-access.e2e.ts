import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  ensureTenantAdminMfaOff,
  expectShell,
  openMenuEntry,
  shot,
  signIn,
  switchTheme,
  apiHeaders,
} from './support.ts';

const ADMIN = 'admin@demo.local';
const CLIENT = 'client@demo.local';
const STANDARD = 'standard@demo.local';
const READ = 'settings.getusers';
const EDIT = 'settings.editusers';
const SWITCH = 'Client users may sign in with Microsoft or Google';

type Headers = Record<string, string>;

async function getJson<T>(request: APIRequestContext, headers: Headers, url: string): Promise<T> {
  const r = await request.get(url, { headers });
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()) as T;
}

/** Closes the confirmation toasts so they do not cover the screen in a screenshot. */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  const close = page.locator('.MuiSnackbar-root').getByRole('button', { name: 'Close' });
  for (let i = 0; i < 5 && (await close.count()) > 0; i++) {
    await close.first().click();
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(500);
}

interface TenantConfig {
  PrimaryUserEmailDomain: string | null;
  SecondaryUserEmailDomains: string[];
  [k: string]: unknown;
}
interface HubRow {
  UserId: number | null;
  Email: string | null;
  HasAccess: boolean;
  GrantedBy: string | null;
}

/**
 * A standard user allowed to read User Management (settings.getusers without editusers) sees the
 * client sign-in state, support access and user types, with no switch and no buttons.
 */
async function readOnlyView(browser: Browser, request: APIRequestContext, api: Headers): Promise<void> {
  const groups = await getJson<{ Id: number; Name: string; Permissions: string[] }[]>(
    request,
    api,
    '/api/group/standard',
  );
  const group = groups.find((g) => g.Name === 'Standard Users')!;
  const had = { read: group.Permissions.includes(READ), edit: group.Permissions.includes(EDIT) };
  const toggle = async (Permission: string, Enabled: boolean) => {
    const r = await request.put('/api/permission/toggle', {
      headers: api,
      data: { GroupId: group.Id, Permission, Enabled },
    });
    expect(r.ok(), await r.text()).toBe(true);
  };
  await toggle(READ, true);
  await toggle(EDIT, false);
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, STANDARD);
    await expectShell(page);
    await openMenuEntry(page, 'User Management', 'Settings');
    await page.getByRole('button', { name: 'Client users', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Client sign-in' });
    await expect(panel).toContainText(SWITCH);
    await expect(panel).toContainText('Off');
    await expect(panel.getByRole('switch')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Support Access' }).click();
    const table = page.getByRole('table', { name: 'Support access' });
    await expect(table.getByRole('row', { name: /root@vigil\.local/ })).toContainText('No access');
    await expect(table.getByRole('button')).toHaveCount(0);
    await page.getByRole('tab', { name: 'User Types' }).click();
    await expect(page.getByTestId('count-Client users')).toHaveText(/\d+/);
    await expect(page.getByRole('button', { name: /^Move/ })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Suggested moves' }).getByRole('checkbox')).toHaveCount(0);
  } finally {
    await context.close();
    await toggle(READ, had.read);
    await toggle(EDIT, had.edit);
  }
}

test('an admin switches client sign-in, grants and revokes support access, and moves a user between types', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(20_000);
  await ensureTenantAdminMfaOff(request, ADMIN);
  const api = await apiHeaders(request, ADMIN);
  const ssoAtStart = (await getJson<{ ClientSsoEnabled: boolean }>(request, api, '/api/user/sso')).ClientSsoEnabled;
  const config = await getJson<TenantConfig>(request, api, '/api/tenants/config');
  const hubAtStart = await getJson<HubRow[]>(request, api, '/api/user/hub-users');
  const restoreConfig = async () => {
    const { Name, PrimaryUserEmailDomain, SecondaryUserEmailDomains, TimeZoneId, Country, DateFormat, TimeFormat } =
      config;
    const r = await request.put('/api/tenants/config', {
      headers: api,
      data: { Name, PrimaryUserEmailDomain, SecondaryUserEmailDomains, TimeZoneId, Country, DateFormat, TimeFormat },
    });
    expect(r.ok(), await r.text()).toBe(true);
  };

  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    await expectShell(page);
    await openMenuEntry(page, 'User Management', 'Settings');
    await expect(page).toHaveURL(/\/app\/settings\/user-management\/users$/);

    // Client sign-in: the switch sits above the client users list; each change is confirmed.
    await page.getByRole('button', { name: 'Client users', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Client sign-in' });
    const toggle = panel.getByRole('switch', { name: SWITCH });
    await expect(toggle).toBeChecked({ checked: ssoAtStart });
    for (const next of [!ssoAtStart, ssoAtStart]) {
      await toggle.click();
      const verb = next ? 'Turn on' : 'Turn off';
      const confirm = page.getByRole('dialog', { name: `${verb} client sign-in with Microsoft or Google` });
      await expect(confirm).toContainText(next ? 'Their passwords keep working' : 'sign in with their password');
      await confirm.getByRole('button', { name: verb, exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(toggle).toBeChecked({ checked: next });
      const state = await getJson<{ ClientSsoEnabled: boolean }>(request, api, '/api/user/sso');
      expect(state.ClientSsoEnabled).toBe(next);
      if (next) {
        await settle(page);
        await shot(page, 'user-access-client-sign-in-light');
      }
    }
    // Cancelling changes nothing.
    await toggle.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(toggle).toBeChecked({ checked: ssoAtStart });

    // Support access: grant the platform admin 14 days, see who and until when, then revoke.
    await page.getByRole('tab', { name: 'Support Access' }).click();
    await expect(page).toHaveURL(/\/support-access$/);
    const table = page.getByRole('table', { name: 'Support access' });
    const rootRow = table.getByRole('row', { name: /root@vigil\.local/ });
    await expect(rootRow).toContainText('No access');
    await expect(page.getByTestId('support-access-summary')).toHaveText('No support staff can enter your account.');
    await page.getByRole('button', { name: 'Grant access for Platform Admin' }).click();
    const grant = page.getByRole('dialog', { name: 'Grant support access' });
    await expect(grant).toContainText('Platform Admin (root@vigil.local) will be able to sign in');
    await grant.getByRole('combobox', { name: 'Access for' }).click();
    await expect(page.getByRole('option')).toHaveText(['1 day', '3 days', '7 days', '14 days', '30 days']);
    await page.getByRole('option', { name: '14 days' }).click();
    await grant.getByRole('button', { name: 'Grant access' }).click();
    await expect(grant).toBeHidden();
    await expect(rootRow).toContainText(/Until \d\d\/\d\d\/\d{4}/);
    await expect(rootRow).toContainText('in 2 weeks');
    await expect(rootRow).toContainText('by Alex Morgan');
    await expect(page.getByTestId('support-access-summary')).toHaveText(
      '1 support staff member can enter your account.',
    );
    const hub = await getJson<HubRow[]>(request, api, '/api/user/hub-users');
    expect(hub.find((h) => h.Email === 'root@vigil.local')).toMatchObject({
      HasAccess: true,
      GrantedBy: 'Alex Morgan',
    });
    await settle(page);
    await shot(page, 'user-access-support-light');
    await switchTheme(page, 'dark');
    await settle(page);
    await shot(page, 'user-access-support-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await shot(page, 'user-access-support-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await switchTheme(page, 'light');

    await page.getByRole('button', { name: 'Revoke access for Platform Admin' }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke access for Platform Admin' });
    await expect(revoke).toContainText('will no longer be able to enter your account');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(revoke).toBeHidden();
    await expect(rootRow).toContainText('No access');
    const after = await getJson<HubRow[]>(request, api, '/api/user/hub-users');
    expect(after.every((h) => !h.HasAccess)).toBe(true);

    // User types: with the tenant's own domain set, the client user on it is suggested as staff.
    const r = await request.put('/api/tenants/config', {
      headers: api,
      data: {
        Name: config.Name,
        PrimaryUserEmailDomain: 'demo.local',
        SecondaryUserEmailDomains: config.SecondaryUserEmailDomains.filter((d) => d !== 'demo.local'),
        TimeZoneId: config.TimeZoneId,
        Country: config.Country,
        DateFormat: config.DateFormat,
        TimeFormat: config.TimeFormat,
      },
    });
    expect(r.ok(), await r.text()).toBe(true);
    const counts = await getJson<{ Standard: number; Client: number }>(request, api, '/api/user-types');
    await page.getByRole('tab', { name: 'User Types' }).click();
    await expect(page).toHaveURL(/\/user-types$/);
    await expect(page.getByTestId('count-Staff users')).toHaveText(String(counts.Standard));
    await expect(page.getByTestId('count-Client users')).toHaveText(String(counts.Client));
    const suggestions = page.getByRole('table', { name: 'Suggested moves' });
    const clientRow = suggestions.getByRole('row', { name: new RegExp(CLIENT.replace(/\./g, '\\.')) });
    await expect(clientRow).toContainText('demo.local is one of your own e-mail domains');
    const move = page.getByRole('button', { name: /^Move (selected|\d+ users?)$/ });
    await expect(move).toBeDisabled();
    await clientRow.getByRole('checkbox', { name: `Select ${CLIENT}` }).check();
    await settle(page);
    await shot(page, 'user-access-user-types-light');
    await switchTheme(page, 'dark');
    await settle(page);
    await shot(page, 'user-access-user-types-dark');
    await switchTheme(page, 'light');
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await shot(page, 'user-access-user-types-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Move 1 user' }).click();
    const confirmMove = page.getByRole('dialog', { name: 'Move users' });
    await expect(confirmMove).toContainText('Move 1 user to staff users?');
    await confirmMove.getByRole('button', { name: 'Move 1 user' }).click();
    await expect(page.getByText('Moved 1 user to staff users')).toBeVisible();
    await expect(page.getByTestId('count-Staff users')).toHaveText(String(counts.Standard + 1));
    await expect(page.getByTestId('count-Client users')).toHaveText(String(counts.Client - 1));
    await expect(clientRow).toHaveCount(0);

    // And back, from the staff users list's bulk actions.
    await page.getByRole('tab', { name: 'Users', exact: true }).click();
    await page.getByRole('button', { name: 'Staff users', exact: true }).click();
    const grid = page.getByRole('grid', { name: 'Users' });
    const staffRow = grid.getByRole('row', { name: new RegExp(CLIENT.replace(/\./g, '\\.')) });
    await staffRow.getByRole('checkbox', { name: 'Select row' }).check();
    await page.getByRole('button', { name: 'Move to client users' }).click();
    const back = page.getByRole('dialog', { name: 'Move to client users' });
    await expect(back).toContainText('Move 1 user to client users?');
    await back.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(page.getByText('Moved 1 user to client users')).toBeVisible();
    await expect(staffRow).toHaveCount(0);
    await page.getByRole('button', { name: 'Client users', exact: true }).click();
    await expect(grid.getByRole('row', { name: new RegExp(CLIENT.replace(/\./g, '\\.')) })).toContainText('Clients');
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await shot(page, 'user-access-client-sign-in-phone');
  } finally {
    await restoreConfig();
    const sso = await request.put(`/api/user/sso/${ssoAtStart}`, { headers: api });
    expect(sso.ok()).toBe(true);
    if (!hubAtStart.some((h) => h.HasAccess))
      await request.post('/api/user/revoke-access', { headers: api, data: { UserId: null } });
    const clientUser = (
      await getJson<{ Id: number; Email: string; Level: number }[]>(request, api, '/api/user/client')
    ).find((u) => u.Email === CLIENT);
    if (!clientUser) {
      const staff = await getJson<{ Id: number; Email: string }[]>(request, api, '/api/user/partner');
      const id = staff.find((u) => u.Email === CLIENT)?.Id;
      if (id) await request.post('/api/user-types/migrate', { headers: api, data: { Ids: [id], Type: 'client' } });
    }
  }
  await readOnlyView(browser, request, api);
  const end = await getJson<{ Email: string; GroupName: string | null }[]>(request, api, '/api/user/client');
  expect(end.find((u) => u.Email === CLIENT)?.GroupName).toBe('Clients');
  expect((await getJson<TenantConfig>(request, api, '/api/tenants/config')).PrimaryUserEmailDomain).toBe(
    config.PrimaryUserEmailDomain,
  );
});
