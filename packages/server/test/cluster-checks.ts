import type pg from 'pg';
import type { ClusterNode } from './cluster-nodes.ts';
import { sleep } from './cluster-nodes.ts';

/** What a cluster run checks through the API and in the database once the e-mails are in. */
const PASSWORD = process.env.VIGIL_DEMO_PASSWORD ?? 'Demo!Vigil1';
const FILED = ['Processed', 'Inactive', 'NeedsReview'];

export async function signIn(node: ClusterNode): Promise<{ status: number; token: string }> {
  const login = await fetch(`http://127.0.0.1:${node.httpPort}/api/UserAuth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: 'admin@demo.local', Password: PASSWORD }),
  });
  const token = login.ok ? ((await login.json()) as { accessToken: string }).accessToken : '';
  return { status: login.status, token };
}

/** Signs in on one api node and reads the profile on the other, both ways. */
export async function crossCheck(
  a: ClusterNode,
  b: ClusterNode,
): Promise<{ signInOn: string; readOn: string; status: number; failure: string | null }[]> {
  const out = [];
  for (const [x, y] of [
    [a, b],
    [b, a],
  ]) {
    await x.ready;
    await y.ready;
    const login = await signIn(x);
    const read = await fetch(`http://127.0.0.1:${y.httpPort}/api/user/profile`, {
      headers: { authorization: `Bearer ${login.token}` },
    });
    const body = await read.text();
    const ok = login.status === 200 && read.status === 200 && body.includes('admin@demo.local');
    out.push({
      signInOn: x.name,
      readOn: y.name,
      status: login.status === 200 ? read.status : login.status,
      failure: ok ? null : `sign-in on ${x.name} then a read on ${y.name} answered ${login.status}/${read.status}`,
    });
  }
  return out;
}

/** A scheduled report due this very hour in the demo tenant's zone: answers its id. */
export async function createDueReport(db: pg.Pool, on: ClusterNode): Promise<number | null> {
  const zone = (await db.query<{ tz: string }>(`SELECT time_zone_id AS tz FROM tenants WHERE slug = 'demo'`)).rows[0]
    .tz;
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone || 'UTC', hour: '2-digit', hourCycle: 'h23' }).format(new Date()),
  );
  const { token } = await signIn(on);
  const created = await fetch(`http://127.0.0.1:${on.httpPort}/api/reports/scheduled`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      Name: 'Cluster proof',
      ReportType: 'BackupInventory',
      Format: 4,
      Weekdays: 127,
      Hour: hour,
      Recipients: ['noc@cluster.test'],
    }),
  });
  return created.ok ? ((await created.json()) as { Id: number }).Id : null;
}

/** E-mails of the run not filed yet. */
export async function pendingEmails(db: pg.Pool, runId: string): Promise<number> {
  const r = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM emails WHERE message_id LIKE $1
        AND state NOT IN ('Processed', 'Inactive', 'NeedsReview', 'Failed')`,
    [`%cluster-${runId}-%`],
  );
  return Number(r.rows[0].n);
}

/**
 * Whether every ingest node has reported an empty spool since `since`. A node killed with e-mails
 * answered 250 still in its spool stores them once it runs again: until then they are in no table.
 */
export async function spoolsEmpty(db: pg.Pool, since: Date): Promise<boolean> {
  return settledEmpty(await nodeReports(db, since));
}

/** Each ingest node's last spool report, and whether it came after `since`. */
async function nodeReports(db: pg.Pool, since: Date) {
  return (
    await db.query<{ node: string; spooled: number; fresh: boolean }>(
      'SELECT node, spooled, reported_at > $1 AS fresh FROM intake_nodes ORDER BY node',
      [since],
    )
  ).rows;
}

const settledEmpty = (rows: { spooled: number; fresh: boolean }[]) =>
  rows.length > 0 && rows.every((r) => r.fresh && r.spooled === 0);

/** Every e-mail answered 250 stored once and filed once with the results its fixture expects. */
export async function checkStored(db: pg.Pool, runId: string, answered: { messageId: string; expected: number }[]) {
  const rows = (
    await db.query<{ message_id: string; copies: string; state: string; results: string; attempts: string }>(
      `SELECT e.message_id, count(DISTINCT e.id) AS copies, min(e.state) AS state, max(e.attempts) AS attempts,
              count(r.id) AS results
         FROM emails e LEFT JOIN results r ON r.email_id = e.id
        WHERE e.message_id LIKE $1 GROUP BY e.message_id`,
      [`%cluster-${runId}-%`],
    )
  ).rows;
  const stored = new Map(rows.map((r) => [r.message_id.replace(/^<|>$/g, ''), r]));
  const c = {
    storedOfAnswered: 0,
    missing: 0,
    storedTwice: 0,
    filedWrong: 0,
    unfiled: 0,
    expectedResults: 0,
    results: 0,
    reparsedAfterKill: 0,
  };
  for (const { messageId, expected } of answered) {
    const row = stored.get(messageId);
    c.expectedResults += expected;
    if (!row) {
      c.missing++;
      continue;
    }
    c.storedOfAnswered++;
    c.results += Number(row.results);
    if (Number(row.copies) > 1) c.storedTwice++;
    if (!FILED.includes(row.state)) c.unfiled++;
    else if (Number(row.results) !== expected * Number(row.copies)) c.filedWrong++;
    if (Number(row.attempts) > 1) c.reparsedAfterKill++;
  }
  const failures = [
    c.missing ? `${c.missing} e-mails answered 250 were not stored` : '',
    c.storedTwice ? `${c.storedTwice} e-mails answered 250 were stored more than once` : '',
    c.unfiled ? `${c.unfiled} e-mails answered 250 were not filed` : '',
    c.filedWrong ? `${c.filedWrong} e-mails were filed with other than their fixture's results` : '',
  ].filter(Boolean);
  return { ...c, failures };
}

/**
 * Scheduled jobs: waits (up to 90 s) until every every-minute queue has run and the due report is
 * sent; then one job of each cron queue per minute however many nodes keep the schedule, and the
 * report run, sent and mailed once.
 */
export async function checkScheduled(db: pg.Pool, reportId: number | null) {
  const minuteQueuesIdle = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM pgboss.schedule s WHERE s.cron = '* * * * *'
              AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = s.name AND j.state = 'completed')
              AND NOT EXISTS (SELECT 1 FROM pgboss.archive a WHERE a.name = s.name)`,
        )
      ).rows[0].n,
    );
  const reportRuns = async () => {
    const r = (
      await db.query<{ runs: string; sent: string; mails: string }>(
        `SELECT (SELECT count(*) FROM scheduled_report_runs WHERE scheduled_report_id = $1) AS runs,
                (SELECT count(*) FROM scheduled_report_runs WHERE scheduled_report_id = $1 AND outcome = 'Sent') AS sent,
                (SELECT count(*) FROM outbox WHERE "to" LIKE '%noc@cluster.test%') AS mails`,
        [reportId ?? 0],
      )
    ).rows[0];
    return { runs: Number(r.runs), sent: Number(r.sent), mails: Number(r.mails) };
  };
  const until = Date.now() + 90_000;
  while (((await minuteQueuesIdle()) > 0 || (reportId && (await reportRuns()).sent < 1)) && Date.now() < until)
    await sleep(1000);
  // A second tick after the send must not send it again.
  await sleep(2000);
  const failures: string[] = [];
  if ((await minuteQueuesIdle()) > 0) failures.push('the every-minute scheduled jobs did not run within 90 s');
  const scheduledReport = await reportRuns();
  if (reportId === null) failures.push('the scheduled report could not be created');
  else if (scheduledReport.runs !== 1 || scheduledReport.sent !== 1 || scheduledReport.mails !== 1)
    failures.push(
      `the scheduled report due once was run ${scheduledReport.runs} times, sent ${scheduledReport.sent}, mailed ${scheduledReport.mails}`,
    );
  const scheduled = (await db.query<{ name: string }>(`SELECT name FROM pgboss.schedule`)).rows.map((r) => r.name);
  const perMinute = (
    await db.query<{ name: string; minute: string; jobs: string }>(
      `SELECT name, to_char(date_trunc('minute', created_on), 'YYYY-MM-DD HH24:MI') AS minute, count(*) AS jobs
         FROM (SELECT name, created_on FROM pgboss.job UNION ALL SELECT name, created_on FROM pgboss.archive) j
        WHERE name = ANY($1) GROUP BY 1, 2`,
      [scheduled],
    )
  ).rows;
  const duplicateScheduledJobs = perMinute
    .filter((r) => Number(r.jobs) > 1)
    .map((r) => ({ queue: r.name, minute: r.minute, jobs: Number(r.jobs) }));
  const scheduledJobsSeen: Record<string, number> = {};
  for (const r of perMinute) scheduledJobsSeen[r.name] = (scheduledJobsSeen[r.name] ?? 0) + Number(r.jobs);
  for (const d of duplicateScheduledJobs)
    failures.push(`scheduled job ${d.queue} ran ${d.jobs} times in the minute ${d.minute}`);
  return { scheduledReport, duplicateScheduledJobs, scheduledJobsSeen, failures };
}

/**
 * The ingest nodes' spool reports once everything is filed: one row per node (a node killed and
 * started again on its spool reports under the same name), each reporting again since `since`
 * with nothing left in its spool (the nodes report every 2 s here).
 */
export async function checkIntakeNodes(db: pg.Pool, since: Date) {
  const until = Date.now() + 15_000;
  for (;;) {
    const rows = await nodeReports(db, since);
    const settled = settledEmpty(rows);
    if (settled || Date.now() > until) {
      return {
        intakeNodes: rows,
        failures: settled ? [] : [`the ingest nodes' spool reports did not settle at empty: ${JSON.stringify(rows)}`],
      };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
