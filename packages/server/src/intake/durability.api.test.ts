import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturesRoot } from '../../test/fixtures.ts';
import { SmtpConnection, smtpData } from '../../test/smtp-client.ts';

/**
 * Kill -9 the real process while e-mails are arriving and while they wait to be parsed, start
 * it again, and prove that every e-mail that got a 250 is stored once, parsed, and has exactly
 * the results its content yields — on PGlite (a data dir on disk) and on PostgreSQL.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const onPostgres = process.env.VIGIL_TEST_DB === 'postgres';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-crash-'));
const dbName = `vigil_crash_${process.pid}`;
let databaseUrl: string | undefined;

const corpus = readdirSync(fixturesRoot).flatMap((vendor) =>
  readdirSync(path.join(fixturesRoot, vendor))
    .filter((f) => f.endsWith('.eml'))
    .map((f) => ({
      raw: readFileSync(path.join(fixturesRoot, vendor, f), 'latin1'),
      results: (JSON.parse(readFileSync(path.join(fixturesRoot, vendor, f.replace(/\.eml$/, '.json')), 'utf8')) as [])
        .length,
    })),
);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | null = null;
let httpPort = 0;
let smtpPort = 0;

async function start(): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(httpPort),
    SMTP_PORT: String(smtpPort),
    HOST: '127.0.0.1',
    SMTP_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    VIGIL_DEMO_PASSWORD: 'Crash!Test1',
    VIGIL_DEMO_DAYS: '0',
  };
  // PGlite is chosen by leaving DATABASE_URL out altogether.
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts', 'serve', '--seed'], {
    cwd: repo,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${httpPort}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

async function kill(): Promise<void> {
  const s = server!;
  const gone = new Promise((r) => s.once('exit', r));
  s.kill('SIGKILL');
  await gone;
  server = null;
}

async function queueDepth(): Promise<number> {
  const login = await fetch(`http://127.0.0.1:${httpPort}/api/UserAuth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: 'root@vigil.local', Password: 'Crash!Test1' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const r = await fetch(`http://127.0.0.1:${httpPort}/api/parsing-status`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return ((await r.json()) as { QueueDepth: number }).QueueDepth;
}

/** Sends e-mails i..j over a few connections; returns which got a 250. A dead server ends the run. */
async function sendRange(from: number, to: number, accepted: Set<number>, stopAfter?: number): Promise<void> {
  let next = from;
  const conns = await Promise.all(Array.from({ length: 4 }, () => SmtpConnection.open(smtpPort)));
  await Promise.all(
    conns.map(async (c) => {
      try {
        while (next < to) {
          const i = next++;
          if (stopAfter !== undefined && accepted.size >= stopAfter) return;
          const f = corpus[i % corpus.length];
          const body = f.raw.replace(/^Message-ID:.*$/im, `Message-ID: <crash-${i}@vigil.test>`);
          const r = await c.send(`crash-${i % 7}@sender.test`, ['demo@inbound.localhost'], smtpData(body));
          if (r.reply.startsWith('250')) accepted.add(i);
        }
      } catch {
        // The connection died with the server: whatever had no 250 was not accepted.
      }
    }),
  );
  await Promise.all(conns.map((c) => c.close().catch(() => undefined)));
}

function storedEmails(): { message_id: string; state: string; results: string }[] {
  const code = `
    import { openDatabase } from './packages/server/src/db/client.ts';
    const database = await openDatabase(${JSON.stringify(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') })});
    const r = await database.query(
      "SELECT e.message_id, e.state, (SELECT count(*) FROM results r WHERE r.email_id = e.id) AS results FROM emails e WHERE e.message_id LIKE 'crash-%'",
    );
    process.stdout.write(JSON.stringify(r.rows));
    await database.close();
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: repo,
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out.toString('utf8')) as { message_id: string; state: string; results: string }[];
}

afterAll(async () => {
  if (server) await kill();
  rmSync(dataDir, { recursive: true, force: true });
  if (onPostgres && process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
});

describe('a crash at any point', () => {
  it('loses no accepted e-mail and parses each exactly once in effect', { timeout: 240_000 }, async () => {
    if (onPostgres) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const u = new URL(process.env.TEST_DATABASE_URL!);
      u.pathname = `/${dbName}`;
      databaseUrl = u.toString();
    }
    [httpPort, smtpPort] = [await freePort(), await freePort()];
    const accepted = new Set<number>();
    await start();

    // 1. Killed while e-mails are arriving.
    const sending = sendRange(0, 300, accepted);
    await new Promise((r) => setTimeout(r, 1500));
    await kill();
    await sending;
    const firstRound = accepted.size;
    expect(firstRound).toBeGreaterThan(0);

    // 2. Back up; the senders retry what got no 250 (as mail servers do) and send more.
    await start();
    const missed = Array.from({ length: 300 }, (_, i) => i).filter((i) => !accepted.has(i));
    for (const i of missed) await sendRange(i, i + 1, accepted);
    await sendRange(300, 500, accepted);
    // 3. Killed again at once, with parsing still to do (or under way).
    await kill();
    await start();

    const until = Date.now() + 120_000;
    while ((await queueDepth()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
    expect(await queueDepth()).toBe(0);
    await kill();

    // Read what is stored from a separate process, as an operator would after the crashes.
    const rows = storedEmails();
    const byIndex = new Map(rows.map((r) => [Number(/crash-(\d+)@/.exec(r.message_id)![1]), r]));
    // Every accepted e-mail is there once, parsed, with exactly its results.
    expect(rows.length).toBe(byIndex.size);
    for (const i of accepted) {
      const row = byIndex.get(i);
      expect(row, `e-mail ${i}`).toBeDefined();
      expect(['Processed', 'Inactive'], `e-mail ${i}`).toContain(row!.state);
      expect(Number(row!.results), `results of e-mail ${i}`).toBe(corpus[i % corpus.length].results);
    }
    expect(accepted.size).toBe(500);
  });
});
