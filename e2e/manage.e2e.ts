import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  clickToClose,
  csvReportEmail,
  DEMO_PASSWORD,
  ensureTenantAdminMfaOff,
  expectShell,
  openMenuEntry,
  sendRawEmail,
  settle,
  shot,
  signIn,
} from './support.ts';

const ADMIN = 'admin@demo.local';
const INBOUND = 'demo@inbound.localhost';

/** Opens a Manage screen from the main menu. */
async function openManage(page: Page, title: string): Promise<void> {
  await openMenuEntry(page, title, 'Manage');
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

function rowsOf(page: Page, grid: string): Locator {
  return page.getByRole('grid', { name: grid }).locator('[role="row"][data-row-id]');
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search', { exact: true }).fill(text);
}

async function select(row: Locator): Promise<void> {
  await row.getByRole('checkbox', { name: 'Select row' }).check();
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});

test('a technician activates new backups through a company rule, auto-activates by template, merges and retires', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const device = (n: string) => `hd-${run}-${n}`;
  const company = `Harbor Dental ${run}`;
  const template = `Harbor servers ${run}`;
  const ranAt = new Date(Date.now() - 60 * 60 * 1000);
  const report = (names: string[]) =>
    csvReportEmail({
      from: 'Harbor Dental Backups <backups@harbordental.example>',
      to: INBOUND,
      rows: names.map((n) => ({
        device: device(n),
        job: `Nightly ${n}`,
        status: n === 'ws' ? 'Warning' : 'Success',
        at: ranAt,
      })),
    });
  const login = await request.post('/api/UserAuth/Login', { data: { UserName: ADMIN, Password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const total = async (list: 'inactive' | 'active', search: string) =>
    (await (await request.post(`/api/backup/${list}`, { headers, data: { Search: search } })).json()).Total;

  // Five backups report for the first time, over SMTP.
  expect(
    await sendRawEmail(report(['nas', 'srv', 'ws', 'old', 'new']), {
      from: 'backups@harbordental.example',
      to: [INBOUND],
    }),
  ).toMatch(/^250 /);
  await expect.poll(() => total('inactive', `hd-${run}`), { timeout: 30_000 }).toBe(5);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);

  // Companies: a new client with a rule that claims its devices, applied from the popup.
  await openManage(page, 'Companies');
  await page.getByRole('button', { name: 'New company' }).click();
  const create = page.getByRole('dialog', { name: 'New company' });
  await create.getByLabel('Name').fill(company);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toBeHidden();
  await page.getByLabel('Search', { exact: true }).fill(company);
  await page.getByRole('button', { name: `Rules of ${company}` }).click();
  await page.getByRole('button', { name: 'Add group' }).click();
  await page.getByRole('combobox', { name: 'Operator' }).click();
  await page.getByRole('option', { name: 'starts with', exact: true }).click();
  await page.getByRole('textbox', { name: 'Value' }).fill(`hd-${run}-`);
  await page.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByRole('table', { name: 'Matching backups' })).toContainText(device('nas'));
  await page.getByRole('button', { name: 'Save rules' }).click();
  await settle(page);
  await shot(page, 'manage-company-rules');
  await page.getByRole('main').getByRole('button', { name: 'Companies', exact: true }).click();
  const applyPopup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Apply rules' }).click();
  const applyWin = await applyPopup;
  await applyWin.waitForLoadState();
  await applyWin.getByRole('button', { name: new RegExp(company) }).click();
  await expect(applyWin.getByRole('table', { name: `Backups for ${company}` })).toContainText(device('srv'));
  await shot(applyWin, 'manage-company-apply');
  await applyWin.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(applyWin.getByRole('alert').first()).toBeVisible();
  await applyWin.close();

  // Activate Backups: three of the new ones, in one popup; the rule's company is already set.
  await openManage(page, 'Activate Backups');
  await search(page, `hd-${run}`);
  const inactive = rowsOf(page, 'Activate Backups');
  await expect(inactive).toHaveCount(5);
  await expect(inactive.first()).toContainText(company);
  for (const n of ['nas', 'srv', 'ws']) await select(inactive.filter({ hasText: device(n) }));
  await settle(page);
  await shot(page, 'manage-activate-selected');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Activate (3)' }).click();
  const win = await popup;
  await win.waitForLoadState();
  await expect(win.getByRole('heading', { name: 'Activate 3 backups' })).toBeVisible();
  await expect(win.getByRole('combobox', { name: 'Company' })).toHaveText(company);
  await win.getByRole('combobox', { name: 'Schedule' }).click();
  await win.getByRole('option', { name: 'Every day', exact: true }).click();
  await win.getByLabel('Tags').fill('Harbor');
  await win.getByLabel('Tags').press('Enter');
  await shot(win, 'manage-activate-window');
  await clickToClose(win, win.getByRole('button', { name: 'Activate 3 backups' }));
  await expect(inactive).toHaveCount(2);

  // Edit Backups lists them with their company and schedule.
  await openManage(page, 'Edit Backups');
  await search(page, `hd-${run}`);
  const active = rowsOf(page, 'Edit Backups');
  await expect(active).toHaveCount(3);
  await expect(active.filter({ hasText: device('ws') })).toContainText('Every day');
  await expect(active.filter({ hasText: device('ws') })).toContainText(company);

  // A template for the client's servers that activates the next matching backup by itself.
  await openManage(page, 'Templates');
  await page.getByRole('button', { name: 'New template' }).click();
  const newTemplate = page.getByRole('dialog', { name: 'New template' });
  await newTemplate.getByLabel('Name').fill(template);
  await newTemplate.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: template, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add group' }).click();
  await page.getByRole('combobox', { name: 'Operator' }).click();
  await page.getByRole('option', { name: 'starts with', exact: true }).click();
  await page.getByRole('textbox', { name: 'Value' }).fill(`hd-${run}-srv`);
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Rules saved')).toBeVisible();
  await page.getByRole('button', { name: 'Back to templates' }).click();
  const settingsPopup = page.waitForEvent('popup');
  await page
    .getByRole('row', { name: new RegExp(template) })
    .getByRole('button', { name: 'Settings' })
    .click();
  const settingsWin = await settingsPopup;
  await settingsWin.waitForLoadState();
  await settingsWin.getByRole('combobox', { name: 'Schedule' }).click();
  await settingsWin.getByRole('option', { name: 'Weekdays', exact: true }).click();
  await settingsWin.getByRole('button', { name: 'Save' }).click();
  await expect(settingsWin.getByText(`Saved ${template}`)).toBeVisible();
  await settingsWin.close();
  const auto = page.getByRole('switch', { name: `Auto-activation of ${template}` });
  await auto.click();
  await expect(page.getByText(`Auto-activation on for ${template}`)).toBeVisible();
  await expect(auto).toBeChecked();
  await settle(page);
  await shot(page, 'manage-templates');

  // The next e-mail brings a new server: it arrives active, linked to the template.
  expect(await sendRawEmail(report(['srv2']), { from: 'backups@harbordental.example', to: [INBOUND] })).toMatch(
    /^250 /,
  );
  await expect.poll(() => total('active', device('srv2')), { timeout: 30_000 }).toBe(1);
  await openManage(page, 'Edit Backups');
  await search(page, `hd-${run}`);
  await expect(active).toHaveCount(4);
  await expect(active.filter({ hasText: device('srv2') })).toContainText(template);
  await expect(active.filter({ hasText: device('srv2') })).toContainText('Weekdays');

  // Activate the other two as well, then merge them: "old" was renamed "new".
  await openManage(page, 'Activate Backups');
  await search(page, `hd-${run}`);
  await select(inactive.filter({ hasText: device('old') }));
  await select(inactive.filter({ hasText: device('new') }));
  const popup2 = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Activate (2)' }).click();
  const win2 = await popup2;
  await win2.waitForLoadState();
  await clickToClose(win2, win2.getByRole('button', { name: 'Activate 2 backups' }));

  await openManage(page, 'Edit Backups');
  await search(page, `hd-${run}`);
  await expect(active).toHaveCount(6);
  await select(active.filter({ hasText: device('old') }));
  await select(active.filter({ hasText: device('new') }));
  await page.getByRole('button', { name: 'Merge' }).click();
  const mergeDialog = page.getByRole('dialog', { name: 'Merge two backups' });
  await mergeDialog.getByRole('radio', { name: new RegExp(`Nightly new · ${device('new')}`) }).check();
  await shot(page, 'manage-merge');
  await mergeDialog.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText('Backups merged')).toBeVisible();
  await expect(active).toHaveCount(5);
  await expect(active.filter({ hasText: device('old') })).toHaveCount(0);

  // Retire one: it leaves the list and shows under Retired Backups.
  await select(active.filter({ hasText: device('nas') }));
  await page.getByRole('button', { name: 'Retire' }).click();
  await expect(page.getByText('Backups retired')).toBeVisible();
  await expect(active).toHaveCount(4);
  await openManage(page, 'Retired Backups');
  await search(page, `hd-${run}`);
  await expect(rowsOf(page, 'Retired Backups')).toHaveCount(1);
  await expect(rowsOf(page, 'Retired Backups')).toContainText(device('nas'));
  await settle(page);
  await shot(page, 'manage-retired');

  // Every step is in the activity log.
  await openManage(page, 'Activity Logs');
  for (const action of [
    'Company created',
    'Company rules changed',
    'Backup activated',
    'Template created',
    'Backups merged',
    'Backup retired',
  ]) {
    await expect(page.getByRole('grid').getByText(action, { exact: true }).first()).toBeVisible();
  }
  await settle(page);
  await shot(page, 'manage-activity-logs');

  // The overview counts what is monitored.
  await openManage(page, 'Overview');
  await expect(page.getByTestId('count-RetiredPolicies')).not.toContainText(/^0$/);
  await settle(page);
  await shot(page, 'manage-overview');
});
