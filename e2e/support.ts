import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { Secret, TOTP } from 'otpauth';
import { encodePng } from '../packages/server/test/png.ts';
import type { TokenPair } from '@vigil/contract';
import { authFromTokens } from '../packages/web/src/lib/auth.ts';
import { StorageKeys } from '../packages/web/src/lib/storage.ts';
import { smtpPort } from './playwright.config.ts';

export const DEMO_PASSWORD = process.env.VIGIL_DEMO_PASSWORD ?? 'Demo!Vigil1';
export const shotsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shotsDir, { recursive: true });

/**
 * Screenshots are taken unless E2E_SCREENSHOTS=0: `npm test` runs the journeys without them (they
 * assert the same), `npm run screenshots` runs them with, refreshing e2e/ and docs/screenshots.
 */
export const screenshotsOn = process.env.E2E_SCREENSHOTS !== '0';

export async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotsOn) return;
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: false });
}

export const docsShotsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'screenshots');

/** A screenshot written straight to docs/screenshots, as the page is now. */
export async function docScreenshot(page: Page, name: string): Promise<void> {
  if (!screenshotsOn) return;
  mkdirSync(docsShotsDir, { recursive: true });
  await page.screenshot({ path: path.join(docsShotsDir, `${name}.png`) });
}

/**
 * Ready for a screenshot: the pointer out of the way (no hover, no tooltip) and every animation
 * finished. Journeys run with reduced motion (playwright.config.ts), so that is at once; when
 * screenshots are taken, a moment more lets a tooltip that was showing fade out.
 */
export async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  if (screenshotsOn) await page.waitForTimeout(400);
}

/** A screenshot for the documentation, settled first (`settle`), kept in docs/screenshots too. */
export async function docShot(page: Page, name: string): Promise<void> {
  await settle(page);
  if (!screenshotsOn) return;
  await shot(page, name);
  mkdirSync(docsShotsDir, { recursive: true });
  copyFileSync(path.join(shotsDir, `${name}.png`), path.join(docsShotsDir, `${name}.png`));
}

/** Switches the theme with the top bar's button and waits until the other theme is offered. */
export async function switchTheme(page: Page, to: 'dark' | 'light'): Promise<void> {
  await page.getByRole('button', { name: `Switch to ${to} theme` }).click();
  await expect(page.getByRole('button', { name: `Switch to ${to === 'dark' ? 'light' : 'dark'} theme` })).toBeVisible();
}

/** Signs in through the sign-in form, as a user does. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/page/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in and opens the app where the sign-in form leads (/app). When the API's sign-in answers
 * with tokens, they are stored the way the form stores them and the sign-in page is skipped (it
 * costs the browser about half a second for each journey); any other answer (a second factor, a
 * refusal, another region) goes through the form, so the journey sees what a user would.
 * Journeys about the form itself use signInWithForm.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const login = await page.request.post('/api/UserAuth/Login', { data: { UserName: email, Password: password } });
  const body = login.ok() ? ((await login.json()) as Partial<TokenPair>) : {};
  if (!body.accessToken || !body.refreshToken) return signInWithForm(page, email, password);
  const auth = JSON.stringify(authFromTokens(body as TokenPair));
  // Any page of the app's origin will do to reach its storage; the health answer is the lightest.
  await page.goto('/api/health/ready');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [StorageKeys.auth, auth]);
  await page.goto('/app');
}

export interface OutboxMail {
  Subject: string;
  Text: string;
}

/** Signs in through the API and answers the headers that carry the session's access token. */
export async function apiHeaders(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Record<string, string>> {
  const login = await request.post('/api/UserAuth/Login', { data: { UserName: email, Password: password } });
  expect(login.ok(), await login.text()).toBe(true);
  return { Authorization: `Bearer ${(await login.json()).accessToken}` };
}

/**
 * Puts a user's Audit filters back to the defaults (the screen keeps each user's last filters on
 * the server, so one journey's search would otherwise greet the next).
 */
export async function resetAuditFilters(request: APIRequestContext, email: string): Promise<void> {
  const headers = await apiHeaders(request, email);
  const r = await request.put('/api/account/audit-filters', { headers, data: {} });
  expect(r.ok(), await r.text()).toBe(true);
}

/** The platform admin reads the system outbox (the development mail transport): mail to `to`, newest first. */
export async function outboxTo(request: APIRequestContext, to: string): Promise<OutboxMail[]> {
  const r = await request.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`, {
    headers: await apiHeaders(request, 'root@vigil.local'),
  });
  expect(r.ok(), await r.text()).toBe(true);
  return r.json();
}

/** The path of the set-password link an invitation or account mail carries. */
export function setPasswordPath(mail: OutboxMail): string {
  const link = /https?:\/\/[^\s]+\/page\/setPassword\/[A-Za-z0-9_-]+/.exec(mail.Text);
  expect(link, `a set-password link in "${mail.Subject}"`).not.toBeNull();
  return new URL(link![0]).pathname;
}

/** Opens a set-password link, chooses the password, and signs in with it. */
export async function choosePasswordAndSignIn(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('link', { name: /sign in/i }).click();
  await signIn(page, email, password);
  await expectShell(page);
}

const authenticator = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

/** The code an authenticator shows for the next 30-second step (a code is never accepted twice). */
export function nextTotp(secret: string): string {
  return authenticator(secret).generate({ timestamp: Date.now() + 30_000 });
}

/** The code an authenticator shows now; a later `nextTotp` is then a step the server has not seen. */
export function currentTotp(secret: string): string {
  return authenticator(secret).generate({ timestamp: Date.now() });
}

/**
 * The page fits `width` without scrolling sideways. Polled: after a viewport change the app
 * re-renders for the new breakpoint a moment later.
 */
export async function expectNoSideScroll(page: Page, width: number): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

export async function expectShell(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/**
 * Opens a screen from the main menu, expanding its group first when it is closed. The click waits for
 * the menu's expand transition to end: a click while the group is still growing (and the menu
 * scrolling) can press on one entry and release on another, which navigates nowhere.
 */
export async function openMenuEntry(page: Page, entry: string, group?: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const link = nav.getByRole('link', { name: entry, exact: true });
  if (group && !(await link.isVisible())) {
    const toggle = nav.getByRole('button', { name: group, exact: true });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  await expect(link).toBeVisible();
  await transitionsDone(nav);
  await link.click();
}

/**
 * Waits until the CSS transitions inside `scope` have ended (an expanding menu group or details
 * row), so a click presses and releases on the same element. Looping animations are not waited for;
 * a transition cancelled and replaced is waited for again.
 */
export async function transitionsDone(scope: Locator): Promise<void> {
  await scope.evaluate(async (el) => {
    for (let round = 0; round < 20; round++) {
      const moving = el.getAnimations({ subtree: true }).filter((a) => a instanceof CSSTransition);
      if (moving.length === 0) return;
      await Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A parser fixture e-mail of the server (packages/server/src/parser/fixtures/<vendor>/<name>). */
export function parserFixture(vendor: string, name: string): Buffer {
  return readFileSync(path.join(repoRoot, 'packages/server/src/parser/fixtures', vendor, name));
}

/** Sends a raw e-mail to the e2e server's SMTP listener; resolves with the server's 250 answer. */
export async function sendRawEmail(raw: string | Buffer, envelope: { from: string; to: string[] }): Promise<string> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({ envelope, raw });
    return info.response;
  } finally {
    transport.close();
  }
}

/** A plain e-mail no parser recognises. */
export function plainEmail(opts: { from: string; to: string; subject: string; body: string }): string {
  return [
    `From: ${opts.from}`,
    `To: ${opts.to}`,
    `Subject: ${opts.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@e2e.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    opts.body,
    '',
  ].join('\r\n');
}

/**
 * Journeys share one server, and an earlier one may have left multi-factor sign-in on for a
 * tenant's administrator. This turns it off again the way support would: the platform admin
 * impersonates the tenant (which signs in as its administrator) and makes the administrator's
 * own "turn off" call, confirmed with the administrator's password.
 */
export async function ensureTenantAdminMfaOff(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const login = await request.post('/api/UserAuth/Login', { data: { UserName: email, Password: password } });
  expect(login.ok()).toBe(true);
  if (!(await login.json()).mfaRequired) return;
  const root = await request.post('/api/UserAuth/Login', {
    data: { UserName: 'root@vigil.local', Password: DEMO_PASSWORD },
  });
  const asRoot = { Authorization: `Bearer ${(await root.json()).accessToken}` };
  const tenants: { Id: number; Slug: string }[] = await (
    await request.get('/api/admin/tenants', { headers: asRoot })
  ).json();
  const slug = email.split('@')[1].split('.')[0];
  const tenant = tenants.find((t) => t.Slug === slug);
  expect(tenant, `a tenant with slug ${slug}`).toBeTruthy();
  const pair = await request.post(`/api/admin/impersonation/login/${tenant!.Id}`, { headers: asRoot });
  const asAdmin = { Authorization: `Bearer ${(await pair.json()).accessToken}` };
  const profile = await (await request.get('/api/user/profile', { headers: asAdmin })).json();
  expect(JSON.stringify(profile)).toContain(email);
  const off = await request.delete('/api/user/mfa', { headers: asAdmin, data: { Password: password } });
  expect(off.ok()).toBe(true);
}

/** A backup report in Vigil's generic CSV format (subject "Backup Report CSV …"), one row per device. */
export function csvReportEmail(opts: {
  from: string;
  to: string;
  rows: { device: string; job?: string; status: 'Success' | 'Warning' | 'Failed'; at: Date }[];
}): string {
  // The time carries its zone (UTC): a bare time would be read in the tenant's zone, which puts a
  // result hours into the future when the journeys run between midnight UTC and the tenant's midnight.
  const stamp = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')}Z`;
  const csv = [
    'Device,Job,Status,Backup Date,Client',
    ...opts.rows.map((r) => [r.device, r.job ?? r.device, r.status, stamp(r.at), ''].join(',')),
  ].join('\n');
  const boundary = `==e2e${Math.random().toString(36).slice(2)}`;
  return [
    `From: ${opts.from}`,
    `To: ${opts.to}`,
    `Subject: Backup Report CSV - ${opts.rows.length} jobs`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@e2e.test>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Backup status export attached.',
    `--${boundary}`,
    'Content-Type: text/csv; name="status.csv"',
    'Content-Disposition: attachment; filename="status.csv"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(csv).toString('base64'),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/**
 * Clicks a button that closes its popup window and waits until the window is gone. The window
 * may close while the click is still being reported, which Playwright answers with "Target
 * page, context or browser has been closed"; that is the expected outcome here, not a failure.
 */
export async function clickToClose(win: Page, button: Locator): Promise<void> {
  const closed = win.waitForEvent('close');
  await button.click().catch((err: Error) => {
    if (!win.isClosed() && !/has been closed/.test(err.message)) throw err;
  });
  await closed;
}

/** A real PNG logo: a teal badge with white bars on a white field, 1200×400 (the browser scales it to 800). */
export function logoPng(width = 1200, height = 400): Buffer {
  return encodePng(width, height, (x, y) => {
    const inBadge = x > 60 && x < 360 && y > 50 && y < 350;
    const bar = x > 420 && x < 1140 && ((y > 110 && y < 170) || (y > 230 && y < 290 && x < 900));
    if (inBadge) return (x - 60) % 100 < 50 === (y - 50) % 100 < 50 ? [255, 255, 255] : [20, 150, 140];
    return bar ? [30, 60, 120] : [255, 255, 255];
  });
}

/**
 * Expects a snackbar with this message, then closes it and waits until it has gone. A journey
 * that saves twice with the same message would otherwise see the first snackbar (still within
 * its five seconds) and go on before the second save has been answered. A dialog that opens
 * meanwhile hides the page from assistive technology but not from the eye, and the snackbar
 * stays above it, so the snackbar is looked for among hidden elements too.
 */
export async function expectSnackbar(page: Page, message: string): Promise<void> {
  const bar = page.getByRole('alert', { includeHidden: true }).filter({ hasText: message });
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Close', includeHidden: true }).click();
  await expect(bar).toBeHidden();
}
