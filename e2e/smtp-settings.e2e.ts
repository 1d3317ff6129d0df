import net from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import type { EmailSettings } from '@vigil/contract';
import {
  apiHeaders,
  docShot,
  ensureTenantAdminMfaOff,
  expectNoSideScroll,
  expectShell,
  openMenuEntry,
  signIn,
  switchTheme,
} from './support.ts';

const ADMIN = 'admin@demo.local';
const PROFILE = 'Tickets by mail (SMTP journey)';

/** A loopback SMTP server standing in for one of the MSP's mail servers: it counts what it receives. */
async function startMailServer(): Promise<{ port: number; rcpts: string[][]; close: () => Promise<void> }> {
  const rcpts: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        rcpts.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, rcpts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Fills the SMTP form and saves it; saving tests the server first. */
async function fillAndSave(page: Page, port: number, from: string): Promise<void> {
  await page.locator('#smtp-host').fill('127.0.0.1');
  await page.locator('#smtp-port').fill(String(port));
  await page.getByLabel('From address').fill(from);
  await page.getByLabel('Send to').fill('tech@msp.example');
  await page.getByRole('button', { name: 'Test and save' }).click();
  await expect(
    page.getByText('Connection tested and settings saved; a test message was sent to tech@msp.example'),
  ).toBeVisible();
}

test.use({ actionTimeout: 20_000 });

test.beforeEach(async ({ request }) => {
  await ensureTenantAdminMfaOff(request, ADMIN);
});

test('several SMTP servers: add a second, make it default, delete, and back to the system mail', async ({
  page,
  request,
}) => {
  const first = await startMailServer();
  const second = await startMailServer();
  const headers = await apiHeaders(request, ADMIN);
  const A = `127.0.0.1:${first.port}`;
  const B = `127.0.0.1:${second.port}`;
  let profileId: number | null = null;
  // Start from the system mail, whatever an earlier journey left.
  for (const s of (await (await request.get('/api/email-settings/list', { headers })).json()) as EmailSettings[])
    expect((await request.delete(`/api/email-settings?id=${s.Id}`, { headers })).ok()).toBe(true);
  try {
    await signIn(page, ADMIN);
    await expectShell(page);
    await openMenuEntry(page, 'SMTP', 'Settings');
    await expect(page.getByTestId('smtp-state')).toHaveText('Mail is sent by the system mail server.');
    await expect(page.getByText('No SMTP server yet.')).toBeVisible();
    const servers = page.getByRole('list', { name: 'SMTP servers' });

    // The first server becomes the default.
    await fillAndSave(page, first.port, 'alerts@msp.example');
    await expect(page.getByTestId('smtp-state')).toContainText(`Mail is sent through ${A} as alerts@msp.example`);
    await expect(servers.getByRole('listitem')).toHaveCount(1);
    await expect(servers.getByRole('listitem').filter({ hasText: A })).toContainText('Default');
    await expect.poll(() => first.rcpts.length).toBe(1);

    // A second one, not the default: the default stays as it was.
    await page.getByRole('button', { name: 'Add SMTP server' }).click();
    await expect(page.getByRole('heading', { name: 'New SMTP server' })).toBeVisible();
    await expect(page.locator('#smtp-host')).toHaveValue('');
    await expect(page.getByLabel('Default server')).not.toBeChecked();
    await fillAndSave(page, second.port, 'tickets@msp.example');
    await expect.poll(() => second.rcpts.length).toBe(1);
    await expect(servers.getByRole('listitem')).toHaveCount(2);
    const rowB = servers.getByRole('listitem').filter({ hasText: B });
    await expect(rowB).toContainText('From tickets@msp.example');
    await expect(rowB).not.toContainText('Default');
    await expect(page.getByTestId('smtp-state')).toContainText(`Mail is sent through ${A}`);

    // A ticket profile sends through the second server: it cannot be deleted, and the screen says why.
    const list = (await (await request.get('/api/email-settings/list', { headers })).json()) as EmailSettings[];
    const idB = list.find((s) => s.Port === second.port)!.Id;
    const created = await request.post('/api/ticket/profiles', {
      headers,
      data: { Name: PROFILE, Type: 2, GroupBy: 0, Recipients: ['noc@msp.example'], EmailSettingsId: idB },
    });
    expect(created.ok()).toBe(true);
    profileId = ((await created.json()) as { Id: number }).Id;
    await page.reload();
    await expect(rowB).toContainText(`Used by ticket profile "${PROFILE}"`);
    await rowB.getByRole('button', { name: `Delete ${B}` }).click();
    const inUse = page.getByRole('dialog', { name: 'SMTP server in use' });
    await expect(inUse).toContainText(`${B} is used by the ticket profile "${PROFILE}". Choose another server`);
    await inUse.getByRole('button', { name: 'OK' }).click();
    await expect(inUse).toHaveCount(0);
    // The server refuses it too, naming the profile.
    const refused = await request.delete(`/api/email-settings?id=${idB}`, { headers });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).Message).toContain(`"${PROFILE}"`);

    // Make the second one the default: tested again, then the state and the marker move.
    await rowB.getByRole('button', { name: `Make ${B} the default` }).click();
    await expect(page.getByText(`Connection tested; ${B} is now the default server`)).toBeVisible();
    await expect(page.getByTestId('smtp-state')).toContainText(`Mail is sent through ${B} as tickets@msp.example`);
    await expect(rowB).toContainText('Default');
    await expect(servers.getByRole('listitem').filter({ hasText: A })).not.toContainText('Default');
    await expect(servers.getByRole('listitem').first()).toContainText(B);
    await expect.poll(() => second.rcpts.length).toBe(2);

    await docShot(page, 'smtp-servers-light');
    await switchTheme(page, 'dark');
    await docShot(page, 'smtp-servers-dark');
    await switchTheme(page, 'light');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rowB.getByRole('button', { name: `Edit ${B}` })).toBeVisible();
    await expectNoSideScroll(page, 390);
    await docShot(page, 'smtp-servers-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete the first (not the default): mail keeps going through the default.
    await servers
      .getByRole('listitem')
      .filter({ hasText: A })
      .getByRole('button', { name: `Delete ${A}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete SMTP server' });
    await expect(confirm).toContainText(`Delete the SMTP settings for ${A}? Mail keeps going through ${B}.`);
    await confirm.getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page.getByText('Successfully deleted')).toBeVisible();
    await expect(servers.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('smtp-state')).toContainText(`Mail is sent through ${B}`);

    // Back to the demo's state: the profile goes, then the last server, and the system mail takes over.
    expect((await request.delete(`/api/ticket/profiles/${profileId}`, { headers })).ok()).toBe(true);
    profileId = null;
    await page.reload();
    await rowB.getByRole('button', { name: `Edit ${B}` }).click();
    await page.getByRole('button', { name: 'Use system mail' }).click();
    const last = page.getByRole('dialog', { name: 'Use the system mail server' });
    await expect(last).toContainText('Alerts and reports will be sent by the system mail server again.');
    await last.getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page.getByTestId('smtp-state')).toHaveText('Mail is sent by the system mail server.');
    await expect(servers).toHaveCount(0);
    expect(await (await request.get('/api/email-settings/list', { headers })).json()).toEqual([]);
  } finally {
    if (profileId !== null) await request.delete(`/api/ticket/profiles/${profileId}`, { headers });
    const left = (await (await request.get('/api/email-settings/list', { headers })).json()) as EmailSettings[];
    for (const s of left) await request.delete(`/api/email-settings?id=${s.Id}`, { headers });
    await first.close();
    await second.close();
  }
});
