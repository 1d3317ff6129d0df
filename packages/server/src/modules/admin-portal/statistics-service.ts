import {
  type BackupStatistics,
  type BackupStatisticsRow,
  type EmailStatistics,
  type EmailStatisticsRow,
  type PublicApiStatistics,
  type PublicApiStatisticsRow,
  type TenantStatistics,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { DAYS, DAY_OF, type DayRange, IN_RANGE, isoOrNull, n } from './statistics-range.ts';

/** Platform-wide counts for Admin Portal → Statistics, one set-based query per answer. */
export class StatisticsService {
  constructor(private readonly database: Database) {}

  /** A query over the range ($1 From, $2 To), or without parameters when `r` is null. */
  private async rows<T>(text: string, r: DayRange | null): Promise<T[]> {
    return (await this.database.query<T>(text, r ? [r.From, r.To] : [])).rows;
  }

  async tenants(r: DayRange): Promise<TenantStatistics> {
    const [totals] = await this.rows<Record<string, unknown>>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE is_enabled) AS enabled,
              count(*) FILTER (WHERE ${IN_RANGE('created_at')}) AS new
         FROM tenants`,
      r,
    );
    const subs = await this.rows<{ status: string; count: string }>(
      `SELECT coalesce(s.status, 'none') AS status, count(*) AS count
         FROM tenants t LEFT JOIN subscriptions s ON s.tenant_id = t.id
        GROUP BY 1 ORDER BY 2 DESC, 1`,
      null,
    );
    const daily = await this.rows<{ day: string; new: string }>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(t.id) AS new
         FROM ${DAYS} LEFT JOIN tenants t ON ${DAY_OF('t.created_at')} = d.day
        GROUP BY d.day ORDER BY d.day`,
      r,
    );
    return {
      ...r,
      Total: n(totals.total),
      Enabled: n(totals.enabled),
      Disabled: n(totals.total) - n(totals.enabled),
      New: n(totals.new),
      BySubscription: subs.map((s) => ({ Status: s.status, Count: n(s.count) })),
      Daily: daily.map((d) => ({ Day: d.day, New: n(d.new) })),
    };
  }

  async emails(r: DayRange): Promise<EmailStatistics> {
    const [t] = await this.rows<Record<string, unknown>>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE state = 'Processed') AS processed,
              count(*) FILTER (WHERE state = 'Inactive') AS inactive,
              coalesce(sum(size), 0) AS bytes, count(DISTINCT tenant_id) AS tenants
         FROM emails WHERE ${IN_RANGE('received_at')}`,
      r,
    );
    const daily = await this.rows<{ day: string; total: string; processed: string }>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(e.id) AS total,
              count(e.id) FILTER (WHERE e.state = 'Processed') AS processed
         FROM ${DAYS}
         LEFT JOIN emails e ON ${IN_RANGE('e.received_at')} AND ${DAY_OF('e.received_at')} = d.day
        GROUP BY d.day ORDER BY d.day`,
      r,
    );
    return {
      ...r,
      Total: n(t.total),
      Processed: n(t.processed),
      Inactive: n(t.inactive),
      Other: n(t.total) - n(t.processed) - n(t.inactive),
      Bytes: n(t.bytes),
      Tenants: n(t.tenants),
      Daily: daily.map((d) => ({ Day: d.day, Total: n(d.total), Processed: n(d.processed) })),
    };
  }

  async emailsDetailed(r: DayRange): Promise<EmailStatisticsRow[]> {
    const rows = await this.rows<Record<string, unknown>>(
      `SELECT t.id, t.name, count(e.id) AS total,
              count(e.id) FILTER (WHERE e.state = 'Processed') AS processed,
              count(e.id) FILTER (WHERE e.state = 'Inactive') AS inactive, max(e.received_at) AS last
         FROM tenants t JOIN emails e ON e.tenant_id = t.id AND ${IN_RANGE('e.received_at')}
        GROUP BY t.id, t.name ORDER BY count(e.id) DESC, lower(t.name)`,
      r,
    );
    return rows.map((x) => ({
      TenantId: n(x.id),
      TenantName: String(x.name),
      Total: n(x.total),
      Processed: n(x.processed),
      Inactive: n(x.inactive),
      Other: n(x.total) - n(x.processed) - n(x.inactive),
      LastReceivedAt: isoOrNull(x.last),
    }));
  }

  async backups(r: DayRange): Promise<BackupStatistics> {
    const [b] = await this.rows<Record<string, unknown>>(
      `SELECT count(*) FILTER (WHERE state = 'Active') AS active,
              count(*) FILTER (WHERE state = 'Inactive') AS inactive,
              count(*) FILTER (WHERE state = 'Retired') AS retired
         FROM backups`,
      null,
    );
    const [res] = await this.rows<Record<string, unknown>>(
      `SELECT count(*) AS results, count(*) FILTER (WHERE status = 1) AS success,
              count(*) FILTER (WHERE status = 2) AS warning, count(*) FILTER (WHERE status = 3) AS failure
         FROM results WHERE ${IN_RANGE('filed_at')}`,
      r,
    );
    const daily = await this.rows<Record<string, unknown>>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
              count(x.id) FILTER (WHERE x.status = 1) AS success,
              count(x.id) FILTER (WHERE x.status = 2) AS warning,
              count(x.id) FILTER (WHERE x.status = 3) AS failure
         FROM ${DAYS}
         LEFT JOIN results x ON ${IN_RANGE('x.filed_at')} AND ${DAY_OF('x.filed_at')} = d.day
        GROUP BY d.day ORDER BY d.day`,
      r,
    );
    return {
      ...r,
      Active: n(b.active),
      Inactive: n(b.inactive),
      Retired: n(b.retired),
      Results: n(res.results),
      Success: n(res.success),
      Warning: n(res.warning),
      Failure: n(res.failure),
      Daily: daily.map((d) => ({
        Day: String(d.day),
        Success: n(d.success),
        Warning: n(d.warning),
        Failure: n(d.failure),
      })),
    };
  }

  async backupsDetailed(r: DayRange): Promise<BackupStatisticsRow[]> {
    const rows = await this.rows<Record<string, unknown>>(
      `WITH b AS (
         SELECT tenant_id, count(*) FILTER (WHERE state = 'Active') AS active,
                count(*) FILTER (WHERE state = 'Inactive') AS inactive,
                count(*) FILTER (WHERE state = 'Retired') AS retired
           FROM backups GROUP BY tenant_id),
       x AS (
         SELECT tenant_id, count(*) AS results, count(*) FILTER (WHERE status = 3) AS failure
           FROM results WHERE ${IN_RANGE('filed_at')} GROUP BY tenant_id)
       SELECT t.id, t.name, b.active, b.inactive, b.retired, x.results, x.failure
         FROM tenants t LEFT JOIN b ON b.tenant_id = t.id LEFT JOIN x ON x.tenant_id = t.id
        WHERE b.tenant_id IS NOT NULL OR x.tenant_id IS NOT NULL
        ORDER BY coalesce(b.active, 0) DESC, lower(t.name)`,
      r,
    );
    return rows.map((x) => ({
      TenantId: n(x.id),
      TenantName: String(x.name),
      Active: n(x.active),
      Inactive: n(x.inactive),
      Retired: n(x.retired),
      Results: n(x.results),
      Failure: n(x.failure),
    }));
  }

  async publicApi(r: DayRange): Promise<PublicApiStatistics> {
    const [t] = await this.rows<Record<string, unknown>>(
      `SELECT coalesce(sum(requests), 0) AS requests, coalesce(sum(rows), 0) AS rows,
              count(DISTINCT api_key_id) AS keys, count(DISTINCT tenant_id) AS tenants
         FROM api_key_usage WHERE day BETWEEN $1::date AND $2::date`,
      r,
    );
    const daily = await this.rows<{ day: string; requests: string }>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(sum(u.requests), 0) AS requests
         FROM ${DAYS} LEFT JOIN api_key_usage u ON u.day = d.day
        GROUP BY d.day ORDER BY d.day`,
      r,
    );
    return {
      ...r,
      Requests: n(t.requests),
      Rows: n(t.rows),
      Keys: n(t.keys),
      Tenants: n(t.tenants),
      Daily: daily.map((d) => ({ Day: d.day, Requests: n(d.requests) })),
    };
  }

  async publicApiDetailed(r: DayRange): Promise<PublicApiStatisticsRow[]> {
    const rows = await this.rows<Record<string, unknown>>(
      `SELECT t.id, t.name, sum(u.requests) AS requests, sum(u.rows) AS rows,
              count(DISTINCT u.api_key_id) AS keys,
              (SELECT max(k.last_used_at) FROM api_keys k WHERE k.tenant_id = t.id) AS last
         FROM api_key_usage u JOIN tenants t ON t.id = u.tenant_id
        WHERE u.day BETWEEN $1::date AND $2::date
        GROUP BY t.id, t.name ORDER BY sum(u.requests) DESC, lower(t.name)`,
      r,
    );
    return rows.map((x) => ({
      TenantId: n(x.id),
      TenantName: String(x.name),
      Requests: n(x.requests),
      Rows: n(x.rows),
      Keys: n(x.keys),
      LastUsedAt: isoOrNull(x.last),
    }));
  }
}

export { resolveRange } from './statistics-range.ts';
export type { DayRange } from './statistics-range.ts';
