import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  docShot,
  ensureTenantAdminMfaOff,
  expectShell,
  openMenuEntry,
  sendRawEmail,
  signIn,
  switchTheme,
} from './support.ts';
import { enableAlertRadarForDemo } from './alert-flag.ts';

const TENANT_ADMIN = 'admin@demo.local';
const ROOT = 'root@vigil.local';

async function rootHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/UserAuth/Login', { data: { UserName: ROOT, Password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  return { Authorization: `Bearer ${(await login.json()).accessToken}` };
}

/** Puts brAlertRadar back as it was before the journey. */
let restoreFlag: (() => Promise<void>) | null = null;

/** A RAID alert as a NAS sends it. */
function raidAlert(to: string, subject: string): string {
  return [
    'From: NAS Monitor <monitor@nas07.office.example.com>',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@nas07>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'The RAID volume Volume1 on NAS-07 is degraded.',
    'Disk 3 failed at 02:14.',
    'Status: Degraded',
    'Free space: 12 %',
    'Please replace the failed disk.',
    '',
  ].join('\r\n');
}

/** Selects `needle` inside the element with this test id, as a person dragging over it would. */
async function selectText(page: Page, testId: string, needle: string): Promise<void> {
  await page.getByTestId(testId).evaluate((el, needle) => {
    const at = (el.textContent ?? '').indexOf(needle);
    if (at < 0) throw new Error(`"${needle}" is not in the text`);
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let pos = 0;
    let start: [Node, number] | null = null;
    let end: [Node, number] | null = null;
    while (walker.nextNode()) {
      const n = walker.currentNode;
      const len = n.textContent?.length ?? 0;
      if (!start && at < pos + len) start = [n, at - pos];
      if (start && at + needle.length <= pos + len) {
        end = [n, at + needle.length - pos];
        break;
      }
      pos += len;
    }
    const range = document.createRange();
    range.setStart(...start!);
    range.setEnd(...end!);
    const sel = window.getSelection()!;
    sel.removeAllRanges();
    sel.addRange(range);
    el.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  }, needle);
}

async function signedInPage(browser: Browser, email: string, viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  await expectShell(page);
  return page;
}

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, TENANT_ADMIN);
  restoreFlag = await enableAlertRadarForDemo(request);
});

test.afterEach(async ({ request }) => {
  await restoreFlag?.();
  restoreFlag = null;
  const asRoot = await rootHeaders(request);
  // The shipped model is active again for whatever runs next.
  await request.post('/api/alert-scope/admin/model/0/promote', { headers: asRoot });
});

test('an alert e-mail is analysed, corrected, learned from and reanalysed', async ({ browser }) => {
  test.setTimeout(240_000);
  const subject = `RAID degraded on NAS-07 ${Date.now().toString(36)}`;

  // The tenant admin opens Alert Scope and activates the alert mailbox.
  const page = await signedInPage(browser, TENANT_ADMIN);
  // The announcement beside the entry, until dismissed; it stays dismissed in this browser.
  const promo = page.getByRole('dialog', { name: 'New: Alert Scope' });
  await expect(promo).toBeVisible();
  await promo.getByRole('button', { name: 'Dismiss' }).click();
  await expect(promo).toBeHidden();
  await page.reload();
  await expectShell(page);
  await page.waitForTimeout(600);
  await expect(promo).toBeHidden();
  await openMenuEntry(page, 'Alert Scope');
  await expect(page).toHaveURL(/\/app\/alerts-alpha$/);
  await expect(page.getByRole('heading', { name: 'Alert e-mails', level: 1 })).toBeVisible();
  const address = page.getByTestId('alert-mailbox-address');
  await expect(address).toHaveText(/^demo-alerts@/);
  const active = page.getByRole('switch', { name: /Active|Inactive/ });
  if (!(await active.isChecked())) {
    await active.click();
    await expect(page.getByText('Alert mailbox activated')).toBeVisible();
  }
  await expect(active).toBeChecked();

  // An alert arrives over SMTP and shows in the list with its assessment and confidence.
  const to = (await address.textContent())!.trim();
  expect(await sendRawEmail(raidAlert(to, subject), { from: 'monitor@nas07.office.example.com', to: [to] })).toMatch(
    /^250/,
  );
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.locator('[data-assessment="Negative"]')).toHaveText(/^Negative · \d{1,3}%$/);
  await docShot(page, 'alert-radar-list-light');
  await switchTheme(page, 'dark');
  await docShot(page, 'alert-radar-list-dark');
  await switchTheme(page, 'light');

  // The e-mail view highlights what Vigil found; no feedback yet, so it asks.
  await row.click();
  await expect(page).toHaveURL(/\/app\/alerts-alpha\/\d+$/);
  const emailId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('alert-text-body').locator('mark[data-label="Volume"]')).toHaveText('Volume1');
  await expect(page.getByTestId('alert-text-body').locator('mark[data-label="Status"]')).toHaveText('Degraded');
  await expect(page.getByRole('button', { name: 'Reanalyze' })).toBeEnabled();
  await expect(page.getByTestId('analysis-version')).toHaveCount(1);
  await expect(page.getByText('How was our analysis?')).toBeVisible();
  await docShot(page, 'alert-radar-email-light');
  await switchTheme(page, 'dark');
  await docShot(page, 'alert-radar-email-dark');
  await switchTheme(page, 'light');

  // Thumbs down: the prompt goes, the thumb stays chosen.
  await page.getByRole('button', { name: 'Poor analysis' }).click();
  await expect(page.getByText('How was our analysis?')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Poor analysis' })).toHaveAttribute('aria-pressed', 'true');

  // The platform admin corrects the labels in Alert Scope: NAS-07 is the device.
  const admin = await signedInPage(browser, ROOT);
  await openMenuEntry(admin, 'Alert Scope');
  await expect(admin).toHaveURL(/\/alert-scope\/alert-emails$/);
  await admin.getByLabel('Search').fill(subject);
  const adminRow = admin.getByRole('row').filter({ hasText: subject });
  await expect(adminRow).toBeVisible();
  await docShot(admin, 'alert-scope-list-light');
  await adminRow.click();
  await expect(admin).toHaveURL(/\/alert-scope\/alert-emails\/\d+\/[0-9a-f-]{36}$/);
  await expect(admin.getByText('Select text in the subject or body to label it.')).toBeVisible();
  await selectText(admin, 'alert-text-body', 'NAS-07');
  await expect(admin.getByText('Selected: NAS-07')).toBeVisible();
  await admin.getByLabel('Label', { exact: true }).click();
  await admin.getByRole('option', { name: 'Device', exact: true }).click();
  await admin.getByRole('button', { name: 'Add label' }).click();
  await expect(admin.getByTestId('alert-text-body').locator('mark[data-label="Device"]')).toHaveText('NAS-07');
  // The same text again would overlap: refused, nothing added.
  await selectText(admin, 'alert-text-body', 'NAS-07 is');
  await admin.getByRole('button', { name: 'Add label' }).click();
  await expect(admin.getByText('Labels cannot overlap: remove the other label first.')).toBeVisible();
  await expect(admin.getByTestId('alert-text-body').locator('mark[data-label="Device"]')).toHaveCount(1);
  await admin.getByRole('button', { name: 'Save corrections' }).click();
  await expect(admin.getByText('Corrections saved as training data')).toBeVisible();
  await docShot(admin, 'alert-scope-email-light');
  await switchTheme(admin, 'dark');
  await docShot(admin, 'alert-scope-email-dark');
  await switchTheme(admin, 'light');

  // Retrain: the candidate's accuracy shows beside the current one; promote it.
  await admin.getByRole('link', { name: 'Alert e-mails' }).click();
  await admin.getByRole('tab', { name: 'Model' }).click();
  await admin.getByRole('button', { name: 'Retrain' }).click();
  const result = admin.getByTestId('retrain-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByText('Candidate accuracy')).toBeVisible();
  await expect(result.getByText('Current accuracy')).toBeVisible();
  const candidate = ((await result.getByRole('heading').textContent()) ?? '').replace('Candidate ', '').trim();
  expect(candidate).toMatch(/-r\d+$/);
  await docShot(admin, 'alert-scope-model-light');
  await result.getByRole('button', { name: `Promote ${candidate}` }).click();
  await expect(admin.getByText(`Model ${candidate} is now active`)).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: candidate }).getByText('Active')).toBeVisible();

  // Back in Alert Radar: reanalysing shows a second version made by the new model.
  await page.goto(`/app/alerts-alpha/${emailId}`);
  await page.getByRole('button', { name: 'Reanalyze' }).click();
  await expect(page.getByRole('button', { name: 'Reanalyzing Alert Email' })).toBeDisabled();
  await expect(page.getByTestId('reparse-status')).toHaveText('Completed', { timeout: 30_000 });
  await expect(page.getByTestId('analysis-version')).toHaveCount(2);
  await expect(page.getByTestId('analysis-version').first()).toContainText(`Model ${candidate}`);
  await expect(page.getByTestId('analysis-version').first()).toContainText('v2');
  await expect(page.getByRole('button', { name: 'Poor analysis' })).toHaveAttribute('aria-pressed', 'true');

  // Phone: the list and the e-mail fit a 390 px screen.
  const phone = await signedInPage(browser, TENANT_ADMIN, { width: 390, height: 844 });
  await phone.goto('/app/alerts-alpha');
  await phone.getByText(subject).scrollIntoViewIfNeeded();
  await expect(phone.getByText(subject)).toBeVisible();
  await docShot(phone, 'alert-radar-list-phone');
  await phone.goto(`/app/alerts-alpha/${emailId}`);
  await expect(phone.getByTestId('alert-text-body')).toBeVisible();
  await docShot(phone, 'alert-radar-email-phone');
});
