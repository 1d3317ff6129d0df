import type { AdminFunctionsStatus, QueueStatus, TenantFunctionStatus } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { ROLLED_AT_PREFIX } from '../../rollup/rollup.ts';
import { backupSourcesStatus } from '../backup-sources/status-row.ts';
import { isoOrNull } from '../../platform/dates.ts';

const iso = (v: unknown) => isoOrNull(v ? (v as Date | string) : null);
const n = (v: unknown) => Number(v ?? 0);
/** An e-mail waiting this long for parsing means the parse queue is behind. */
const PARSE_LAG_MINUTES = 15;
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** What runs on a tenant's behalf, read from the rows those jobs write (no other tenant's data). */
export async function tenantFunctions(database: Database, tenantId: number): Promise<TenantFunctionStatus[]> {
  const { rows } = await database.query<Record<string, unknown>>(
    `SELECT
       (SELECT max(received_at) FROM emails WHERE tenant_id = $1) AS last_received,
       (SELECT max(processed_at) FROM emails WHERE tenant_id = $1) AS last_processed,
       (SELECT count(*) FROM emails WHERE tenant_id = $1
           AND state IN ('Waiting', 'InProgress', 'Retrying', 'WaitingForRetry', 'None')) AS waiting,
       (SELECT count(*) FROM emails WHERE tenant_id = $1
           AND state IN ('Waiting', 'InProgress', 'Retrying', 'WaitingForRetry', 'None')
           AND received_at < now() - make_interval(mins => ${PARSE_LAG_MINUTES})) AS late,
       (SELECT count(*) FROM backups WHERE tenant_id = $1 AND state = 'Active') AS active,
       (SELECT min(rolled_to) FROM backups WHERE tenant_id = $1 AND state = 'Active') AS rolled_to,
       (SELECT value FROM system_settings WHERE key = $2) AS rolled_at,
       (SELECT max(created_at) FROM scheduled_report_runs WHERE tenant_id = $1) AS last_report,
       (SELECT outcome FROM scheduled_report_runs WHERE tenant_id = $1 ORDER BY created_at DESC LIMIT 1) AS report_outcome,
       (SELECT count(*) FROM scheduled_reports WHERE tenant_id = $1 AND is_enabled) AS schedules,
       (SELECT evaluated_at FROM ticket_evaluations WHERE tenant_id = $1) AS evaluated_at,
       (SELECT dirty FROM ticket_evaluations WHERE tenant_id = $1) AS ticket_dirty,
       (SELECT max(last_polled_at) FROM mailboxes WHERE tenant_id = $1) AS last_polled,
       (SELECT count(*) FROM mailboxes WHERE tenant_id = $1) AS mailboxes,
       (SELECT count(*) FROM mailboxes WHERE tenant_id = $1 AND last_error IS NOT NULL AND last_error <> '') AS mailbox_errors`,
    [tenantId, `${ROLLED_AT_PREFIX}${tenantId}`],
  );
  const r = rows[0];
  const waiting = n(r.waiting);
  const late = n(r.late);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const rolledTo = r.rolled_to
    ? String(r.rolled_to instanceof Date ? iso(r.rolled_to)!.slice(0, 10) : r.rolled_to)
    : null;
  const out: TenantFunctionStatus[] = [
    {
      Key: 'email-intake',
      Name: 'E-mail intake',
      State: r.last_received ? 'ok' : 'idle',
      LastAt: iso(r.last_received),
      Detail: r.last_received ? 'Last e-mail received' : 'No e-mail received yet',
    },
    {
      Key: 'email-parsing',
      Name: 'E-mail parsing',
      State: late > 0 ? 'warning' : r.last_processed || waiting ? 'ok' : 'idle',
      LastAt: iso(r.last_processed),
      Detail:
        late > 0
          ? `${plural(late, 'e-mail')} waiting more than ${PARSE_LAG_MINUTES} minutes`
          : waiting
            ? `${plural(waiting, 'e-mail')} in the queue`
            : 'Queue empty',
    },
    {
      Key: 'daily-rollup',
      Name: 'Daily status rollup',
      // The rollup clock runs every five minutes: active backups not rolled to yesterday mean it is behind.
      State: n(r.active) === 0 ? 'idle' : rolledTo && rolledTo >= yesterday ? 'ok' : 'warning',
      // When this tenant's days were last rolled up (recorded by each rollup run).
      LastAt: iso(r.rolled_at),
      Detail:
        n(r.active) === 0
          ? 'No active backups'
          : `${plural(n(r.active), 'active backup')}, days rolled up to ${rolledTo ?? 'none yet'}`,
    },
    {
      Key: 'scheduled-reports',
      Name: 'Scheduled reports',
      State: r.report_outcome === 'Failed' ? 'warning' : r.last_report ? 'ok' : 'idle',
      LastAt: iso(r.last_report),
      Configured: n(r.schedules),
      Detail: `${plural(n(r.schedules), 'enabled schedule')}${r.report_outcome ? `; last run ${String(r.report_outcome).toLowerCase()}` : ''}`,
    },
    {
      Key: 'ticketing',
      Name: 'Ticket evaluation',
      State: r.evaluated_at ? 'ok' : 'idle',
      LastAt: iso(r.evaluated_at),
      Detail: r.evaluated_at ? (r.ticket_dirty ? 'New results waiting to be evaluated' : 'Up to date') : 'Not run yet',
    },
    await backupSourcesStatus(database, tenantId),
  ];
  if (n(r.mailboxes) > 0) {
    out.push({
      Key: 'mailbox-polling',
      Name: 'Mailbox polling',
      State: n(r.mailbox_errors) > 0 ? 'warning' : 'ok',
      LastAt: iso(r.last_polled),
      Detail:
        n(r.mailbox_errors) > 0
          ? `${plural(n(r.mailbox_errors), 'mailbox')} reporting an error`
          : plural(n(r.mailboxes), 'mailbox'),
    });
  }
  return out;
}

/** Every pg-boss queue: waiting, running, retrying and failed jobs, the last finish, the schedule. */
export async function queueStatus(database: Database): Promise<AdminFunctionsStatus> {
  const checkedAt = new Date().toISOString();
  const { rows: exists } = await database.query<{ ok: boolean }>(
    `SELECT to_regclass('pgboss.queue') IS NOT NULL AND to_regclass('pgboss.archive') IS NOT NULL AS ok`,
  );
  if (!exists[0]?.ok) return { Available: false, Queues: [], CheckedAt: checkedAt };
  const { rows } = await database.query<Record<string, unknown>>(
    `WITH live AS (
       SELECT name,
              count(*) FILTER (WHERE state = 'created') AS queued,
              count(*) FILTER (WHERE state = 'active') AS active,
              count(*) FILTER (WHERE state = 'retry') AS retrying,
              count(*) FILTER (WHERE state = 'failed') AS failed,
              count(*) FILTER (WHERE state = 'completed') AS completed,
              max(completed_on) FILTER (WHERE state = 'completed') AS last_completed,
              max(completed_on) FILTER (WHERE state = 'failed') AS last_failed
         FROM pgboss.job GROUP BY name),
     old AS (
       SELECT name, max(completed_on) FILTER (WHERE state = 'completed') AS last_completed,
              max(completed_on) FILTER (WHERE state = 'failed') AS last_failed
         FROM pgboss.archive GROUP BY name)
     SELECT q.name, s.cron, s.timezone, l.queued, l.active, l.retrying, l.failed, l.completed,
            greatest(l.last_completed, o.last_completed) AS last_completed,
            greatest(l.last_failed, o.last_failed) AS last_failed
       FROM pgboss.queue q
       LEFT JOIN pgboss.schedule s ON s.name = q.name
       LEFT JOIN live l ON l.name = q.name
       LEFT JOIN old o ON o.name = q.name
      WHERE q.name NOT LIKE '\\_\\_%'
      ORDER BY q.name`,
  );
  const Queues: QueueStatus[] = rows.map((q) => ({
    Name: String(q.name),
    Cron: q.cron ? String(q.cron) : null,
    Timezone: q.timezone ? String(q.timezone) : null,
    Queued: n(q.queued),
    Active: n(q.active),
    Retrying: n(q.retrying),
    Failed: n(q.failed),
    Completed: n(q.completed),
    LastCompletedAt: iso(q.last_completed),
    LastFailedAt: iso(q.last_failed),
  }));
  return { Available: true, Queues, CheckedAt: checkedAt };
}
