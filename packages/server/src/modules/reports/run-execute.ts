// Generating a run's document and storing it.
import { ReportDocument, ReportFilters } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { buildReportDocument, rowCount } from './generate.ts';
import { BLOB_KIND, RUN_COLUMNS, type RunRow, dropBlobs, zip } from './run-rows.ts';

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
