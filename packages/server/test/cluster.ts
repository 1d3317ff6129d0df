/**
 * The cluster proof on PostgreSQL: two nodes each of --role=api, --role=ingest and --role=worker
 * on one database, e-mails sent over SMTP to both ingest nodes while one node of each role is
 * killed with SIGKILL and started again; then every e-mail answered 250 must be stored once and
 * filed once, no scheduled job may have run twice, and either api node must answer for a
 * sign-in made on the other. Used by `npm run bench -- cluster` and cluster.api.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SmtpConnection, smtpData } from './smtp-client.ts';
import { ClusterProcesses, loadCorpus, repo, sleep, type ClusterNode, type Role } from './cluster-nodes.ts';
import {
  checkIntakeNodes,
  checkScheduled,
  checkStored,
  createDueReport,
  crossCheck,
  pendingEmails,
  spoolsEmpty,
} from './cluster-checks.ts';

export interface ClusterOptions {
  /** A PostgreSQL server URL whose user may create databases. */
  adminUrl: string;
  emails: number;
  /** SMTP connections, split evenly over the two ingest nodes. */
  connections?: number;
  /** Where each node's output goes (kept when the run fails). */
  logDir?: string;
  log?: (line: string) => void;
  /** Longest wait for the e-mails to be filed after the last one is sent. */
  drainTimeoutMs?: number;
}

export interface ClusterReport {
  emails: number;
  connections: number;
  blobStore: string;
  answered250: number;
  /** Still without an answer after the retry (none expected). */
  unanswered: number;
  /** E-mails left without an answer (their node died) and sent again afterwards, as a sender does. */
  retriedAfterNoAnswer: number;
  refused: number;
  storedOfAnswered: number;
  missing: number;
  storedTwice: number;
  filedWrong: number;
  unfiled: number;
  expectedResults: number;
  results: number;
  reparsedAfterKill: number;
  duplicateScheduledJobs: { queue: string; minute: string; jobs: number }[];
  scheduledJobsSeen: Record<string, number>;
  /** The scheduled report due once during the run: its runs, sends and e-mails (1 each). */
  scheduledReport: { runs: number; sent: number; mails: number };
  apiCrossNode: { signInOn: string; readOn: string; status: number }[];
  /** Each ingest node's last spool report once all is filed (reported since then: fresh). */
  intakeNodes: { node: string; spooled: number; fresh: boolean }[];
  restarts: { role: Role; atEmail: number; downMs: number }[];
  startSeconds: number;
  sendSeconds: number;
  acceptedPerSecond: number;
  drainSeconds: number;
  filedPerSecond: number;
  peakConnections: number;
  failures: string[];
}

type Outcome = '250' | 'refused' | 'unanswered' | undefined;

export async function runCluster(options: ClusterOptions): Promise<ClusterReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const connections = options.connections ?? 16;
  const corpus = loadCorpus();
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-cluster-'));
  const dbName = `vigil_cluster_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(options.adminUrl);
  url.pathname = `/${dbName}`;
  const db = new pg.Pool({ connectionString: url.toString(), max: 2 });
  db.on('error', () => undefined);
  // The database blob store when this build has it; otherwise one blob directory all nodes share.
  const configSource = readFileSync(path.join(repo, 'packages/server/src/config.ts'), 'utf8');
  const blobStore = /BLOB_STORE:.*'postgres'/.test(configSource) ? 'postgres' : 'shared-dir';
  const processes = new ClusterProcesses(
    {
      ...process.env,
      DATABASE_URL: url.toString(),
      VIGIL_SECRET_KEY: 'cluster-proof-master-key-0123456789abcdef',
      JWT_SECRET: 'cluster-proof-jwt-secret-that-is-long-enough-0123',
      HOST: '127.0.0.1',
      SMTP_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      VIGIL_DEMO_DAYS: '0',
      VIGIL_ENV: 'test',
      SMTP_SENDER_PER_MINUTE: '1000000',
      ...(blobStore === 'postgres' ? { BLOB_STORE: 'postgres' } : { BLOB_DIR: path.join(runDir, 'blobs') }),
    },
    runDir,
    options.logDir ?? path.join(runDir, 'logs'),
  );
  const nodes = await ClusterProcesses.nodes();
  const byRole = (role: Role) => nodes.filter((n) => n.role === role);
  const [api1, api2] = byRole('api');
  const ingest = byRole('ingest');
  const [worker1] = byRole('worker');
  const failures: string[] = [];
  const runId = Date.now().toString(36);
  const messageId = (i: number) => `cluster-${runId}-${i}@vigil.cluster`;
  const message = (i: number) => {
    const f = corpus[i % corpus.length];
    const id = `Message-ID: <${messageId(i)}>`;
    return smtpData(/^Message-ID:/im.test(f.raw) ? f.raw.replace(/^Message-ID:.*$/im, id) : `${id}\n${f.raw}`);
  };
  const apiCrossNode: ClusterReport['apiCrossNode'] = [];
  const checkApi = async () => {
    for (const c of await crossCheck(api1, api2)) {
      apiCrossNode.push({ signInOn: c.signInOn, readOn: c.readOn, status: c.status });
      if (c.failure) failures.push(c.failure);
    }
  };
  /** A connection to an ingest node, the preferred one first, waiting while both are down. */
  const openTo = async (prefer: number): Promise<SmtpConnection> => {
    const until = Date.now() + 120_000;
    for (let attempt = 0; Date.now() < until; attempt++) {
      try {
        return await SmtpConnection.open(ingest[(prefer + attempt) % 2].smtpPort);
      } catch {
        await sleep(100);
      }
    }
    throw new Error('no ingest node accepted a connection for 120 s');
  };

  let report: ClusterReport | null = null;
  let sampler: NodeJS.Timeout | undefined;
  try {
    log(`cluster on ${dbName} (blob store: ${blobStore}); logs in ${processes.logDir}`);
    // Migrations and the demo tenant once, then the six nodes.
    const t0 = performance.now();
    await processes.seed();
    await Promise.all(nodes.map((n) => processes.start(n)));
    const startSeconds = (performance.now() - t0) / 1000;
    log(`six nodes running after ${startSeconds.toFixed(1)} s`);
    await checkApi();
    // Due now: the worker nodes' every-minute job must send it exactly once.
    const reportId = await createDueReport(db, api2);

    // Kills: an ingest node at a quarter, a worker at half-way, an api node at 60 %.
    const restarts: ClusterReport['restarts'] = [];
    const plan: { at: number; node: ClusterNode }[] = [
      { at: Math.floor(options.emails * 0.25), node: ingest[0] },
      { at: Math.floor(options.emails * 0.5), node: worker1 },
      { at: Math.floor(options.emails * 0.6), node: api1 },
    ];
    const restarting: Promise<void>[] = [];
    const outcome = new Array<Outcome>(options.emails);
    let next = 0;
    let peakConnections = 0;
    sampler = setInterval(() => {
      db.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [dbName])
        .then((r) => (peakConnections = Math.max(peakConnections, Number(r.rows[0].n))))
        .catch(() => undefined);
    }, 1000);

    log(`sending ${options.emails} e-mails over ${connections} connections to both ingest nodes…`);
    const sendStart = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async (_, ci) => {
        let conn = await openTo(ci % 2);
        while (next < options.emails) {
          const i = next++;
          for (const step of plan.filter((s) => s.at === i)) {
            const downAt = performance.now();
            log(`kill -9 ${step.node.name} at e-mail ${i}`);
            restarting.push(
              processes
                .kill(step.node)
                .then(() => processes.start(step.node))
                .then(() => {
                  restarts.push({ role: step.node.role, atEmail: i, downMs: Math.round(performance.now() - downAt) });
                  log(`${step.node.name} running again`);
                }),
            );
          }
          try {
            const r = await conn.send(`reports-${ci}@cluster.test`, ['demo@inbound.localhost'], message(i));
            outcome[i] = r.reply.startsWith('250') ? '250' : 'refused';
            if (outcome[i] === 'refused' && failures.length < 5) failures.push(`e-mail ${i} refused: ${r.reply}`);
          } catch {
            // The node went away before answering.
            outcome[i] = 'unanswered';
            conn = await openTo(ci % 2);
          }
        }
        await conn.close().catch(() => undefined);
      }),
    );
    const sendSeconds = (performance.now() - sendStart) / 1000;
    const answered = outcome.filter((o) => o === '250').length;
    log(`sent in ${sendSeconds.toFixed(1)} s (${Math.round(answered / sendSeconds)}/s answered 250)`);
    await Promise.all(restarting);
    const allRunning = new Date();
    await checkApi();
    // What a sender does with an e-mail left without an answer: send it again, once all is up.
    const retry = await openTo(1);
    let retriedAfterNoAnswer = 0;
    for (let i = 0; i < options.emails; i++) {
      if (outcome[i] !== 'unanswered') continue;
      retriedAfterNoAnswer++;
      const r = await retry.send('reports-retry@cluster.test', ['demo@inbound.localhost'], message(i));
      if (r.reply.startsWith('250')) outcome[i] = '250';
      else failures.push(`the retry of e-mail ${i} was refused: ${r.reply}`);
    }
    await retry.close().catch(() => undefined);

    // Drain: every ingest node's spool stored (the restarted node's too) and every stored e-mail
    // of this run filed.
    const drainUntil = Date.now() + (options.drainTimeoutMs ?? 300_000);
    let left = await pendingEmails(db, runId);
    while ((left > 0 || !(await spoolsEmpty(db, allRunning))) && Date.now() < drainUntil) {
      await sleep(250);
      left = await pendingEmails(db, runId);
    }
    const drainSeconds = (performance.now() - sendStart) / 1000;
    clearInterval(sampler);
    if (left > 0) failures.push(`${left} e-mails were still not filed after the drain timeout`);
    log(`drained ${drainSeconds.toFixed(1)} s after the first send`);

    const stored = await checkStored(
      db,
      runId,
      outcome.flatMap((o, i) =>
        o === '250' ? [{ messageId: messageId(i), expected: corpus[i % corpus.length].results }] : [],
      ),
    );
    const scheduled = await checkScheduled(db, reportId);
    const intake = await checkIntakeNodes(db, new Date());
    failures.push(...stored.failures, ...scheduled.failures, ...intake.failures);

    report = {
      emails: options.emails,
      connections,
      blobStore,
      answered250: outcome.filter((o) => o === '250').length,
      unanswered: outcome.filter((o) => o === 'unanswered').length,
      retriedAfterNoAnswer,
      refused: outcome.filter((o) => o === 'refused').length,
      storedOfAnswered: stored.storedOfAnswered,
      missing: stored.missing,
      storedTwice: stored.storedTwice,
      filedWrong: stored.filedWrong,
      unfiled: stored.unfiled,
      expectedResults: stored.expectedResults,
      results: stored.results,
      reparsedAfterKill: stored.reparsedAfterKill,
      duplicateScheduledJobs: scheduled.duplicateScheduledJobs,
      scheduledJobsSeen: scheduled.scheduledJobsSeen,
      scheduledReport: scheduled.scheduledReport,
      apiCrossNode,
      intakeNodes: intake.intakeNodes,
      restarts,
      startSeconds: Math.round(startSeconds * 10) / 10,
      sendSeconds: Math.round(sendSeconds * 10) / 10,
      acceptedPerSecond: Math.round(answered / sendSeconds),
      drainSeconds: Math.round(drainSeconds * 10) / 10,
      filedPerSecond: Math.round(stored.storedOfAnswered / drainSeconds),
      peakConnections,
      failures,
    };
    return report;
  } finally {
    clearInterval(sampler);
    await processes.stopAll();
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    // The nodes' logs stay when the run failed (or a log directory was given).
    const ok = report !== null && report.failures.length === 0;
    if (ok && !options.logDir) rmSync(runDir, { recursive: true, force: true });
    else rmSync(path.join(runDir, 'blobs'), { recursive: true, force: true });
  }
}
