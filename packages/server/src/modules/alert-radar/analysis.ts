import { randomUUID } from 'node:crypto';
import type { ReparseStatus, RuntimeStatus } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import type { StoredAnnotation } from '../../db/schema/alerts.ts';
import { notFound } from '../../platform/errors.ts';
import { storableText } from '../../platform/input.ts';
import { analyseEmail } from './engine.ts';
import { versionById } from './store.ts';

/** Analysis versions of alert e-mails and the reanalysis runs polled by instance id. */

/** A run not finished after this long was interrupted (the process ended under it). */
const STRANDED_MS = 10 * 60_000;
export const REPARSE_INTERRUPTED = 'The reanalysis was interrupted. Please try again.';

/** Analyses an alert e-mail with the active model and stores the result as its next version. */
export async function analyseAndStore(database: Database, alertEmailId: number): Promise<number> {
  const { rows } = await database.query<{ subject: string; body: string }>(
    'SELECT subject, body FROM alert_emails WHERE id = $1',
    [alertEmailId],
  );
  if (!rows[0]) throw notFound();
  const result = await analyseEmail(database, rows[0].subject, rows[0].body);
  const annotations: StoredAnnotation[] = result.annotations.map((a, i) => ({
    id: `a${i + 1}`,
    start: a.start,
    end: a.end,
    value: storableText(a.value, 1000),
    label: storableText(a.label, 200),
    nerType: a.nerType,
    source: a.source,
    score: a.score,
  }));
  const confidence = Math.min(1, Math.max(0, Number.isFinite(result.confidence) ? result.confidence : 0));
  const inserted = await database.query<{ id: number }>(
    `INSERT INTO alert_analyses (alert_email_id, version, assessment, assessment_confidence, annotations, classification, parser_version)
     SELECT $1, COALESCE(max(version), 0) + 1, $2, $3, $4::jsonb, $5::jsonb, $6 FROM alert_analyses WHERE alert_email_id = $1
     RETURNING id`,
    [
      alertEmailId,
      result.assessment,
      confidence,
      JSON.stringify(annotations),
      result.classification ? JSON.stringify(result.classification) : null,
      result.parserVersion,
    ],
  );
  return Number(inserted.rows[0].id);
}

async function setStatus(database: Database, instanceId: string, status: RuntimeStatus, extra = ''): Promise<void> {
  await database.query(
    `UPDATE alert_reparse_runs SET runtime_status = $2, updated_at = now()${extra} WHERE instance_id = $1::uuid`,
    [instanceId, status],
  );
}

/**
 * Starts a reanalysis of one alert e-mail in this process and returns its instance id at once;
 * the run moves Pending → Loading → Running → Completed (with the error text when it failed).
 */
export async function startReparse(
  database: Database,
  tenantId: number,
  alertEmailId: number,
  after?: (alertEmailId: number) => Promise<void>,
): Promise<string> {
  // One run at a time per e-mail: asking again while one is under way answers that run.
  const running = await database.query<{ instance_id: string }>(
    `SELECT instance_id FROM alert_reparse_runs WHERE alert_email_id = $1 AND runtime_status <> 'Completed'
        AND updated_at > now() - make_interval(secs => $2) ORDER BY created_at DESC LIMIT 1`,
    [alertEmailId, STRANDED_MS / 1000],
  );
  if (running.rows[0]) return running.rows[0].instance_id;
  // Finished runs are kept a day for their pollers, then go.
  await database.query(
    `DELETE FROM alert_reparse_runs WHERE alert_email_id = $1 AND runtime_status = 'Completed'
        AND updated_at < now() - interval '1 day'`,
    [alertEmailId],
  );
  const instanceId = randomUUID();
  await database.query(
    'INSERT INTO alert_reparse_runs (instance_id, tenant_id, alert_email_id) VALUES ($1::uuid, $2, $3)',
    [instanceId, tenantId, alertEmailId],
  );
  setImmediate(() => {
    void (async () => {
      try {
        await setStatus(database, instanceId, 'Loading');
        await setStatus(database, instanceId, 'Running');
        const analysisId = await analyseAndStore(database, alertEmailId);
        await database.query(
          `UPDATE alert_reparse_runs SET runtime_status = 'Completed', analysis_id = $2, updated_at = now() WHERE instance_id = $1::uuid`,
          [instanceId, analysisId],
        );
        if (after) await after(alertEmailId).catch(() => undefined);
      } catch (err) {
        const message = storableText(err instanceof Error ? err.message : String(err), 1000);
        await database
          .query(
            `UPDATE alert_reparse_runs SET runtime_status = 'Completed', error = $2, updated_at = now() WHERE instance_id = $1::uuid`,
            [instanceId, message || REPARSE_INTERRUPTED],
          )
          .catch(() => undefined);
      }
    })();
  });
  return instanceId;
}

/** The run's status; `tenantId` null for platform admins (any tenant). 404 for another tenant's run. */
export async function reparseStatus(
  database: Database,
  tenantId: number | null,
  instanceId: string,
): Promise<ReparseStatus> {
  if (!/^[0-9a-f-]{36}$/i.test(instanceId)) throw notFound();
  const { rows } = await database.query<{
    tenant_id: number;
    runtime_status: RuntimeStatus;
    error: string | null;
    analysis_id: number | null;
    updated_at: Date | string;
  }>(
    'SELECT tenant_id, runtime_status, error, analysis_id, updated_at FROM alert_reparse_runs WHERE instance_id = $1::uuid',
    [instanceId],
  );
  const run = rows[0];
  if (!run || (tenantId !== null && run.tenant_id !== tenantId)) throw notFound();
  const stranded = run.runtime_status !== 'Completed' && Date.now() - new Date(run.updated_at).getTime() > STRANDED_MS;
  return {
    instanceId,
    runtimeStatus: stranded ? 'Completed' : run.runtime_status,
    customStatus: { error: stranded ? REPARSE_INTERRUPTED : run.error },
    output: run.analysis_id ? await versionById(database, run.analysis_id) : null,
  };
}
