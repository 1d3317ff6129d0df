/**
 * End to end over SMTP on loopback: a real Vigil process (HTTP, SMTP, parse workers) and this
 * process as the sending side, with many connections paced at a target rate.
 *
 *   npm run bench -- smtp [--db=pglite|postgres] [--seconds=60] [--rate=320] [--connections=16]
 *
 * Targets: ≥ 300 e-mails/s accepted and parsed, sustained; p99 DATA → 250 under 100 ms; zero
 * lost (every accepted e-mail stored, parsed once, and its results all filed). PostgreSQL comes
 * from BENCH_DATABASE_URL, or the test cluster at postgres://postgres@127.0.0.1:5433/postgres.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { SmtpConnection, smtpData } from '../packages/server/test/smtp-client.ts';
import { writeResults } from './_results.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const dbKind = arg('db', 'pglite') as 'pglite' | 'postgres';
const seconds = Number(arg('seconds', '60'));
const rate = Number(arg('rate', '320'));
const connections = Number(arg('connections', '16'));

// The fixture set, each with the number of results it must produce.
const fixtures = path.join(repo, 'packages/server/src/parser/fixtures');
const corpus = readdirSync(fixtures).flatMap((vendor) =>
  readdirSync(path.join(fixtures, vendor))
    .filter((f) => f.endsWith('.eml'))
    .map((f) => {
      const raw = readFileSync(path.join(fixtures, vendor, f), 'latin1');
      const expected = JSON.parse(readFileSync(path.join(fixtures, vendor, f.replace(/\.eml$/, '.json')), 'utf8'));
      return { raw, results: Array.isArray(expected) ? expected.length : 0 };
    }),
);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

let serverGone = false;
async function waitFor<T>(what: string, fn: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (serverGone) throw new Error(`the server exited while waiting for ${what}`);
    const v = await fn().catch(() => null);
    if (v !== null) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

async function main() {
  const [httpPort, smtpPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
  let databaseUrl: string | undefined;
  let adminUrl: string | undefined;
  const dbName = `vigil_bench_${Date.now()}`;
  if (dbKind === 'postgres') {
    adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5433/postgres';
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }

  console.log(`starting Vigil on ${dbKind} (http ${httpPort}, smtp ${smtpPort})…`);
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const server = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'packages/server/src/main.ts', 'serve', '--seed'],
    {
      cwd: repo,
      env: {
        ...process.env,
        PORT: String(httpPort),
        SMTP_PORT: String(smtpPort),
        HOST: '127.0.0.1',
        SMTP_HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        VIGIL_DEMO_DAYS: '0',
        // Each connection sends as its own sender at rate/connections a second (20/s at the
        // defaults), which is the per-sender limit itself; the bench measures throughput, not it.
        SMTP_SENDER_PER_MINUTE: String(Math.ceil((rate / connections) * 60 * 2)),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) =>
    server.on('exit', (code) => {
      serverGone = true;
      resolve(code);
    }),
  );
  const base = `http://127.0.0.1:${httpPort}`;
  await waitFor('the server', async () => ((await fetch(`${base}/api/health/ready`)).ok ? true : null), 120_000);
  const login = await fetch(`${base}/api/UserAuth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: 'root@vigil.local', Password: process.env.VIGIL_DEMO_PASSWORD ?? 'Demo!Vigil1' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const status = async () =>
    (await (
      await fetch(`${base}/api/parsing-status`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()) as {
      QueueDepth: number;
    };

  const conns = await Promise.all(Array.from({ length: connections }, () => SmtpConnection.open(smtpPort)));
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  let expectedResults = 0;
  let next = 0;
  let maxQueue = 0;
  const runId = Date.now().toString(36);
  console.log(`sending ${total} e-mails at ${rate}/s over ${connections} connections for ${seconds}s…`);
  const start = performance.now();
  const sampler = setInterval(() => {
    status()
      .then((s) => (maxQueue = Math.max(maxQueue, s.QueueDepth)))
      .catch(() => undefined);
  }, 5000);
  await Promise.all(
    conns.map(async (c, ci) => {
      while (next < total) {
        const i = next++;
        const due = start + (i / rate) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const f = corpus[i % corpus.length];
        const raw = f.raw.replace(/^Message-ID:.*$/im, `Message-ID: <bench-${runId}-${i}@vigil.bench>`);
        const withId = /^Message-ID:/im.test(f.raw) ? raw : `Message-ID: <bench-${runId}-${i}@vigil.bench>\n${raw}`;
        const r = await c.send(`reports-${ci}@bench.test`, ['demo@inbound.localhost'], smtpData(withId));
        if (r.reply.startsWith('250')) {
          accepted++;
          expectedResults += f.results;
          latencies.push(r.ms);
        } else {
          refused++;
          if (refused <= 5) console.warn(`refused: ${r.reply}`);
        }
      }
    }),
  );
  const sendSeconds = (performance.now() - start) / 1000;
  await Promise.all(conns.map((c) => c.close()));
  console.log(`sent in ${sendSeconds.toFixed(1)}s; waiting for parsing to finish…`);
  await waitFor('the queue to drain', async () => ((await status()).QueueDepth === 0 ? true : null), 600_000);
  clearInterval(sampler);
  const drainSeconds = (performance.now() - start) / 1000;

  server.kill('SIGTERM');
  await exited;

  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
  const counts = await database.query<{ emails: string; parsed: string; results: string }>(
    `SELECT count(*) AS emails,
            count(*) FILTER (WHERE state IN ('Processed', 'Inactive')) AS parsed,
            (SELECT count(*) FROM results r JOIN emails e2 ON e2.id = r.email_id WHERE e2.message_id LIKE $1) AS results
       FROM emails WHERE message_id LIKE $1`,
    [`bench-${runId}-%`],
  );
  await database.close();
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  const c = counts.rows[0];
  const stored = Number(c.emails);
  const parsed = Number(c.parsed);
  const results = Number(c.results);
  const acceptedPerSecond = accepted / sendSeconds;
  const parsedPerSecond = parsed / drainSeconds;
  const figures = {
    database: dbKind,
    seconds,
    targetRate: rate,
    connections,
    sent: total,
    accepted,
    refused,
    acceptedPerSecond: Math.round(acceptedPerSecond),
    parsedPerSecond: Math.round(parsedPerSecond),
    drainSecondsAfterLastSend: Math.round((drainSeconds - sendSeconds) * 10) / 10,
    maxQueueDepth: maxQueue,
    dataTo250Ms: {
      p50: Math.round(percentile(latencies, 50) * 10) / 10,
      p95: Math.round(percentile(latencies, 95) * 10) / 10,
      p99: Math.round(percentile(latencies, 99) * 10) / 10,
      max: Math.round((latencies[latencies.length - 1] ?? 0) * 10) / 10,
    },
    stored,
    parsed,
    expectedResults,
    results,
    lost: accepted - parsed + (expectedResults - results),
    meetsTarget:
      acceptedPerSecond >= 300 &&
      parsedPerSecond >= 300 &&
      percentile(latencies, 99) < 100 &&
      stored === accepted &&
      parsed === accepted &&
      results === expectedResults,
  };
  writeResults(`smtp-${dbKind}`, figures);
  if (!figures.meetsTarget) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
