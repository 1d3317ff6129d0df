// Who a run belongs to, and starting, reading and cancelling a report run.
import { randomBytes } from 'node:crypto';
import { ReportDocument, ReportFilters, type ReportType } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { RUN_COLUMNS, type RunRow, type RunSpec, dropBlobs, unzip } from './run-rows.ts';

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
