/**
 * The cluster proof on PostgreSQL: two nodes each of --role=api, --role=ingest and --role=worker
 * on one database, e-mails over SMTP to both ingest nodes while one node of each role is killed
 * (SIGKILL) and started again. Fails unless every e-mail answered 250 is stored and filed once,
 * no scheduled job ran twice, and either api node answers for a sign-in made on the other.
 *
 *   npm run bench -- cluster [--emails=10000] [--connections=16]
 *
 * PostgreSQL comes from BENCH_DATABASE_URL, or the test cluster at
 * postgres://postgres@127.0.0.1:5433/postgres; each run creates its own database and drops it.
 */
import { runCluster } from '../packages/server/test/cluster.ts';
import { writeResults } from './_results.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

const report = await runCluster({
  adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5433/postgres',
  emails: Number(arg('emails', '10000')),
  connections: Number(arg('connections', '16')),
});
writeResults('cluster', { ...report, passed: report.failures.length === 0 });
if (report.failures.length) {
  console.error(`cluster proof FAILED:\n  ${report.failures.join('\n  ')}`);
  process.exitCode = 1;
}
