import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  connectWiseStubCredentials,
  startConnectWiseStub,
  type ConnectWiseStub,
  type CwStubTicket,
} from '../packages/server/test/psa-stubs/connectwise.ts';
import {
  csvReportEmail,
  DEMO_PASSWORD,
  ensureTenantAdminMfaOff,
  expectNoSideScroll,
  expectShell,
  resetAuditFilters,
  sendRawEmail,
  shot,
  signIn,
  switchTheme,
} from './support.ts';

const ADMIN = 'admin@demo.local';
const INBOUND = 'demo@inbound.localhost';
/** The PSA company the backup's company is folded into (seeded in the stub). */
const PSA_COMPANY = 'Acme Corporation';
const CLOSE_NOTE = 'The backup succeeded again; closed by Vigil.';

let stub: ConnectWiseStub;

test.beforeAll(async () => {
  // A ConnectWise Manage stand-in on loopback: the server under test talks to it over HTTP.
  stub = await startConnectWiseStub();
});
test.afterAll(async () => {
  await stub?.close();
});
test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});

async function apiAs(request: APIRequestContext) {
  const login = await request.post('/api/UserAuth/Login', { data: { UserName: ADMIN, Password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  return { Authorization: `Bearer ${(await login.json()).accessToken}` };
}

async function openFromMenu(page: Page, group: string, item: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const entry = nav.getByRole('link', { name: item, exact: true });
  if (!(await entry.isVisible())) await nav.getByRole('button', { name: group, exact: true }).click();
  await entry.click();
}

function ticketFor(job: string): CwStubTicket | undefined {
  return stub.state.tickets.find((t) => t.summary.includes(job));
}

test('a technician connects ConnectWise, syncs companies, and a failing backup opens a PSA ticket that closes when it succeeds', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const run = Date.now().toString(36);
  const device = `psa-${run}`;
  const job = `Nightly ${run}`;
  const localCompany = `Acme local ${run}`;
  const profileName = `ConnectWise tickets ${run}`;
  const ruleName = `Failed backups ${run}`;
  const headers = await apiAs(request);
  await resetAuditFilters(request, ADMIN);
  const report = (status: 'Success' | 'Failed', at: Date) =>
    csvReportEmail({ from: 'Acme Backups <backups@acme.example>', to: INBOUND, rows: [{ device, job, status, at }] });

  // The tenant starts without a PSA (a rerun on the same data removes the last one).
  const current = await (await request.get('/api/integration/crm', { headers })).json();
  if (current.Id) expect((await request.delete(`/api/integration/crm/${current.Id}`, { headers })).ok()).toBe(true);

  // The backup: a first report two days ago, activated under the client's (still local) company.
  // The create call takes the bare name as a JSON string (platform §7).
  const company = await request.post('/api/company/create', {
    headers: { ...headers, 'Content-Type': 'application/json' },
    data: JSON.stringify(localCompany),
  });
  expect(company.ok(), await company.text()).toBe(true);
  const companyId = (await company.json()).Id as number;
  expect(
    await sendRawEmail(report('Success', new Date(Date.now() - 48 * 3600_000)), {
      from: 'backups@acme.example',
      to: [INBOUND],
    }),
  ).toMatch(/^250 /);
  let policyId = 0;
  await expect
    .poll(
      async () => {
        const r = await request.post('/api/backup/inactive', { headers, data: { Search: device } });
        policyId = (await r.json()).Results?.[0]?.PolicyId ?? 0;
        return policyId;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const activate = await request.put('/api/policy-operation/batch', {
    headers,
    data: { PolicyIds: [policyId], Settings: { CompanyId: companyId }, Activate: true },
  });
  expect(activate.ok()).toBe(true);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  await expectShell(page);

  // Integration → PSA Integration: choose ConnectWise, fill the credentials the stub accepts, validate, save.
  await openFromMenu(page, 'Integration', 'PSA Integration');
  await expect(page).toHaveURL(/\/app\/integration\/psa$/);
  await expect(page.getByRole('heading', { name: 'PSA', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Connect ConnectWise Manage' }).click();
  const creds = connectWiseStubCredentials(stub.url);
  await page.getByLabel('Site URL').fill(creds.Url);
  await page.getByLabel('Company ID').fill(creds.CompanyId);
  await page.getByLabel('Public key').fill(creds.PublicKey);
  await page.getByLabel('Private key').fill('not-the-key');
  await page.getByLabel('Client ID').fill(creds.ClientId);
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByTestId('psa-validation')).toHaveClass(/Error/);
  await page.getByLabel('Private key').fill(creds.PrivateKey);
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByTestId('psa-validation')).toHaveClass(/Success/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Connection' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('psa-valid')).toHaveText('Valid');
  // The stored secret is never shown again.
  await expect(page.getByRole('textbox', { name: 'Private key' })).toHaveValue('••••• (stored)');

  // Companies: sync now; the runtime status goes from pending to completed.
  await page.getByRole('tab', { name: 'Companies' }).click();
  await expect(page).toHaveURL(/tab=companies/);
  await expect(page.getByRole('group', { name: 'Company statuses' })).toContainText('Inactive');
  await page.getByRole('button', { name: 'Sync companies now' }).click();
  await expect(page.getByTestId('psa-sync-status')).toContainText('Completed', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Preview companies' }).click();
  await expect(page.getByRole('table', { name: 'Companies that would sync' })).toContainText(PSA_COMPANY, {
    timeout: 30_000,
  });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(500);
  await shot(page, 'psa-integration');
  await page.getByRole('tab', { name: 'Stored responses' }).click();
  await expect(page.getByRole('table', { name: 'Stored responses' })).toContainText('GET');
  // The list of calls fits the page: long paths wrap instead of widening it.
  await expectNoSideScroll(page, 1440);
  await shot(page, 'psa-stored-responses');

  // Manage → Companies: the synced company is a PSA company; the client's backups move to it.
  await openFromMenu(page, 'Manage', 'Companies');
  await page.getByLabel('Search', { exact: true }).fill(PSA_COMPANY);
  const psaRow = page.getByRole('row').filter({ hasText: PSA_COMPANY }).first();
  await expect(psaRow).toContainText('PSA');
  await page.getByLabel('Search', { exact: true }).fill(localCompany);
  await page.getByRole('button', { name: `Replace ${localCompany} with another company` }).click();
  const replace = page.getByRole('dialog', { name: `Replace ${localCompany}` });
  await replace.getByLabel('Replace with').fill(PSA_COMPANY);
  await page.getByRole('option', { name: PSA_COMPANY }).first().click();
  await replace.getByRole('button', { name: 'Replace' }).click();
  await expect(replace).toBeHidden();

  // Tickets → Ticket Profiles: a ConnectWise profile on the Service Desk board.
  await createProfile(page, profileName);
  // Tickets → Ticket Rules: failures for one day open a ticket; success closes it with a note.
  await createRule(page, ruleName, profileName);

  // The backup fails (dated yesterday): the rule opens a ticket in ConnectWise with the profile's subject.
  expect(
    await sendRawEmail(report('Failed', new Date(Date.now() - 24 * 3600_000)), {
      from: 'backups@acme.example',
      to: [INBOUND],
    }),
  ).toMatch(/^250 /);
  await expect
    .poll(() => ticketFor(job)?.summary ?? '', { timeout: 180_000, intervals: [2000] })
    .toBe(`Backup Failure: ${job} on ${device}`);
  const opened = ticketFor(job)!;
  expect(opened.company.name).toBe(PSA_COMPANY);
  expect(opened.board.name).toBe('Service Desk');
  expect(opened.closedFlag).toBe(false);

  // Tickets → Ticket Issues lists it.
  await openFromMenu(page, 'Tickets', 'Ticket Issues');
  await expect(page.getByRole('main')).toContainText(`Backup Failure: ${job} on ${device}`, { timeout: 20_000 });

  // Audit: the Tickets column opens the backup's tickets in a window, with the PSA number.
  await openFromMenu(page, 'Audit', 'Audit');
  await page.getByLabel('Search backups').fill(job);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: new RegExp(`^Tickets of ${job}: 1$`) }).click({ timeout: 30_000 });
  const win = await popup;
  await win.waitForLoadState();
  await expect(win.getByRole('heading', { name: job, level: 1 })).toBeVisible();
  const item = win.getByRole('list', { name: 'Tickets' }).getByRole('listitem').first();
  await expect(item).toContainText(`Backup Failure: ${job} on ${device}`);
  await expect(item).toContainText(`#${opened.id}`);
  await expect(item).toContainText('Open');
  await item.getByRole('button', { name: `Details of ticket ${opened.id}` }).click();
  await expect(win.getByTestId(/^ticket-details-/)).toContainText('History');
  await win.waitForTimeout(400);
  await shot(win, 'audit-ticketing-popup');
  await win.close();

  // The backup succeeds today: the ticket closes in ConnectWise with the closing note.
  expect(
    await sendRawEmail(report('Success', new Date(Date.now() - 5 * 60_000)), {
      from: 'backups@acme.example',
      to: [INBOUND],
    }),
  ).toMatch(/^250 /);
  await expect.poll(() => ticketFor(job)?.closedFlag ?? false, { timeout: 180_000, intervals: [2000] }).toBe(true);
  const closed = ticketFor(job)!;
  expect(closed.id).toBe(opened.id);
  expect(closed.notes.map((n) => n.text).join('\n')).toContain(CLOSE_NOTE);
  expect(stub.state.tickets.filter((t) => t.summary.includes(job))).toHaveLength(1);

  // The small screen and the dark theme of the PSA screen.
  await page.goto('/app/integration/psa?tab=companies');
  await switchTheme(page, 'dark');
  await expect(page.getByRole('group', { name: 'Company types' })).toBeVisible();
  await shot(page, 'psa-integration-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/integration/psa');
  await expect(page.getByTestId('psa-valid')).toHaveText('Valid');
  await shot(page, 'psa-integration-phone-dark');
  await switchTheme(page, 'light');
});

async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function createProfile(page: Page, name: string): Promise<void> {
  await openFromMenu(page, 'Tickets', 'Ticket Profiles');
  // The one-time Ticket Profiles announcement (features §2.4) comes first for this user.
  const gotIt = page.getByRole('button', { name: 'Got it' });
  const announced = await gotIt
    .waitFor({ timeout: 5000 })
    .then(() => true)
    .catch(() => false);
  if (announced) await gotIt.click();
  await page.getByRole('button', { name: 'Create profile' }).click();
  const form = page.getByRole('form', { name: 'Create ticket profile' });
  await form.getByLabel('Ticket Profile name').fill(name);
  await form.getByRole('button', { name: 'PSA · ConnectWise Manage' }).click();
  await pick(page, 'Service board', 'Service Desk');
  await pick(page, 'Priority', /Priority 3/);
  await pick(page, 'New ticket status', 'New');
  await pick(page, 'Closed ticket status', 'Closed (resolved)');
  await pick(page, 'Group Backups by', 'Backup');
  // Tickets of backups whose company is not in the PSA land on the catch-all company.
  await form.getByRole('combobox', { name: 'Catch-all company' }).fill(PSA_COMPANY);
  await page.getByRole('option', { name: PSA_COMPANY }).first().click();
  await form.getByRole('textbox', { name: 'Subject' }).fill('Backup {status}: {job} on {device}');
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Ticket profile created successfully')).toBeVisible();
}

async function createRule(page: Page, name: string, profile: string): Promise<void> {
  await openFromMenu(page, 'Tickets', 'Ticket Rules');
  await page.getByRole('button', { name: 'New rule' }).click();
  const form = page.getByRole('form', { name: 'New ticket rule' });
  await form.getByLabel('Name').fill(name);
  await pick(page, 'Ticket profile', new RegExp(profile));
  // A failure for one day opens the ticket; success closes it with the note.
  await expect(form.getByRole('checkbox', { name: 'Failure' })).toBeChecked();
  await form.getByRole('spinbutton', { name: 'Consecutive days' }).fill('1');
  await expect(form.getByLabel('Close the ticket when the backup succeeds again')).toBeChecked();
  await form.getByLabel('Closing note').fill(CLOSE_NOTE);
  // Only this client's backups: rules are tried in order and the first covering a backup wins.
  await form.getByRole('combobox', { name: 'Companies' }).fill(PSA_COMPANY);
  await page.getByRole('option', { name: PSA_COMPANY }).first().click();
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(form).toBeHidden();
  const grid = page.getByRole('grid', { name: 'Ticket rules' });
  await expect(grid).toContainText(name);
  // New rules go last; this one moves ahead of the demo's catch-all rules.
  const rowOf = async () => (await grid.getByRole('row').allTextContents()).findIndex((t) => t.includes(name));
  for (let row = await rowOf(); row > 1; row--) {
    await page.getByRole('button', { name: `Move up: ${name}` }).click();
    await expect.poll(rowOf).toBe(row - 1);
  }
  await expect(page.getByRole('button', { name: `Move up: ${name}` })).toBeDisabled();
}
