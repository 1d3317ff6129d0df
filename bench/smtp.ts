/**
 * End to end over SMTP on loopback, against a yardstick. In one run: first a bare `smtp-server`
 * sink (its own process, draining each message and answering 250), then a real Vigil process
 * (HTTP, SMTP, parse workers), both driven by the same plain client (no pipelining, TCP_NODELAY,
 * one message at a time per connection) over the same corpus.
 *
 *   npm run bench -- smtp [--db=pglite|postgres] [--seconds=60] [--connections=16] [--rate=N]
 *     [--blobs=file|postgres]
 *
 * Unpaced by default: every connection sends its next e-mail as soon as the last is answered,
 * for `--seconds`. `--rate=N` paces Vigil at N e-mails a second instead (no sink). Vigil answers
 * from its SMTP spool and files behind it (SMTP_INTAKE=spool); the run ends when every accepted
 * e-mail is filed and parsed.
 *
 * Figures:
 * - sinkPerSecond: e-mails the sink answered 250 per second of its window.
 * - acceptedPerSecond: e-mails Vigil answered 250 per second of its window.
 * - acceptedParsedPerSecond: the accepted e-mails divided by the time from the first send until
 *   the last of them is parsed and its results filed (no e-mail left waiting or in progress):
 *   the rate the whole path sustains, backlog included.
 * - parsedInWindow: how many of them were already parsed when the sending window closed.
 * - maxQueueDepth: the most e-mails seen waiting at once, spooled or queued to be parsed.
 * - lost: accepted but not stored, plus stored but never parsed, plus results missing.
 * Targets (unpaced, 16 connections): accepted ≥ 0.5× the sink, accepted + parsed ≥ 0.25×,
 * p99 DATA → 250 under 100 ms, zero lost. PostgreSQL comes from BENCH_DATABASE_URL, or the
 * test cluster at postgres://postgres@127.0.0.1:5433/postgres. BENCH_PROFILE=<dir> writes a
 * CPU profile of the Vigil process there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { drive, latencyFigures, loadCorpus, percentile, round1, type DriveResult } from './_smtp-drive.ts';
import { writeRunResults } from './_results.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const dbKind = arg('db', 'pglite') as 'pglite' | 'postgres';
const seconds = Number(arg('seconds', '60'));
const paced = arg('rate', '') !== '';
const rate = paced ? Number(arg('rate', '320')) : null;
const connections = Number(arg('connections', '16'));
/** Where Vigil keeps the raw e-mails (BLOB_STORE); its figures are filed under `<db>` or `<db>+<blobs>`. */
const blobs = arg('blobs', 'file');
const corpus = loadCorpus(path.join(repo, 'packages/server/src/parser/fixtures'));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

let serverGone = false;
async function waitFor<T>(what: string, fn: () => Promise<T | null>, timeoutMs: number, everyMs = 250): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (serverGone) throw new Error(`the server exited while waiting for ${what}`);
    const v = await fn().catch(() => null);
    if (v !== null) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Stops a process this bench started, by its id, and waits for it to exit. */
async function stop(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && child.exitCode === null && process.kill(child.pid, 'SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** The bare sink's rate over the same client, corpus and connections. */
async function measureSink(): Promise<DriveResult> {
  const sink = spawn(process.execPath, ['--import', 'tsx', 'bench/_smtp-sink.ts', '0'], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => sink.on('exit', resolve));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      sink.stdout.on('data', (d: Buffer) => {
        const m = /ready (\d+)/.exec(d.toString());
        if (m) resolve(Number(m[1]));
      });
      sink.on('exit', () => reject(new Error('the sink exited')));
    });
    console.log(`bare sink on ${port}: ${connections} connections for ${seconds}s…`);
    return await drive({ port, connections, seconds, rate: null, corpus, runId: 'sink', recipient: 'demo@sink.test' });
  } finally {
    await stop(sink, exited);
  }
}

async function main() {
  const sink = paced ? null : await measureSink();
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
        // Each connection sends as its own sender; the bench measures throughput, not the
        // per-sender limit.
        SMTP_SENDER_PER_MINUTE: '10000000',
        // The drain after an unpaced minute can outlast the default 15-minute access token.
        ACCESS_TOKEN_TTL_SECONDS: '86400',
        // The spool's backlog is read from the node's report: every second, so the peak is seen.
        SPOOL_REPORT_SECONDS: '1',
        BLOB_STORE: blobs,
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
  let run: DriveResult;
  let drainSeconds: number;
  let parsedInWindow = 0;
  let maxQueue = 0;
  const runId = Date.now().toString(36);
  try {
    await waitFor('the server', async () => ((await fetch(`${base}/api/health/ready`)).ok ? true : null), 180_000);
    const login = await fetch(`${base}/api/UserAuth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        UserName: 'root@vigil.local',
        Password: process.env.VIGIL_DEMO_PASSWORD ?? 'Demo!Vigil1',
      }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const status = async () =>
      (await (
        await fetch(`${base}/api/parsing-status`, { headers: { authorization: `Bearer ${accessToken}` } })
      ).json()) as { QueueDepth: number; Spooled: number; ProcessedLastHour: number };
    const before = (await status()).ProcessedLastHour;

    console.log(
      rate === null
        ? `Vigil: ${connections} connections unpaced for ${seconds}s…`
        : `Vigil: ${Math.round(rate * seconds)} e-mails at ${rate}/s over ${connections} connections…`,
    );
    const start = performance.now();
    const sampler = setInterval(() => {
      status()
        .then((s) => (maxQueue = Math.max(maxQueue, s.QueueDepth + s.Spooled)))
        .catch(() => undefined);
    }, 5000);
    run = await drive({
      port: smtpPort,
      connections,
      seconds,
      rate,
      corpus,
      runId,
      recipient: 'demo@inbound.localhost',
    });
    clearInterval(sampler);
    const atEnd = await status();
    parsedInWindow = atEnd.ProcessedLastHour - before;
    maxQueue = Math.max(maxQueue, atEnd.QueueDepth + atEnd.Spooled);
    console.log(
      `sent in ${run.sendSeconds.toFixed(1)}s; ${atEnd.Spooled} spooled, ${atEnd.QueueDepth} waiting to be parsed…`,
    );
    // The spool files what it answered 250 right behind the door: done when every accepted
    // e-mail is parsed and nothing waits.
    let shown = performance.now();
    // The status counts the last hour's e-mails: with a flood's worth of them it costs the
    // database a second or more (on PGlite, on the thread that files them), so polling it every
    // two seconds would slow the very drain it watches. It is asked every ten seconds while more
    // than 5,000 e-mails wait, then every second.
    let waiting = Infinity;
    await waitFor(
      'the queue to drain',
      async () => {
        if (waiting > 5000) await new Promise((r) => setTimeout(r, 9000));
        const s = await status();
        waiting = s.QueueDepth + s.Spooled;
        if (performance.now() - shown >= 10_000) {
          shown = performance.now();
          const at = ((shown - start) / 1000).toFixed(0);
          console.log(`  ${at}s: ${s.Spooled} spooled, ${s.QueueDepth} waiting to be parsed`);
        }
        return s.QueueDepth === 0 && s.Spooled === 0 && s.ProcessedLastHour - before >= run.accepted ? true : null;
      },
      1_800_000,
      1000,
    );
    drainSeconds = (performance.now() - start) / 1000;
  } finally {
    await stop(server, exited);
  }

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

  const c = counts.rows[0];
  const stored = Number(c.emails);
  const parsed = Number(c.parsed);
  const results = Number(c.results);
  const acceptedPerSecond = run.accepted / run.sendSeconds;
  const acceptedParsedPerSecond = parsed / drainSeconds;
  const sinkPerSecond = sink ? sink.accepted / sink.sendSeconds : null;
  const ratio = (n: number) => (sinkPerSecond ? Math.round((n / sinkPerSecond) * 100) / 100 : null);
  const lost =
    Math.max(0, run.accepted - stored) + Math.max(0, run.accepted - parsed) + (run.expectedResults - results);
  const p99 = percentile(run.latencies, 99);
  const figures = {
    mode: paced ? 'paced' : 'unpaced',
    blobStore: blobs,
    seconds,
    connections,
    ...(paced ? { targetRate: rate } : {}),
    ...(sink
      ? {
          sink: {
            accepted: sink.accepted,
            sinkPerSecond: Math.round(sinkPerSecond!),
            dataTo250Ms: latencyFigures(sink.latencies),
          },
        }
      : {}),
    accepted: run.accepted,
    refused: run.refused,
    acceptedPerSecond: Math.round(acceptedPerSecond),
    acceptedParsedPerSecond: Math.round(acceptedParsedPerSecond),
    acceptedToSink: ratio(acceptedPerSecond),
    acceptedParsedToSink: ratio(acceptedParsedPerSecond),
    parsedInWindow,
    drainSecondsAfterWindow: round1(drainSeconds - run.sendSeconds),
    maxQueueDepth: maxQueue,
    dataTo250Ms: latencyFigures(run.latencies),
    stored,
    parsed,
    expectedResults: run.expectedResults,
    results,
    lost,
    meetsTarget: paced
      ? acceptedPerSecond >= 0.95 * rate! && acceptedParsedPerSecond >= 0.9 * rate! && p99 < 100 && lost === 0
      : ratio(acceptedPerSecond)! >= 0.5 && ratio(acceptedParsedPerSecond)! >= 0.25 && p99 < 100 && lost === 0,
  };
  // Paced runs keep their own entry beside the unpaced ceiling of the same database.
  const key = (blobs === 'file' ? dbKind : `${dbKind}+${blobs}`) + (paced ? `@${rate}/s` : '');
  writeRunResults('smtp', key, figures);
  if (!figures.meetsTarget) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
