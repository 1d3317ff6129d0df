import { ALERT_TILE_LIMITS, type AlertTileData } from '@vigil/contract';
import type { Database } from '../../db/client.ts';

/** Which alert e-mails a summary covers. */
export interface AlertSummaryQuery {
  tenantId: number;
  /** Companies a restricted user may see (null: all), as in the alert e-mail list. */
  visible: number[] | null;
  /** Only these companies (empty: any), plus alerts without a company when `includeNoCompany`. */
  companies: number[];
  includeNoCompany: boolean;
  /** Received at or after `from` and before `to`. */
  from: Date;
  to: Date;
}

export type AlertSummary = Omit<AlertTileData, 'kind' | 'Message'>;

interface SummaryRow {
  negative: number;
  neutral: number;
  positive: number;
  top_types: unknown;
  newest: unknown;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * Alert e-mails received in a window, by the assessment of their latest analysis (features §3.2),
 * with the most frequent alert types and the newest e-mails among the Negative ones. One
 * statement; the same visibility and latest-analysis rule as the alert e-mail list.
 */
export async function alertSummary(database: Database, q: AlertSummaryQuery): Promise<AlertSummary> {
  const params: unknown[] = [q.tenantId, q.from, q.to];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['a.tenant_id = $1', 'a.received_at >= $2', 'a.received_at < $3'];
  if (q.visible !== null) where.push(`a.company_id = ANY(${add(q.visible)}::int[])`);
  if (q.companies.length || q.includeNoCompany) {
    const parts: string[] = [];
    if (q.companies.length) parts.push(`a.company_id = ANY(${add(q.companies)}::int[])`);
    if (q.includeNoCompany) parts.push('a.company_id IS NULL');
    where.push(`(${parts.join(' OR ')})`);
  }
  const types = add(ALERT_TILE_LIMITS.types);
  const newest = add(ALERT_TILE_LIMITS.newest);
  const r = await database.query<SummaryRow>(
    `WITH m AS (
       SELECT a.id, a.subject, a.received_at, c.name AS company_name,
              COALESCE(v.assessment, 0) AS assessment, NULLIF(v.classification->>'type', '') AS alert_type
         FROM alert_emails a
         LEFT JOIN companies c ON c.id = a.company_id
         LEFT JOIN LATERAL (SELECT y.assessment, y.classification FROM alert_analyses y
                             WHERE y.alert_email_id = a.id ORDER BY y.version DESC LIMIT 1) v ON true
        WHERE ${where.join(' AND ')})
     SELECT count(*) FILTER (WHERE assessment = 1)::int AS negative,
            count(*) FILTER (WHERE assessment = 2)::int AS neutral,
            count(*) FILTER (WHERE assessment = 3)::int AS positive,
            (SELECT COALESCE(json_agg(t), '[]'::json) FROM (
               SELECT alert_type AS "Type", count(*)::int AS "Count" FROM m
                WHERE assessment = 1 AND alert_type IS NOT NULL
                GROUP BY alert_type ORDER BY count(*) DESC, alert_type LIMIT ${types}) t) AS top_types,
            (SELECT COALESCE(json_agg(n), '[]'::json) FROM (
               SELECT id AS "Id", subject AS "Subject", company_name AS "CompanyName", received_at AS "ReceivedAt" FROM m
                WHERE assessment = 1 ORDER BY received_at DESC, id DESC LIMIT ${newest}) n) AS newest
       FROM m`,
    params,
  );
  const row = r.rows[0];
  const list = json<{ Id: number | string; Subject: string; CompanyName: string | null; ReceivedAt: string }[]>(
    row?.newest ?? [],
  );
  return {
    Negative: Number(row?.negative ?? 0),
    Neutral: Number(row?.neutral ?? 0),
    Positive: Number(row?.positive ?? 0),
    TopTypes: json<{ Type: string; Count: number }[]>(row?.top_types ?? []).map((t) => ({
      Type: t.Type,
      Count: Number(t.Count),
    })),
    Newest: list.map((n) => ({
      Id: Number(n.Id),
      Subject: n.Subject,
      CompanyName: n.CompanyName,
      ReceivedAt: new Date(n.ReceivedAt).toISOString(),
    })),
  };
}
