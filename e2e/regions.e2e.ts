import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expectShell, docShot } from './support.ts';
import { regionEnv, smtpPort } from './playwright.config.ts';

// Two Vigil deployments on one machine as two regions: the journeys' server is `us` and keeps the
// sign-in directory; this journey starts `eu` beside it (its own data, no demo) and a mail sink
// for eu's outbound mail.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { euPort, euUrl } = regionEnv;
const euSmtp = smtpPort + 7;
const sinkPort = smtpPort + 8;
const dataDir = path.join(root, '.tmp', `e2e-eu-${euPort}`);
const stamp = Date.now().toString(36);
const EMAIL = `owner.${stamp}@lyon-it.test`;
const PASSWORD = 'Lyon!Region42';

let eu: ChildProcess | null = null;
let sink: SMTPServer | null = null;
const mails: { to: string; text: string }[] = [];

test.use({ viewport: { width: 1440, height: 900 } });

async function waitReady(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not become ready`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      simpleParser(stream)
        .then((m) => {
          for (const to of session.envelope.rcptTo) mails.push({ to: to.address, text: m.text ?? '' });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => sink!.listen(sinkPort, '127.0.0.1', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  eu = spawn(path.join(root, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts', 'serve'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      ...regionEnv.shared,
      REGION: 'eu',
      REGION_DIRECTORY_URL: regionEnv.usUrl,
      DATA_DIR: dataDir,
      PORT: String(euPort),
      HOST: '127.0.0.1',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(euSmtp),
      SMTP_URL: `smtp://127.0.0.1:${sinkPort}`,
      PUBLIC_URL: euUrl,
      PARSE_THREADS: '0',
      LOG_LEVEL: 'warn',
    },
  });
  await waitReady(`${euUrl}/api/health/ready`, 150_000);
});

test.afterAll(async () => {
  // Stops the eu deployment by its process group id, and the sink.
  if (eu?.pid) {
    try {
      process.kill(-eu.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise<void>((resolve) => (sink ? sink.close(() => resolve()) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function mailTo(to: string): Promise<string> {
  await expect.poll(() => mails.some((m) => m.to === to), { timeout: 20_000 }).toBe(true);
  return mails.filter((m) => m.to === to).at(-1)!.text;
}

async function darkPage(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('vigil.theme', 'dark'));
}

test('a new MSP picks the EU region at sign-up, and later signs in from the US address at the EU one', async ({
  page,
}) => {
  // Sign-up starts at the US address and offers the regions; choosing Europe continues there.
  await page.goto('/page/signup');
  const region = page.getByLabel('Data region');
  await expect(region).toHaveText(/United States \(US\)/);
  await docShot(page, 'regions-signup-light');
  await region.click();
  await page.getByRole('option', { name: 'Europe (EU)' }).click();
  await page.waitForURL(`${euUrl}/page/signup`);
  await expect(page.getByLabel('Data region')).toHaveText(/Europe \(EU\)/);

  await page.getByLabel('Company name').fill('Lyon IT Services');
  await page.getByLabel('First name').fill('Inès');
  await page.getByLabel('Last name').fill('Dupont');
  await page.getByLabel('Work e-mail').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // The confirmation comes from the EU deployment and leads back to it.
  const link = /https?:\/\/[^\s]+\/page\/confirm-email\/[A-Za-z0-9_-]+/.exec(await mailTo(EMAIL))![0];
  expect(new URL(link).origin).toBe(euUrl);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();

  // At the US address the router finds the account's home and hands over before any password is sent.
  let passwordSentToUs = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().startsWith(regionEnv.usUrl) && r.url().endsWith('/api/UserAuth/Login'))
      passwordSentToUs = true;
  });
  await page.goto(`${regionEnv.usUrl}/page/login`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${euUrl}/page/login?email=${encodeURIComponent(EMAIL)}`);
  await expect(page.getByLabel('Email')).toHaveValue(EMAIL);
  await expect(page.getByTestId('sign-in-region')).toHaveText(`Region: EU · ${new URL(euUrl).host}`);
  expect(passwordSentToUs).toBe(false);
  await docShot(page, 'regions-handoff-light');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectShell(page);
  expect(new URL(page.url()).origin).toBe(euUrl);
});

test('the region hand-off in the dark theme and on a phone', async ({ browser }) => {
  const dark = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await darkPage(dark);
  await dark.goto(`${regionEnv.usUrl}/page/signup`);
  await expect(dark.getByLabel('Data region')).toBeVisible();
  await docShot(dark, 'regions-signup-dark');
  await dark.close();
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(`${euUrl}/page/login?email=${encodeURIComponent(EMAIL)}`);
  await expect(phone.getByLabel('Email')).toHaveValue(EMAIL);
  await docShot(phone, 'regions-handoff-phone');
  await phone.close();
});
