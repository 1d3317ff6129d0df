import { DEFAULT_STATUS_ORDER, type TileDefinition, type TileFilters } from '@vigil/contract';
import type { Database, SqlResult } from '../../../db/client.ts';
import { noSuccessCutoff } from '../../../status/index.ts';
import { noSuccessSql, visibilitySql } from '../../audit/common.ts';
import type { DayRange } from './range.ts';

/** Everything a tile query needs: whose data, which days, which backups. */
export interface TileQuery {
  database: Database;
  tenantId: number;
  /** Companies the viewer may see (null: all of the tenant's). */
  visible: number[] | null;
  range: DayRange;
  filters: TileFilters;
  daysWithoutSuccess: number | null;
  uiSettings: TileDefinition['uiSettings'];
  /** Answers already asked while loading one dashboard: tiles with the same query share it. */
  memo?: Map<string, Promise<unknown>>;
}

/** Runs a tile's statement once per dashboard load, however many tiles ask the same. */
export function runTileQuery<T>(q: TileQuery, text: string, params: unknown[]): Promise<SqlResult<T>> {
  if (!q.memo) return q.database.query<T>(text, params);
  const key = `${text}\u0000${JSON.stringify(params)}`;
  let hit = q.memo.get(key) as Promise<SqlResult<T>> | undefined;
  if (!hit) {
    hit = q.database.query<T>(text, params);
    q.memo.set(key, hit);
  }
  return hit;
}

export const STATUS_LABELS: Record<number, string> = {
  0: 'Not scheduled',
  1: 'Success',
  2: 'Warning',
  3: 'Failure',
  4: 'No Result',
  5: 'Pending',
  6: 'Suppressed No Result',
};

/** A statement's parameters, with a helper that adds one and answers its placeholder. */
export function paramList(first: unknown[]): { params: unknown[]; p: (v: unknown) => string } {
  const params = [...first];
  return {
    params,
    p: (v) => {
      params.push(v);
      return `$${params.length}`;
    },
  };
}

/**
 * The conditions on backups (aliased `b`) shared by every tile: the tenant's active backups the
 * viewer may see, narrowed by company, vendor, tag and days without success. `$1` must be the
 * tenant id. The day status filter is not here: each tile applies it to its own days.
 */
export function backupWhere(q: TileQuery, params: unknown[], p: (v: unknown) => string): string {
  const f = q.filters;
  const where = ['b.tenant_id = $1', "b.state = 'Active'", visibilitySql(q.visible, params)];
  if (f.Companies.length || f.IncludeNoCompany) {
    const parts: string[] = [];
    if (f.Companies.length) parts.push(`b.company_id = ANY(${p(f.Companies)}::int[])`);
    if (f.IncludeNoCompany) parts.push('b.company_id IS NULL');
    where.push(`(${parts.join(' OR ')})`);
  }
  if (f.Vendors.length) where.push(`b.vendor = ANY(${p(f.Vendors)}::text[])`);
  if (f.Tags.length)
    where.push(`EXISTS (SELECT 1 FROM backup_tags t WHERE t.backup_id = b.id AND t.tag = ANY(${p(f.Tags)}::text[]))`);
  if (q.daysWithoutSuccess !== null)
    // As in Audit: no success for at least N days on the range's last day (or never).
    where.push(noSuccessSql(p(q.range.To), p(noSuccessCutoff(q.range.To, q.daysWithoutSuccess))));
  return where.join(' AND ');
}

/** Whether a tile looks at fewer than all of the tenant's active backups. */
export function narrowsBackups(q: TileQuery): boolean {
  const f = q.filters;
  return (
    q.visible !== null ||
    f.Companies.length > 0 ||
    Boolean(f.IncludeNoCompany) ||
    f.Vendors.length > 0 ||
    f.Tags.length > 0 ||
    q.daysWithoutSuccess !== null
  );
}

/**
 * The statuses a chart shows, in drawing order: the tile's status order (default Success,
 * Warning, Failure, No Result, Pending, then Suppressed No Result), narrowed by the status
 * filter when it has any. Status 0 (not scheduled) is never counted.
 */
export function shownStatuses(q: Pick<TileQuery, 'filters' | 'uiSettings'>): number[] {
  const order = q.uiSettings.statusOrder?.length ? [...q.uiSettings.statusOrder] : [...DEFAULT_STATUS_ORDER];
  for (const s of [1, 2, 3, 4, 5, 6]) if (!order.includes(s)) order.push(s);
  const wanted = q.filters.Status.length ? new Set(q.filters.Status) : null;
  return order.filter((s) => s !== 0 && (wanted ? wanted.has(s) : true));
}
