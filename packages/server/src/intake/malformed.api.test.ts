import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SMTPServer } from 'smtp-server';
import { testApp, type TestApp } from '../../test/harness.ts';
import { SmtpConnection } from '../../test/smtp-client.ts';
import { close, createSmtpServer, listen } from './smtp.ts';

/**
 * A corpus of broken e-mails over the real SMTP listener. Whatever arrives, the door answers
 * 250 with the message stored and listed, or a permanent 5xx — never 451, which would have the
 * sending server retry a message that can never succeed — and no raw file is left without a row.
 */
const blobDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-malformed-'));
const MAX = 32 * 1024 * 1024;
let t: TestApp;
const servers: SMTPServer[] = [];
let port: number;
let smallPort: number;

async function smtp(maxBytes: number): Promise<number> {
  const server = createSmtpServer({ ingest: t.deps.ingest, maxBytes, log: t.app.log });
  servers.push(server);
  return listen(server, 0, '127.0.0.1');
}

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');
/** DATA framing for bytes as they are: dot-stuffing only, line ends left alone. */
const stuffed = (raw: Buffer) => Buffer.from(raw.toString('latin1').replace(/(^|\n)\./g, '$1..'), 'latin1');
const head = (subject: string, extra: string[] = []) => [
  'From: Backup <backup@client.test>',
  'To: acme@inbound.localhost',
  `Subject: ${subject}`,
  `Message-ID: <${Math.random().toString(36).slice(2)}@malformed.test>`,
  ...extra,
];

function nestedMultipart(depth: number): Buffer {
  const lines = head('50-deep multiparts', ['MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b0"']);
  lines.push('');
  for (let i = 0; i < depth; i++) lines.push(`--b${i}`, `Content-Type: multipart/mixed; boundary="b${i + 1}"`, '');
  lines.push(`--b${depth}`, 'Content-Type: text/plain', '', 'the innermost part');
  for (let i = depth; i >= 0; i--) lines.push(`--b${i}--`);
  return crlf(lines);
}

const garbage = (n: number, seed: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (seed * 7919 + i * 104729) % 256));

const CORPUS: { name: string; raw: Buffer }[] = [
  { name: 'NUL in the Subject', raw: crlf([...head('Backup \u0000 report'), '', 'body']) },
  { name: 'encoded NUL in the Subject', raw: crlf([...head('=?utf-8?B?YQBi?='), '', 'body']) },
  { name: 'encoded half surrogate pair', raw: crlf([...head('=?utf-16le?B?ANg=?='), '', 'body']) },
  {
    name: 'NULs in From, Message-ID, body and attachment name',
    raw: crlf([
      'From: Ba\u0000d <ba\u0000d@client.test>',
      'To: acme@inbound.localhost',
      'Subject: nul everywhere',
      'Message-ID: <a\u0000b@malformed.test>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="x"',
      '',
      '--x',
      'Content-Type: text/plain',
      '',
      'body with \u0000 inside',
      '--x',
      'Content-Type: application/octet-stream; name="re\u0000port.txt"',
      'Content-Disposition: attachment; filename="re\u0000port.txt"',
      '',
      'attached \u0000',
      '--x--',
    ]),
  },
  {
    name: 'broken MIME boundaries',
    raw: crlf([
      ...head('broken boundaries', ['MIME-Version: 1.0', 'Content-Type: multipart/alternative; boundary="never"']),
      '',
      '--other',
      'Content-Type: text/html',
      '',
      '<p>unclosed',
      '--never',
      'Content-Type: multipart/mixed; boundary=',
      '',
      '--',
    ]),
  },
  { name: '50-deep nested multiparts', raw: nestedMultipart(50) },
  {
    name: '8-bit garbage headers and body',
    raw: Buffer.concat([
      crlf([...head('garbage'), 'X-Junk: ']),
      garbage(300, 1).filter((b) => b !== 10 && b !== 13),
      Buffer.from('\r\nContent-Type: text/plain; charset=x-unknown\r\n\r\n'),
      garbage(5000, 2),
    ]),
  },
  { name: 'a header without a colon', raw: crlf([...head('no colon'), 'This header has no colon', '', 'body']) },
  { name: 'bare LFs', raw: Buffer.from([...head('bare LF'), '', 'one', 'two', ''].join('\n'), 'latin1') },
  { name: 'a 1 MB Subject', raw: crlf([...head('s'.repeat(1024 * 1024)), '', 'body']) },
  {
    name: 'a 10 kB Message-ID',
    raw: crlf(['From: a@client.test', 'Subject: long id', `Message-ID: <${'m'.repeat(10_000)}@x>`, '', 'body']),
  },
  { name: 'no headers at all', raw: Buffer.from('just a line of text\r\n') },
  {
    name: 'a 30 MB message',
    raw: Buffer.concat([
      crlf([...head('thirty megabytes', ['Content-Type: application/octet-stream']), '', '']),
      Buffer.alloc(30 * 1024 * 1024, 'QUJD\r\n'),
    ]),
  },
];

beforeAll(async () => {
  t = await testApp({ BLOB_DIR: blobDir });
  port = await smtp(MAX);
  smallPort = await smtp(64 * 1024);
});
afterAll(async () => {
  for (const s of servers) await close(s);
  await t?.close();
  rmSync(blobDir, { recursive: true, force: true });
});

async function send(raw: Buffer, toPort = port): Promise<string> {
  const c = await SmtpConnection.open(toPort);
  try {
    return (await c.send('backup@client.test', ['acme@inbound.localhost'], stuffed(raw))).reply;
  } finally {
    await c.close().catch(() => undefined);
  }
}

/** Every listed e-mail with the state parsing left it in. */
async function listedIds(): Promise<Map<number, string>> {
  const admin = await t.as('admin');
  const ids = new Map<number, string>();
  for (let page = 1; ; page++) {
    const r = await admin('GET', `/api/tenant/processed-emails?Size=200&Page=${page}`);
    expect(r.status).toBe(200);
    for (const e of r.body.Results as { emailId: number; State: string }[]) ids.set(e.emailId, e.State);
    if (r.body.Results.length < 200) return ids;
  }
}

/** Raw e-mail files on disk that no e-mail row refers to (and half-written temporary files). */
async function orphanFiles(): Promise<string[]> {
  const base = path.join(blobDir, 'email');
  const files = readdirSync(base, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(blobDir, path.join(d.parentPath, d.name)));
  const rows = await t.database.query<{ blob_key: string }>('SELECT DISTINCT blob_key FROM emails');
  const keys = new Set(rows.rows.map((r) => r.blob_key));
  return files.filter((f) => !keys.has(f.split(path.sep).join('/')));
}

describe('malformed e-mails at the SMTP door', () => {
  it('are stored and listed, or refused for good — never 451', { timeout: 180_000 }, async () => {
    const replies: { name: string; reply: string }[] = [];
    for (const m of CORPUS) replies.push({ name: m.name, reply: await send(m.raw) });
    replies.push({ name: 'an empty message', reply: await send(Buffer.alloc(0)) });
    const big = Buffer.concat([crlf([...head('too big'), '', '']), Buffer.alloc(100 * 1024, 'abcdefgh\r\n')]);
    replies.push({ name: 'over the size limit', reply: await send(big, smallPort) });

    const temporary = replies.filter((r) => r.reply.startsWith('4'));
    expect(temporary, JSON.stringify(temporary)).toEqual([]);
    for (const r of replies) expect(r.reply, r.name).toMatch(/^(250|5\d\d) /);
    expect(replies.find((r) => r.name === 'an empty message')!.reply).toMatch(/^554 /);
    expect(replies.find((r) => r.name === 'over the size limit')!.reply).toMatch(/^552 /);
    // The corpus itself is taken whole: every broken message is stored for a person to look at.
    for (const m of CORPUS) expect(replies.find((r) => r.name === m.name)!.reply, m.name).toMatch(/^250 /);

    const listed = await listedIds();
    for (const r of replies.filter((x) => x.reply.startsWith('250'))) {
      const ids = /Stored as ([\d, ]+)/.exec(r.reply)![1].split(', ').map(Number);
      for (const id of ids) {
        expect(listed.has(id), `${r.name} (e-mail ${id}) is listed`).toBe(true);
        // Parsed to the end: no NUL or garbage left it waiting for a retry that cannot succeed.
        expect(['Processed', 'Inactive', 'NeedsReview'], `${r.name} (e-mail ${id})`).toContain(listed.get(id));
      }
    }
    // The NUL subject is kept readable in its column; the blob keeps the bytes as they came.
    const admin = await t.as('admin');
    const nulId = Number(/Stored as (\d+)/.exec(replies[0].reply)![1]);
    const dl = await t.call('GET', `/api/tenant/processed-emails/download?emailId=${nulId}`, {
      token: await t.token('admin'),
    });
    expect(dl.status).toBe(200);
    expect(String(dl.body)).toContain('Backup \u0000 report');
    const found = await admin('GET', '/api/tenant/processed-emails?Size=200&search=Backup%20%20report');
    expect(found.status).toBe(200);
    expect(found.body.Results.map((e: { emailId: number }) => e.emailId)).toContain(nulId);

    expect(await orphanFiles()).toEqual([]);
    // The listener is still up and well.
    expect(await send(crlf([...head('after the corpus'), '', 'fine']))).toMatch(/^250 /);
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });

  it('leaves no raw file behind when the row cannot be written', async () => {
    const raw = crlf([...head('for a tenant that does not exist'), '', 'body']);
    await expect(
      t.deps.ingest.accept({
        raw,
        envelopeFrom: 'a@client.test',
        recipients: [{ tenantId: 987654, address: 'nobody@inbound.localhost', plusTag: null }],
        source: 'smtp',
      }),
    ).rejects.toThrow();
    expect(await orphanFiles()).toEqual([]);
  });

  it('sweeps orphaned raw files once they are old, and keeps every file a row refers to', async () => {
    const orphan = await t.deps.blobs.put('email', Buffer.from('left behind by a crash'));
    const fresh = await t.deps.blobs.put('email', Buffer.from('an accept still under way'));
    const kept = (await t.database.query<{ blob_key: string }>('SELECT blob_key FROM emails LIMIT 1')).rows[0].blob_key;
    const hourAgo = new Date(Date.now() - 3600_000);
    for (const key of [orphan, kept]) utimesSync(path.join(blobDir, key), hourAgo, hourAgo);

    expect(await t.deps.ingest.sweepOrphanBlobs(15 * 60_000)).toBe(1);
    const left = await orphanFiles();
    expect(left.map((f) => f.split(path.sep).join('/'))).toEqual([fresh]);
    await expect(t.deps.blobs.get(kept)).resolves.toBeInstanceOf(Buffer);
    await expect(t.deps.blobs.get(orphan)).rejects.toThrow();
  });
});
