import './platform/threadpool.ts';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { migrateDatabase, openDatabase, withStartupLock } from './db/client.ts';
import { buildApp } from './app.ts';
import { backfillTagCatalogue } from './modules/tags/service.ts';
import { Jobs } from './platform/jobs.ts';
import { jobDefinitions } from './jobs/index.ts';
import { ensureFlags } from './modules/admin-portal/flags-service.ts';
import { upgradeSecrets } from './platform/secrets-at-rest.ts';
import { rotateSecretKey } from './platform/rotate-secret-key.ts';
import { DEMO_USERS, PLATFORM_ADMIN, seedDemo } from './seed/demo.ts';
import { hasDemoHistory, loadDemoHistory } from './seed/demo-feed.ts';
import { setDemoLoading } from './platform/startup.ts';
import { close as closeSmtp, createSmtpServer, listen as listenSmtp } from './intake/smtp.ts';
import { startSpooledSmtp, type SpooledSmtp } from './intake/spooled-smtp.ts';
import { intakeNodeName, startIntakeReports } from './intake/node-report.ts';
import { blobsCommand } from './platform/blobs-command.ts';

type Role = 'all' | 'api' | 'ingest' | 'worker';

function parseArgs(argv: string[]) {
  const command = argv.find((a) => !a.startsWith('--')) ?? 'serve';
  const role = (argv.find((a) => a.startsWith('--role='))?.split('=')[1] ?? 'all') as Role;
  if (!['all', 'api', 'ingest', 'worker'].includes(role))
    throw new Error(`Unknown role ${role}: use all, api, ingest or worker`);
  return { command, role, seed: argv.includes('--seed') };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  await withStartupLock(database, async () => {
    await migrateDatabase(database);
    await ensureFlags(database);
    // Tags on backups from before the catalogue followed every tag change join it once.
    await backfillTagCatalogue(database);
    if (args.command === 'rotate-secret-key') {
      const done = await rotateSecretKey(config, database);
      console.log(
        `  Master key rotated (${done.oldKeyId} -> ${done.newKeyId}): ${done.resealed} secrets sealed again.`,
      );
      if (done.source === 'env') console.log('  Now set VIGIL_SECRET_KEY to the value of VIGIL_NEW_SECRET_KEY.');
      return;
    }
    // Secrets still in plain text or sealed the old way are sealed under the master key.
    const upgraded = await upgradeSecrets(config, database);
    if (upgraded.resealed) console.log(`  ${upgraded.resealed} stored secrets sealed under the master key`);
    if (upgraded.message) console.warn(`  ${upgraded.message}`);
    if (args.seed || args.command === 'seed') await seedDemo(database, config.VIGIL_DEMO_PASSWORD);
  });
  if (args.command === 'blobs') {
    // blobs migrate --from=<store> --to=<store>: moves every blob between stores.
    process.exitCode = await blobsCommand(process.argv.slice(2), config, database);
    return database.close();
  }
  if (['migrate', 'seed', 'rotate-secret-key'].includes(args.command)) return database.close();

  const jobs = new Jobs(database, config.DATABASE_URL);
  const { app, deps } = await buildApp({ config, database, jobs });
  const serveHttp = args.role === 'all' || args.role === 'api';
  const runWorkers = args.role === 'all' || args.role === 'worker';
  await jobs.start(jobDefinitions(deps), runWorkers);
  await app.ready();
  const serveSmtp = args.role === 'all' || args.role === 'ingest';
  const smtpOptions = {
    maxBytes: config.SMTP_MAX_BYTES,
    senderPerMinute: config.SMTP_SENDER_PER_MINUTE,
    tls: config.SMTP_TLS_KEY && config.SMTP_TLS_CERT ? { key: config.SMTP_TLS_KEY, cert: config.SMTP_TLS_CERT } : null,
  };
  // Spooled: the listener runs on its own thread and answers 250 once the e-mail is in this
  // node's spool; direct: it answers once the e-mail's blob and row are committed.
  const spooled: SpooledSmtp | null =
    serveSmtp && config.SMTP_INTAKE === 'spool'
      ? await startSpooledSmtp({
          ingest: deps.ingest,
          spoolDir: config.spoolDir,
          host: config.SMTP_HOST,
          port: config.SMTP_PORT,
          inboundDomain: config.INBOUND_DOMAIN,
          maxBacklogBytes: config.SPOOL_MAX_BYTES,
          smtp: smtpOptions,
          log: app.log,
        })
      : null;
  // What this node's spool holds reaches the Admin Portal's parsing status through the database.
  const spoolReports = spooled
    ? startIntakeReports(
        database,
        intakeNodeName(config.spoolDir),
        () => spooled.status(),
        app.log,
        config.SPOOL_REPORT_SECONDS * 1000,
      )
    : null;
  const smtp = serveSmtp && !spooled ? createSmtpServer({ ingest: deps.ingest, ...smtpOptions, log: app.log }) : null;
  const smtpPort = spooled ? spooled.port : smtp ? await listenSmtp(smtp, config.SMTP_PORT, config.SMTP_HOST) : null;
  // E-mails a crash left between their row and their parse job are queued again at once.
  if (runWorkers) await deps.ingest.requeueStranded(0);
  // This region's accounts reach the regions' sign-in directory without waiting for the first minute.
  if (runWorkers) deps.regions.sync().catch((err: unknown) => app.log.warn({ err }, 'region directory sync failed'));
  // HTTP answers as soon as the migrations are done; the demo history loads behind it.
  if (serveHttp) await app.listen({ port: config.PORT, host: config.HOST });

  // The demo's history arrives the way a customer's does: vendor e-mails over SMTP. Sign-in works
  // meanwhile; /api/health reports the progress and /api/health/ready answers 503 until it is in.
  if (args.seed && config.VIGIL_DEMO_DAYS > 0 && !(await hasDemoHistory(database))) {
    if (smtpPort === null || !runWorkers) {
      console.log('  (the demo history loads on a node that runs SMTP and workers: --role=all)');
    } else {
      const started = Date.now();
      setDemoLoading({ loading: true, sent: 0, total: 0 });
      void loadDemoHistory({
        database,
        ingest: deps.ingest,
        rollup: deps.rollup,
        inboundDomain: config.INBOUND_DOMAIN,
        smtp: { host: config.SMTP_HOST, port: smtpPort },
        days: config.VIGIL_DEMO_DAYS,
        log: (line) => console.log(line),
        progress: (sent, total) => setDemoLoading({ sent, total }),
      })
        .then((loaded) =>
          console.log(
            `  Demo loaded: ${loaded.emails} e-mails, ${loaded.activated} backups active (${Math.round((Date.now() - started) / 1000)} s)`,
          ),
        )
        .catch((err: unknown) => app.log.error({ err }, 'the demo history did not load'))
        .finally(() => setDemoLoading({ loading: false }));
    }
  }

  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  const lines = [
    '',
    `  Vigil is running (${args.role}) on ${where}`,
    serveHttp ? `  Web:  ${config.publicUrl}` : '',
    serveHttp ? `  API:  ${config.publicUrl}/api   docs: ${config.publicUrl}/api/docs` : '',
    smtpPort !== null
      ? `  SMTP: port ${smtpPort}, inbound addresses <tenant>@${config.INBOUND_DOMAIN}${spooled ? ` (spool ${config.spoolDir})` : ''}`
      : '',
    '',
  ];
  if (args.seed) {
    lines.push(`  Demo sign-ins (password ${config.VIGIL_DEMO_PASSWORD}):`);
    for (const u of [...DEMO_USERS, { ...PLATFORM_ADMIN, group: 'platform super admin' }])
      lines.push(`    ${u.email.padEnd(22)} ${u.group}`);
    lines.push('');
  }
  console.log(lines.filter((l, i) => l || i === 0 || lines[i - 1]).join('\n'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    if (smtp) await closeSmtp(smtp);
    if (spooled) await spooled.close();
    await spoolReports?.stop();
    await app.close();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
