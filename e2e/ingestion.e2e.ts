import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ensureTenantAdminMfaOff,
  expectNoSideScroll,
  expectShell,
  openMenuEntry,
  parserFixture,
  plainEmail,
  screenshotsOn,
  sendRawEmail,
  shot,
  signIn,
  switchTheme,
  transitionsDone,
} from './support.ts';

const INBOUND = 'demo@inbound.localhost';
const VEEAM_SUBJECT = '[Success] DC Servers (3 objects)';

/** Opens a screen from a group of the main menu, once the sign-in has landed on its first screen. */
async function openFromMenu(page: Page, group: string, item: string, drawer = false): Promise<void> {
  await expect(page).toHaveURL(/\/(app\/dashboard|app\/navigate|admin\/tenants)$/);
  // The landing screen has rendered, so the menu shows its settled state.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  if (drawer) await page.getByRole('button', { name: 'Open navigation' }).click();
  await openMenuEntry(page, item, group);
}

/** Scrolls so the element sits just under the top bar, and lets transitions finish, for a screenshot. */
async function frame(page: Page, target?: Locator): Promise<void> {
  if (target) await target.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 76));
  else await page.evaluate(() => window.scrollTo(0, 0));
  if (screenshotsOn) await page.waitForTimeout(600);
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, 'admin@demo.local');
});

test('a tenant admin sees reports arrive by e-mail, manages aliases, reads the raw e-mail and reprocesses', async ({
  page,
}) => {
  // Two real e-mails over SMTP: a Veeam report, and a message no parser knows (plus-addressed).
  const lunch = `Lunch on Friday? ${Date.now()}`;
  expect(
    await sendRawEmail(parserFixture('veeam-br', 'backup-job-success.eml'), {
      from: 'veeam@contoso.com',
      to: [INBOUND],
    }),
  ).toMatch(/^250 /);
  expect(
    await sendRawEmail(
      plainEmail({
        from: 'Sam Sender <sam@example.com>',
        to: 'demo+acme@inbound.localhost',
        subject: lunch,
        body: 'Shall we try the new place on the corner?',
      }),
      { from: 'sam@example.com', to: ['demo+acme@inbound.localhost'] },
    ),
  ).toMatch(/^250 /);

  await signIn(page, 'admin@demo.local');
  await expectShell(page);
  await openFromMenu(page, 'Integration', 'Mailboxes');
  await expect(page).toHaveURL(/\/app\/integration\/mailboxes$/);
  await expect(page.getByRole('heading', { name: 'Mailboxes', level: 1 })).toBeVisible();
  await expect(page.getByTestId('inbound-address')).toHaveText(INBOUND);
  await expect(page.getByText('demo+clientcode@inbound.localhost')).toBeVisible();

  // Aliases: the client-side check, a refusal from the server, then add and delete.
  const alias = page.getByLabel('New alias');
  await alias.fill('bad alias!');
  await page.getByRole('button', { name: 'Add alias' }).click();
  await expect(
    page.getByText('Use letters, digits, dots, dashes or underscores (up to 64) for an alias.'),
  ).toBeVisible();
  await alias.fill('demo');
  await page.getByRole('button', { name: 'Add alias' }).click();
  await expect(page.getByText('demo@inbound.localhost is already in use.')).toBeVisible();
  await alias.fill('Backups');
  await page.getByRole('button', { name: 'Add alias' }).click();
  const aliases = page.getByRole('list', { name: 'Aliases' });
  await expect(aliases.getByText('backups@inbound.localhost')).toBeVisible();
  await expect(alias).toHaveValue('');
  await page.getByRole('button', { name: 'Delete alias backups@inbound.localhost' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete alias' });
  await expect(confirm).toContainText('Are you sure you want to delete: backups@inbound.localhost');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Alias backups@inbound.localhost deleted')).toBeVisible();
  await expect(aliases.getByText('backups@inbound.localhost')).toHaveCount(0);
  await alias.fill('reports');
  await page.getByRole('button', { name: 'Add alias' }).click();
  await expect(aliases.getByText('reports@inbound.localhost')).toBeVisible();

  // The two e-mails, the Veeam one with its three results.
  const emails = page.getByRole('table', { name: 'Recent e-mails' });
  const veeam = emails.getByRole('row', { name: VEEAM_SUBJECT, exact: true });
  const other = emails.getByRole('row', { name: lunch, exact: true });
  await expect(veeam).toBeVisible({ timeout: 20_000 });
  await expect(other).toBeVisible();
  await expect(veeam).toContainText('Veeam Backup & Replication');
  for (const device of ['DC01', 'DC02', 'APP01']) await expect(veeam).toContainText(device);
  await expect(veeam.getByText('Success', { exact: true })).toHaveCount(3);
  await expect(other).toContainText('Not recognised');
  await expect(other).toContainText('client acme');
  await frame(page, page.getByRole('heading', { name: 'Recent e-mails' }));
  await shot(page, 'mailboxes-light');

  // Details of the Veeam e-mail: its results in full.
  await veeam.getByRole('button', { name: `Show details of ${VEEAM_SUBJECT}` }).click();
  const results = page.getByRole('table', { name: `Results of ${VEEAM_SUBJECT}` });
  await expect(results).toBeVisible();
  await expect(results.getByRole('row')).toHaveCount(4);
  await expect(results.getByRole('row', { name: /APP01/ })).toContainText('Primary Backup');
  await frame(page, veeam);
  await shot(page, 'mailboxes-results-light');
  await veeam.getByRole('button', { name: `Hide details of ${VEEAM_SUBJECT}` }).click();
  await expect(results).toBeHidden();

  // The unrecognised one: its reason, the raw e-mail, then reprocess.
  await other.getByRole('button', { name: `Show details of ${lunch}` }).click();
  await expect(page.getByTestId('email-reason')).toContainText('No parser recognises this e-mail');
  // Both rows' details slide (one shut, one open): the button is clicked where it comes to rest.
  await transitionsDone(page.locator('body'));
  await page.getByRole('button', { name: 'View raw' }).click();
  const raw = page.getByRole('dialog', { name: new RegExp(lunch.replace(/[?]/g, '\\?')) });
  await expect(raw).toBeVisible();
  await expect(raw.getByTestId('raw-email')).toContainText(`Subject: ${lunch}`);
  await expect(raw.getByTestId('raw-email')).toContainText('Shall we try the new place on the corner?');
  await page.waitForTimeout(400);
  await shot(page, 'mailboxes-raw-light');
  await page.keyboard.press('Escape');
  await expect(raw).toBeHidden();
  await transitionsDone(page.locator('body'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .eml' }).click();
  expect((await download).suggestedFilename()).toMatch(/^\d+-Lunch-on-Friday-\d+\.eml$/);
  // Reprocessing parses it again: the list refreshes and shows a second attempt.
  const attempts = page.locator('[data-testid^="email-details-"] div:has(> dt:text-is("Attempts")) > dd');
  await expect(attempts).toHaveText('1');
  await page.getByRole('button', { name: 'Reprocess' }).click();
  await expect(attempts).toHaveText('2');

  // Filters: unrecognised only, then a search for a device name.
  // The filters live in the address bar: the switch follows once the URL has changed.
  await page.getByLabel('Unrecognised only').click();
  await expect(page).toHaveURL(/unrecognised=true/);
  await expect(page.getByLabel('Unrecognised only')).toBeChecked();
  await expect(veeam).toHaveCount(0);
  await expect(other).toBeVisible();
  await page.getByLabel('Unrecognised only').click();
  await expect(page).not.toHaveURL(/unrecognised/);
  await page.getByLabel('Search e-mails').fill('APP01');
  await expect(page).toHaveURL(/search=APP01/);
  await expect(other).toHaveCount(0);
  await expect(veeam).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(other).toBeVisible();

  await switchTheme(page, 'dark');
  await veeam.getByRole('button', { name: `Show details of ${VEEAM_SUBJECT}` }).click();
  await expect(results).toBeVisible();
  await frame(page, veeam);
  await shot(page, 'mailboxes-dark');
  await frame(page);
  await shot(page, 'mailboxes-top-dark');
  await switchTheme(page, 'light');
});

test('the Mailboxes screen works on a small screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.local');
  await expectShell(page);
  await openFromMenu(page, 'Integration', 'Mailboxes', true);
  await expect(page.getByTestId('inbound-address')).toHaveText(INBOUND);
  await frame(page);
  await shot(page, 'mailboxes-small-light');
  const list = page.getByRole('list', { name: 'Recent e-mails' });
  const card = list.getByRole('button', { name: `Show details of ${VEEAM_SUBJECT}` });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.click();
  await expect(list.getByRole('button', { name: `Hide details of ${VEEAM_SUBJECT}` })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByRole('list', { name: `Results of ${VEEAM_SUBJECT}` })).toContainText('APP01');
  await frame(page, list.getByRole('button', { name: `Hide details of ${VEEAM_SUBJECT}` }));
  await shot(page, 'mailboxes-small-expanded-light');
  // Nothing spills sideways.
  await expectNoSideScroll(page, 390);
});

test('a platform admin watches parsing, finds an e-mail, tests an .eml and bans a sender', async ({ page }) => {
  const subject = `Quarterly newsletter ${Date.now()}`;
  await sendRawEmail(
    plainEmail({ from: 'news@vendor.example', to: INBOUND, subject, body: 'Our news, not a backup report.' }),
    { from: 'news@vendor.example', to: [INBOUND] },
  );

  await signIn(page, 'root@vigil.local');
  await expectShell(page);
  await openFromMenu(page, 'Admin Portal', 'Parsing');
  await expect(page).toHaveURL(/\/admin\/parsing$/);
  const status = page.getByRole('region', { name: 'Parsing status' });
  for (const label of ['Queue depth', 'E-mails / min', 'Received', 'Processed', 'Failures', 'Unrecognised'])
    await expect(status.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByText('Veeam Backup & Replication').first()).toBeVisible();
  // The node's SMTP spool: e-mails answered 250 and not yet filed, reported by the node itself.
  const nodes = page.getByTestId('intake-nodes');
  await expect(nodes.getByText('SMTP ingest nodes')).toBeVisible();
  await expect(nodes.getByText('Reporting', { exact: true })).toBeVisible();
  await expect(nodes.getByText(/Spool empty|to file/)).toBeVisible();

  // Search across tenants with the spec's "email" term.
  await page.getByLabel('Address, subject or Message-ID').fill(subject);
  await expect(page).toHaveURL(/search=Quarterly/);
  const emails = page.getByRole('table', { name: 'Processed e-mails' });
  const row = emails.getByRole('row', { name: subject, exact: true });
  await expect(row).toBeVisible();
  await expect(emails.getByRole('row')).toHaveCount(3); // header, the e-mail, its (closed) details row
  await expect(row).toContainText('Demo MSP');
  await expect(row).toContainText('Not recognised');
  await row.getByRole('button', { name: `Show details of ${subject}` }).click();
  // The details row opens with a transition: the button is clicked once it has settled.
  await expect(page.getByRole('button', { name: 'Download .eml' })).toBeVisible();
  await transitionsDone(emails);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .eml' }).click();
  expect((await download).suggestedFilename()).toMatch(/Quarterly-newsletter-\d+\.eml$/);
  await page.getByRole('button', { name: 'Reprocess' }).click();
  await expect(page.getByText('Reprocessed: processed')).toBeVisible();
  await frame(page, page.getByRole('tablist', { name: 'Parsing sections' }));
  await shot(page, 'parsing-light');

  // Test parsing: a wrong file is refused; a Veeam report comes back with its results.
  await page.getByRole('tab', { name: 'Test parsing' }).click();
  await expect(page).toHaveURL(/tab=test/);
  const file = page.getByLabel('E-mail file to test');
  await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not an e-mail') });
  await expect(page.getByText('File "photo.png" has invalid type. Allowed types: .eml, .txt')).toBeVisible();
  await frame(page, page.getByRole('tablist', { name: 'Parsing sections' }));
  await shot(page, 'parsing-test-refused-light');
  await file.setInputFiles({
    name: 'replication-job-failed.eml',
    mimeType: 'message/rfc822',
    buffer: parserFixture('veeam-br', 'replication-job-failed.eml'),
  });
  await expect(page.getByRole('status').getByText('Completed')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('test-parsing-vendor')).toHaveText('Veeam Backup & Replication');
  const tested = page.getByRole('table', { name: 'Test parsing results' });
  await expect(tested.getByRole('row', { name: /SQL01/ })).toContainText('Failure');
  await expect(tested).toContainText('Failed to connect to host esx-dr01.contoso.local');
  await frame(page, page.getByRole('tablist', { name: 'Parsing sections' }));
  await shot(page, 'parsing-test-light');
  await page.getByRole('button', { name: 'Test another file' }).click();
  await page.getByLabel('E-mail file to test').setInputFiles({
    name: 'hello.eml',
    mimeType: 'message/rfc822',
    buffer: Buffer.from(plainEmail({ from: 'a@b.example', to: INBOUND, subject: 'Hello', body: 'Hi' })),
  });
  await expect(page.getByTestId('test-parsing-vendor')).toHaveText('Not recognised', { timeout: 15_000 });
  await expect(page.getByTestId('test-parsing-reason')).toContainText('No parser recognises this e-mail');

  // Banned senders: add (the SMTP door then refuses the sender), edit, delete.
  await page.getByRole('tab', { name: 'Banned senders' }).click();
  await page.getByRole('button', { name: 'Ban a sender' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ban a sender' });
  await dialog.getByLabel('Address or @domain').fill('not an address');
  await dialog.getByRole('button', { name: 'Ban sender' }).click();
  await expect(dialog.getByText('Enter an e-mail address or a domain such as @example.com')).toBeVisible();
  await dialog.getByLabel('Address or @domain').fill('@Spam.Example');
  await dialog.getByLabel('Reason').fill('Newsletter flood');
  await dialog.getByRole('button', { name: 'Ban sender' }).click();
  await expect(dialog).toBeHidden();
  const banned = page.getByRole('table', { name: 'Banned senders' });
  const bannedRow = banned.getByRole('row', { name: /@spam\.example/ });
  await expect(bannedRow).toContainText('Newsletter flood');
  await expect(
    sendRawEmail(plainEmail({ from: 'x@spam.example', to: INBOUND, subject: 'Buy now', body: '!' }), {
      from: 'x@spam.example',
      to: [INBOUND],
    }),
  ).rejects.toThrow(/550/);
  await bannedRow.getByRole('button', { name: 'Edit @spam.example' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit banned sender' });
  await expect(edit.getByLabel('Address or @domain')).toHaveValue('@spam.example');
  await edit.getByLabel('Reason').fill('Newsletter flood, twice a day');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(bannedRow).toContainText('Newsletter flood, twice a day');
  await frame(page, page.getByRole('tablist', { name: 'Parsing sections' }));
  await shot(page, 'parsing-banned-light');
  await bannedRow.getByRole('button', { name: 'Delete @spam.example' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete banned sender' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(banned.getByText('No sender is banned.')).toBeVisible();

  // Mailboxes across tenants: connect one, switch it off, delete it.
  await page.getByRole('tab', { name: 'Mailboxes' }).click();
  await page.getByRole('button', { name: 'Connect mailbox' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect an IMAP mailbox' });
  await connect.getByLabel('Tenant').click();
  await page.getByRole('option', { name: 'Demo MSP' }).click();
  await connect.getByLabel('Mailbox address').fill('backups@contoso.example');
  await connect.getByLabel('IMAP host').fill('imap.contoso.example');
  await connect.getByLabel('User name').fill('backups@contoso.example');
  await connect.getByLabel('Password', { exact: true }).fill('app-password');
  await connect.getByRole('button', { name: 'Connect mailbox' }).click();
  await expect(connect).toBeHidden();
  const boxes = page.getByRole('table', { name: 'IMAP mailboxes' });
  const box = boxes.getByRole('row', { name: /backups@contoso\.example/ });
  await expect(box).toContainText('imap.contoso.example:993');
  await expect(box).toContainText('Demo MSP');
  const enabled = box.getByRole('switch', { name: 'Enable backups@contoso.example' });
  await expect(enabled).toBeChecked();
  await enabled.click();
  await expect(enabled).not.toBeChecked();
  // The server kept it: still off after a reload.
  await page.reload();
  await expect(enabled).not.toBeChecked();
  await frame(page, page.getByRole('tablist', { name: 'Parsing sections' }));
  await shot(page, 'parsing-mailboxes-light');

  await switchTheme(page, 'dark');
  await page.getByRole('tab', { name: 'Processed e-mails' }).click();
  await frame(page);
  await shot(page, 'parsing-dark');
  await switchTheme(page, 'light');

  await page.getByRole('tab', { name: 'Mailboxes' }).click();
  await box.getByRole('button', { name: 'Delete backups@contoso.example' }).click();
  await page.getByRole('dialog', { name: 'Delete mailbox' }).getByRole('button', { name: 'Delete' }).click();
  await expect(boxes.getByText('No tenant has an IMAP mailbox yet.')).toBeVisible();
});

test('the Parsing screen works on a small screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'root@vigil.local');
  await expectShell(page);
  await page.goto('/admin/parsing');
  await expect(page.getByRole('region', { name: 'Parsing status' })).toBeVisible();
  await frame(page);
  await shot(page, 'parsing-small-light');
  await page.getByRole('tab', { name: 'Test parsing' }).click();
  await page.getByLabel('E-mail file to test').setInputFiles({
    name: 'backup-job-warning.eml',
    mimeType: 'message/rfc822',
    buffer: parserFixture('veeam-br', 'backup-job-warning-us-locale.eml'),
  });
  await expect(page.getByRole('list', { name: 'Test parsing results' })).toBeVisible({ timeout: 15_000 });
  await frame(page, page.getByRole('tablist', { name: 'Parsing sections' }));
  await shot(page, 'parsing-test-small-light');
  await expectNoSideScroll(page, 390);
});
