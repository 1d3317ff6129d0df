// Report runs as stored in report_runs: the row, its job view and the stored documents.
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { ReportFilters, type ReportJob, type ReportJobStatus, type ReportType } from '@vigil/contract';
import type { Deps } from '../../deps.ts';

/** The client's storage key of a run. */
export const RUN_ID = /^[A-Za-z0-9-]{8,64}$/;
export const BLOB_KIND = 'report';

export const zip = promisify(gzip);
export const unzip = promisify(gunzip);

/**
 * What a run keeps in report_runs.filters: the filters, the viewer's company narrowing taken
 * when the run started (the job has no request), and a token per start, so a restarted or
 * cancelled run's old job cannot write over the new state.
 */
export interface RunSpec {
  Filters: ReportFilters;
  Visible: number[] | null;
  Token: string;
}

export interface RunRow {
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

export const RUN_COLUMNS =
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

/** Removes stored documents no run points at any more (identical documents share a blob). */
export async function dropBlobs(deps: Pick<Deps, 'database' | 'blobs'>, keys: string[]): Promise<void> {
  const used = await deps.database.query<{ document_key: string }>(
    'SELECT DISTINCT document_key FROM report_runs WHERE document_key = ANY($1::text[])',
    [keys],
  );
  const keep = new Set(used.rows.map((r) => r.document_key));
  for (const key of new Set(keys)) {
    if (keep.has(key) || !/^report\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key)) continue;
    await deps.blobs.remove(key).catch(() => undefined);
  }
}
