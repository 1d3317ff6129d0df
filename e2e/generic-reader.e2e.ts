import { expect, test, type Page } from '@playwright/test';
import {
  docShot,
  ensureTenantAdminMfaOff,
  expectNoSideScroll,
  expectShell,
  openMenuEntry,
  sendRawEmail,
  shot,
  signIn,
  switchTheme,
} from './support.ts';

const INBOUND = 'demo@inbound.localhost';

/** A report from a product no vendor parser knows, as its server sends it. */
function unknownProduct(subject: string, body: string): string {
  return [
    'From: NAS Backup <backup@nas07.office.example.com>',
    `To: ${INBOUND}`,
    `Subject: ${subject}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@nas07>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
}

async function openMailboxes(page: Page, drawer = false): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  if (drawer) await page.getByRole('button', { name: 'Open navigation' }).click();
  await openMenuEntry(page, 'Mailboxes', 'Integration');
  await expect(page.getByRole('heading', { name: 'Mailboxes', level: 1 })).toBeVisible();
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, 'admin@demo.local');
});

test("the generic reader files an unknown product's failure with the words that decided it, and queues an unsure report", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const stamp = Date.now().toString(36);
  const failure = `Rapport de sauvegarde Tricorder ${stamp}`;
  const unsure = `Nightly backup report Quasar ${stamp}`;
  for (const [subject, body] of [
    [failure, 'Tâche : Comptabilité\nServeur : FS-02\n\nFichiers copiés : 1204\n2 erreurs\n'],
    [unsure, 'Job: Quasar nightly\nCopied 1204 files in 4 minutes.\n'],
  ]) {
    expect(
      await sendRawEmail(unknownProduct(subject, body), { from: 'backup@nas07.office.example.com', to: [INBOUND] }),
    ).toMatch(/^250 /);
  }

  await signIn(page, 'admin@demo.local');
  await expectShell(page);
  await openMailboxes(page);
  const emails = page.getByRole('table', { name: 'Recent e-mails' });
  const read = emails.getByRole('row', { name: failure, exact: true });
  const queued = emails.getByRole('row', { name: unsure, exact: true });
  await expect(read).toBeVisible({ timeout: 20_000 });
  await expect(read).toContainText('Generic reader');
  await expect(read).toContainText('FS-02');
  await expect(read.getByText('Failure', { exact: true })).toBeVisible();
  await expect(queued).toContainText('Needs review');

  // The filed result says it was read generically, and which words decided its status.
  await read.getByRole('button', { name: `Show details of ${failure}` }).click();
  const results = page.getByRole('table', { name: `Results of ${failure}` });
  await expect(results).toContainText('Comptabilité');
  await expect(results).toContainText('Generic');
  await expect(results).toContainText('"2 erreurs"');
  await read.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 76));
  await docShot(page, 'generic-reader-light');
  await read.getByRole('button', { name: `Hide details of ${failure}` }).click();

  // The unsure one waits for a person, with the reason.
  await queued.getByRole('button', { name: `Show details of ${unsure}` }).click();
  await expect(page.getByText(/the generic reader is not sure/)).toBeVisible();
  await queued.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 76));
  await switchTheme(page, 'dark');
  await shot(page, 'generic-reader-review-dark');
  await switchTheme(page, 'light');
});

test('a generic reading is legible on a small screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const subject = `Backup job Nimbus failed ${Date.now().toString(36)}`;
  expect(
    await sendRawEmail(unknownProduct(subject, 'Job: Nimbus\nHost: SRV-09\nResult: Failed\nErrors: 3\n'), {
      from: 'backup@nas07.office.example.com',
      to: [INBOUND],
    }),
  ).toMatch(/^250 /);
  await signIn(page, 'admin@demo.local');
  await expectShell(page);
  await openMailboxes(page, true);
  const list = page.getByRole('list', { name: 'Recent e-mails' });
  const card = list.getByRole('button', { name: `Show details of ${subject}` });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.click();
  const results = page.getByRole('list', { name: `Results of ${subject}` });
  await expect(results).toContainText('SRV-09');
  await expect(results).toContainText('Generic');
  const opened = list.getByRole('button', { name: `Hide details of ${subject}` });
  await opened.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 70));
  await page.waitForTimeout(600);
  await expect(results).toBeInViewport();
  await shot(page, 'generic-reader-small-light');
  await expectNoSideScroll(page, 390);
});
