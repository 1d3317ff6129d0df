import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { SmtpConnection, smtpData } from '../../test/smtp-client.ts';
import { talk } from '../modules/ingest/ingest.setup.ts';
import { spoolSegments } from './spool-format.ts';
import { SpoolWriter } from './spool-writer.ts';
import { reportIntakeNode } from './node-report.ts';
import { startSpooledSmtp, type SpooledSmtp } from './spooled-smtp.ts';

/**
 * The SMTP door as `serve` runs it: the listener on its own thread answers 250 once an e-mail is
 * fsynced into the node's spool, and the filer moves it into the blob store and the database.
 */
let t: TestApp;
let acme: number;
const dirs: string[] = [];
const running: SpooledSmtp[] = [];

beforeAll(async () => {
  t = await testApp();
  acme = (await t.database.query<{ id: number }>("SELECT id FROM tenants WHERE slug = 'acme'")).rows[0].id;
});
afterAll(async () => {
  for (const s of running) await s.close();
  await t?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function spoolDir(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'vigil-spool-api-'));
  dirs.push(d);
  return d;
}

async function start(dir: string, maxBacklogBytes = 64 * 1024 * 1024): Promise<SpooledSmtp> {
  const s = await startSpooledSmtp({
    ingest: t.deps.ingest,
    spoolDir: dir,
    host: '127.0.0.1',
    port: 0,
    inboundDomain: 'inbound.localhost',
    maxBacklogBytes,
    smtp: { maxBytes: 1024 * 1024 },
    log: t.app.log,
  });
  running.push(s);
  return s;
}

async function stop(s: SpooledSmtp): Promise<void> {
  await s.close();
  running.splice(running.indexOf(s), 1);
}

/** The rows for a Message-ID, once the filer has written one (or `timeoutMs` passed). */
async function rowsFor(messageId: string, atLeast = 1, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await t.database.query<{ id: string; state: string; received_at: Date; recipient: string }>(
      'SELECT id, state, received_at, recipient FROM emails WHERE message_id = $1 ORDER BY id',
      [messageId],
    );
    if (r.rows.length >= atLeast || Date.now() > until) return r.rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const withId = (raw: Buffer, id: string) =>
  Buffer.from(raw.toString('latin1').replace(/^Message-ID:.*$/im, `Message-ID: <${id}>`), 'latin1');

describe('SMTP through the spool', () => {
  it('answers 250 once spooled, then files, parses and shows the e-mail', async () => {
    const smtp = await start(spoolDir());
    const raw = withId(readFileSync(fixture('acronis', 'backup-failed.eml')), 'spool-one@test');
    const c = await SmtpConnection.open(smtp.port);
    let reply: string;
    try {
      reply = (await c.send('noreply-abc@cloud.acronis.com', ['acme@inbound.localhost'], smtpData(raw))).reply;
    } finally {
      await c.close().catch(() => undefined);
    }
    expect(reply).toMatch(/^250 2\.0\.0 Queued as \d+\.\d+/);

    const rows = await rowsFor('spool-one@test');
    expect(rows).toHaveLength(1);
    const admin = await t.as('admin');
    let email: { State: string; Vendor: string; Results: { DeviceName: string; Status: string }[] } | undefined;
    for (let i = 0; i < 100 && email?.State !== 'Inactive'; i++) {
      const list = await admin('GET', '/api/tenant/processed-emails?search=DC01');
      expect(list.status).toBe(200);
      email = list.body.Results.find((e: { emailId: number }) => e.emailId === Number(rows[0].id));
      if (email?.State !== 'Inactive') await new Promise((r) => setTimeout(r, 100));
    }
    expect(email).toMatchObject({ State: 'Inactive', Vendor: 'acronis' });
    expect(email!.Results[0]).toMatchObject({ DeviceName: 'DC01', Status: 'Failure' });
  });

  it('still refuses unknown recipients at RCPT and banned senders at MAIL FROM', async () => {
    const smtp = await start(spoolDir());
    const root = await t.as('root');
    const ban = await root('POST', '/api/admin/smtp/banned-emails', { Email: 'spammer@banned-by-spool.test' });
    expect(ban.status).toBe(200);
    const replies = await talk(smtp.port, [
      'EHLO test',
      'MAIL FROM:<spammer@banned-by-spool.test>',
      'MAIL FROM:<ok@client.test>',
      'RCPT TO:<nobody-here@inbound.localhost>',
      'RCPT TO:<acme@elsewhere.test>',
      'RCPT TO:<acme@inbound.localhost>',
      'QUIT',
    ]);
    expect(replies.map((r) => r.slice(0, 3))).toEqual(['250', '550', '250', '550', '550', '250', '221']);
    await expect
      .poll(
        async () =>
          (await root('GET', '/api/admin/smtp/banned-emails')).body.find(
            (b: { Email: string }) => b.Email === 'spammer@banned-by-spool.test',
          )?.RefusedCount,
      )
      .toBe(1);
  });

  it('files what an earlier run left in the spool once, and leaves nothing behind', async () => {
    const dir = spoolDir();
    const raw = withId(readFileSync(fixture('acronis', 'backup-failed.eml')), 'spool-left@test');
    const receivedAt = Date.parse('2026-11-20T03:04:05Z');
    const writer = SpoolWriter.open(dir, 1);
    writer.write([
      {
        envelope: {
          envelopeFrom: 'noreply-abc@cloud.acronis.com',
          recipients: [{ tenantId: acme, address: 'acme@inbound.localhost', plusTag: null }],
          receivedAt,
        },
        raw,
      },
    ]);
    await writer.close();

    const first = await start(dir);
    const rows = await rowsFor('spool-left@test');
    expect(rows).toHaveLength(1);
    // Received when it was answered 250, not when it was filed.
    expect(new Date(rows[0].received_at).getTime()).toBe(receivedAt);
    await stop(first);
    expect(spoolSegments(dir).every((n) => n > 1)).toBe(true);

    // Started again on the same spool: nothing is filed twice.
    await stop(await start(dir));
    expect(await rowsFor('spool-left@test', 2, 500)).toHaveLength(1);
  });

  it('sets aside, never drops, a spooled e-mail the database cannot take, and files the rest', async () => {
    const dir = spoolDir();
    const raw = (id: string) => withId(readFileSync(fixture('acronis', 'backup-failed.eml')), id);
    const writer = SpoolWriter.open(dir, 1);
    const envelope = (tenantId: number) => ({
      envelopeFrom: 'noreply-abc@cloud.acronis.com',
      recipients: [{ tenantId, address: 'acme@inbound.localhost', plusTag: null }],
      receivedAt: Date.now(),
    });
    // A tenant deleted between the 250 and the filing.
    writer.write([
      { envelope: envelope(987_654), raw: raw('spool-orphan@test') },
      { envelope: envelope(acme), raw: raw('spool-after-orphan@test') },
    ]);
    await writer.close();
    await start(dir);
    expect(await rowsFor('spool-after-orphan@test')).toHaveLength(1);
    expect(await rowsFor('spool-orphan@test', 1, 300)).toHaveLength(0);
    const aside = path.join(dir, 'set-aside');
    expect(existsSync(aside)).toBe(true);
    const kept = readdirSync(aside).find((f) => f.endsWith('.eml'))!;
    expect(readFileSync(path.join(aside, kept), 'latin1')).toContain('Message-ID: <spool-orphan@test>');
    expect(JSON.parse(readFileSync(path.join(aside, kept.replace(/\.eml$/, '.json')), 'utf8'))).toMatchObject({
      recipients: [{ tenantId: 987_654 }],
    });
  });

  it("shows each node's spool in the parsing status, and keeps a silent node's e-mails in view", async () => {
    const dir = spoolDir();
    const writer = SpoolWriter.open(dir, 1);
    writer.write([
      {
        envelope: {
          envelopeFrom: 'noreply-abc@cloud.acronis.com',
          recipients: [{ tenantId: 987_655, address: 'acme@inbound.localhost', plusTag: null }],
          receivedAt: Date.now(),
        },
        raw: withId(readFileSync(fixture('acronis', 'backup-failed.eml')), 'spool-status-orphan@test'),
      },
    ]);
    await writer.close();
    const smtp = await start(dir);
    // Filed (here: set aside), the spool holds nothing and says so.
    await expect.poll(() => smtp.status(), { timeout: 10_000 }).toMatchObject({ setAside: 1, spooled: 0 });
    expect(smtp.status()).toMatchObject({ spooledBytes: 0, oldestSpooledAt: null });
    await reportIntakeNode(t.database, 'ingest-a:/spool', smtp.status());

    // A node that went silent an hour after answering e-mails it never filed.
    const heldSince = Date.parse('2026-11-28T02:00:00Z');
    await reportIntakeNode(t.database, 'ingest-b:/spool', {
      spooled: 42,
      spooledBytes: 420_000,
      oldestSpooledAt: heldSince,
      setAside: 0,
    });
    await reportIntakeNode(t.database, 'ingest-gone:/spool', {
      spooled: 0,
      spooledBytes: 0,
      oldestSpooledAt: null,
      setAside: 0,
    });
    await t.database.query(
      `UPDATE intake_nodes SET reported_at = now() - interval '1 hour' WHERE node = 'ingest-b:/spool'`,
    );
    await t.database.query(
      `UPDATE intake_nodes SET reported_at = now() - interval '2 days' WHERE node = 'ingest-gone:/spool'`,
    );

    const status = await (await t.as('root'))('GET', '/api/parsing-status');
    expect(status.status).toBe(200);
    const nodes = status.body.IntakeNodes.filter((n: { Node: string }) => n.Node.startsWith('ingest-'));
    expect(nodes).toEqual([
      expect.objectContaining({ Node: 'ingest-a:/spool', Spooled: 0, SetAside: 1, Reporting: true }),
      expect.objectContaining({
        Node: 'ingest-b:/spool',
        Spooled: 42,
        SpooledBytes: 420_000,
        OldestSpooled: new Date(heldSince).toISOString(),
        Reporting: false,
      }),
    ]);
    expect(status.body.Spooled).toBeGreaterThanOrEqual(42);
    expect(status.body.SetAside).toBeGreaterThanOrEqual(1);
    expect(Date.parse(status.body.OldestSpooled)).toBeLessThanOrEqual(heldSince);
    // A tenant user does not see the platform's intake.
    expect((await (await t.as('admin'))('GET', '/api/parsing-status')).status).toBe(403);
  });

  it('answers 452 (try later) while the spool holds more than it may', async () => {
    const smtp = await start(spoolDir(), -1);
    const c = await SmtpConnection.open(smtp.port);
    try {
      const raw = withId(readFileSync(fixture('acronis', 'backup-failed.eml')), 'spool-full@test');
      const r = await c.send('noreply-abc@cloud.acronis.com', ['acme@inbound.localhost'], smtpData(raw));
      expect(r.reply).toMatch(/^452 4\.3\.1 /);
    } finally {
      await c.close().catch(() => undefined);
    }
    expect(await rowsFor('spool-full@test', 1, 300)).toHaveLength(0);
  });
});
