import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { ReportDocument, ReportFilters, type ReportJob, type ReportJobStatus, type ReportType } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { buildReportDocument, rowCount } from './generate.ts';

export const REPORT_QUEUE = 'report-generate';
export const REPORT_PURGE_QUEUE = 'report-purge';
/** The client's storage key of a run. */
export const RUN_ID = /^[A-Za-z0-9-]{8,64}$/;
const BLOB_KIND = 'report';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/**
 * What a run keeps in report_runs.filters: the filters, the viewer's company narrowing taken
 * when the run started (the job has no request), and a token per start, so a restarted or
 * cancelled run's old job cannot write over the new state.
 */
interface RunSpec {
  Filters: ReportFilters;
  Visible: number[] | null;
  Token: string;
}

interface RunRow {
  id: string;
  tenant_id: number;
  report_type: ReportType;
  filters: RunSpec;
  status: ReportJobStatus;
  error: string | null;
  document_key: string | null;
  row_count: number | null;
  started_at: Date;
  finished_at: Date | null;
}

const RUN_COLUMNS =
  'id, tenant_id, report_type, filters, status, error, document_key, row_count, created_at AS started_at, finished_at';

export function toJob(r: RunRow): ReportJob {
  return {
    id: r.id,
    type: r.report_type,
    status: r.status,
    error: r.error,
    startedAt: new Date(r.started_at).toISOString(),
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
    rowCount: r.row_count,
  };
}

/** A run of the tenant, or null (another tenant's run is simply not there). */
/** Who a run belongs to: the user who started it (built with that user's companies), in their tenant. */
export interface RunOwner {
  tenantId: number;
  userId: number | null;
}

/** A run of the owner's; another user's run (even in the same tenant) is not there. */
export async function findRun(deps: Pick<Deps, 'database'>, owner: RunOwner, id: string): Promise<RunRow | null> {
  const r = await deps.database.query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM report_runs WHERE id = $1 AND tenant_id = $2 AND user_id IS NOT DISTINCT FROM $3`,
    [id, owner.tenantId, owner.userId],
  );
  return r.rows[0] ?? null;
}

/**
 * Creates the run, or restarts it when the same tenant reuses the id; answers null when the id
 * belongs to another tenant. The old document of a restarted run is dropped.
 */
export async function createRun(
  deps: Pick<Deps, 'database' | 'blobs'>,
  who: { tenantId: number; userId: number | null; visible: number[] | null },
  type: ReportType,
  id: string,
  filters: ReportFilters,
): Promise<{ run: RunRow; token: string } | null> {
  const token = randomBytes(9).toString('base64url');
  const spec: RunSpec = { Filters: filters, Visible: who.visible, Token: token };
  const old = await findRun(deps, who, id);
  const r = await deps.database.query<RunRow>(
    `INSERT INTO report_runs (id, tenant_id, user_id, report_type, filters, status)
     VALUES ($1, $2, $3, $4, $5::jsonb, 'Pending')
     ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, report_type = EXCLUDED.report_type,
            filters = EXCLUDED.filters, status = 'Pending', error = NULL, document_key = NULL, row_count = NULL,
            created_at = now(), finished_at = NULL
      WHERE report_runs.tenant_id = EXCLUDED.tenant_id AND report_runs.user_id IS NOT DISTINCT FROM EXCLUDED.user_id
     RETURNING ${RUN_COLUMNS}`,
    [id, who.tenantId, who.userId, type, JSON.stringify(spec)],
  );
  if (!r.rows[0]) return null;
  if (old?.document_key) await dropBlobs(deps, [old.document_key]);
  return { run: r.rows[0], token };
}

/**
 * Generates a run's document and stores it. Claims the run (Pending → Running) first and
 * writes the result only while the run is still this start's and Running, so a cancel or a
 * restart in between leaves nothing behind.
 */
export async function executeRun(deps: Pick<Deps, 'database' | 'blobs'>, id: string, token: string): Promise<void> {
  const claimed = await deps.database.query<RunRow>(
    `UPDATE report_runs SET status = 'Running'
      WHERE id = $1 AND filters->>'Token' = $2 AND status = 'Pending'
     RETURNING ${RUN_COLUMNS}`,
    [id, token],
  );
  const run = claimed.rows[0];
  if (!run) return;
  const mine = `id = $1 AND filters->>'Token' = $2 AND status = 'Running'`;
  let doc: ReportDocument;
  try {
    const filters = ReportFilters.parse(run.filters.Filters ?? {});
    doc = await buildReportDocument(
      deps.database,
      { tenantId: run.tenant_id, visible: run.filters.Visible ?? null },
      run.report_type,
      filters,
    );
  } catch (err) {
    const message = err instanceof Error && 'statusCode' in err ? err.message : 'The report could not be generated.';
    if (!(err instanceof Error && 'statusCode' in err)) console.error('[reports]', err);
    await deps.database.query(
      `UPDATE report_runs SET status = 'Failed', error = $3, finished_at = now() WHERE ${mine}`,
      [id, token, message],
    );
    return;
  }
  // Checked again before the write: a cancelled run stops here.
  const still = await deps.database.query(`SELECT 1 FROM report_runs WHERE ${mine}`, [id, token]);
  if (!still.rows.length) return;
  let key: string;
  try {
    key = await deps.blobs.put(BLOB_KIND, await zip(Buffer.from(JSON.stringify(doc))));
  } catch (err) {
    console.error('[reports]', err);
    await deps.database.query(
      `UPDATE report_runs SET status = 'Failed', error = 'The report could not be stored.', finished_at = now() WHERE ${mine}`,
      [id, token],
    );
    return;
  }
  const done = await deps.database.query(
    `UPDATE report_runs SET status = 'Ready', document_key = $3, row_count = $4, finished_at = now()
      WHERE ${mine} RETURNING id`,
    [id, token, key, rowCount(doc)],
  );
  if (!done.rows.length) await dropBlobs(deps, [key]);
}

/** The stored document of a ready run. */
export async function runDocument(deps: Pick<Deps, 'blobs'>, run: RunRow): Promise<ReportDocument | null> {
  if (run.status !== 'Ready' || !run.document_key) return null;
  return JSON.parse((await unzip(await deps.blobs.get(run.document_key))).toString('utf8')) as ReportDocument;
}

/** Stops a pending or running run; a finished one stays as it is. */
export async function cancelRun(deps: Pick<Deps, 'database'>, owner: RunOwner, id: string): Promise<RunRow | null> {
  await deps.database.query(
    `UPDATE report_runs SET status = 'Cancelled', finished_at = now()
      WHERE id = $1 AND tenant_id = $2 AND user_id IS NOT DISTINCT FROM $3 AND status IN ('Pending', 'Running')`,
    [id, owner.tenantId, owner.userId],
  );
  return findRun(deps, owner, id);
}

/** Removes stored documents no run points at any more (identical documents share a blob). */
async function dropBlobs(deps: Pick<Deps, 'database' | 'blobs'>, keys: string[]): Promise<void> {
  const used = await deps.database.query<{ document_key: string }>(
    'SELECT DISTINCT document_key FROM report_runs WHERE document_key = ANY($1::text[])',
    [keys],
  );
  const keep = new Set(used.rows.map((r) => r.document_key));
  for (const key of new Set(keys)) {
    if (keep.has(key) || !/^report\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key)) continue;
    await unlink(path.join(deps.blobs.root, key)).catch(() => undefined);
  }
}

/** Runs older than a day go, with their documents: the screen keeps a run for one session. */
export async function purgeRuns(deps: Pick<Deps, 'database' | 'blobs'>, olderThanHours = 24): Promise<number> {
  const r = await deps.database.query<{ document_key: string | null }>(
    `DELETE FROM report_runs WHERE created_at < now() - make_interval(hours => $1) RETURNING document_key`,
    [olderThanHours],
  );
  await dropBlobs(
    deps,
    r.rows.flatMap((x) => (x.document_key ? [x.document_key] : [])),
  );
  return r.rows.length;
}

/** The generation queue (sent `{ id, token }` by a start) and the hourly purge. */
export function reportJobs(deps: Pick<Deps, 'database' | 'blobs'>): JobDefinition[] {
  return [
    {
      name: REPORT_QUEUE,
      handler: async (data) => {
        const { id, token } = (data ?? {}) as { id?: unknown; token?: unknown };
        if (typeof id === 'string' && typeof token === 'string') await executeRun(deps, id, token);
      },
      pollingIntervalSeconds: 1,
    },
    { name: REPORT_PURGE_QUEUE, cron: '23 * * * *', handler: async () => void (await purgeRuns(deps)) },
  ];
}
