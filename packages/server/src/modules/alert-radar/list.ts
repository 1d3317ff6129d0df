import type { z } from 'zod';
import {
  ALERT_DEFAULT_WINDOW_DAYS,
  type AdminAlertEmailQuery,
  type AdminAlertEmailRow,
  type AlertEmailListQuery,
  type AlertEmailRow,
  type Paged,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { ALERT_SELECT, toRow, type AlertEmailDbRow } from './store.ts';

type ListQuery = z.output<typeof AlertEmailListQuery>;
type AdminQuery = z.output<typeof AdminAlertEmailQuery>;

const DAY_MS = 86_400_000;

function dateParam(value: string | undefined, field: string): Date | null {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw badRequest(`${field} is not a valid date`, field);
  return d;
}

/** `%text%` for ILIKE, with the pattern characters taken literally. */
export const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function page<T>(rows: T[], total: number, p: number, size: number): Paged<T> {
  return { Results: rows, Page: p, PageSize: size, Total: total, TotalPages: Math.ceil(total / size) };
}

/**
 * A tenant's alert e-mails, newest first: received in the window (default the last 30 days),
 * filtered by subject, summary (body), assessment and annotation labels of the latest analysis.
 * `visible`: the companies a restricted user may see (null: all).
 */
export async function listAlertEmails(
  database: Database,
  tenantId: number,
  visible: number[] | null,
  q: ListQuery,
): Promise<Paged<AlertEmailRow>> {
  const params: unknown[] = [tenantId];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const to = dateParam(q.ReceivedTo, 'ReceivedTo') ?? new Date();
  const from = dateParam(q.ReceivedFrom, 'ReceivedFrom') ?? new Date(to.getTime() - ALERT_DEFAULT_WINDOW_DAYS * DAY_MS);
  const where = [`a.tenant_id = $1`, `a.received_at >= ${add(from)}`, `a.received_at <= ${add(to)}`];
  if (visible !== null) where.push(`a.company_id = ANY(${add(visible)}::int[])`);
  if (q.SearchBySubject?.trim()) where.push(`a.subject ILIKE ${add(like(q.SearchBySubject.trim()))}`);
  if (q.SearchBySummary?.trim()) where.push(`a.body ILIKE ${add(like(q.SearchBySummary.trim()))}`);
  const assessments = q.Assessment === undefined ? [] : Array.isArray(q.Assessment) ? q.Assessment : [q.Assessment];
  if (assessments.length) where.push(`COALESCE(v.assessment, 0) = ANY(${add(assessments)}::int[])`);
  if (q.Labels?.length)
    where.push(`EXISTS (SELECT 1 FROM jsonb_array_elements(v.annotations) e
      WHERE lower(e->>'label') = ANY(${add(q.Labels.map((l) => l.toLowerCase()))}::text[]))`);
  const filter = where.join(' AND ');
  const count = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM alert_emails a
       LEFT JOIN LATERAL (SELECT * FROM alert_analyses y WHERE y.alert_email_id = a.id ORDER BY y.version DESC LIMIT 1) v ON true
      WHERE ${filter}`,
    params,
  );
  const size = q.Size;
  const { rows } = await database.query<AlertEmailDbRow>(
    `${ALERT_SELECT} WHERE ${filter} ORDER BY a.received_at DESC, a.id DESC LIMIT ${add(size)} OFFSET ${add((q.Page - 1) * size)}`,
    params,
  );
  return page(rows.map(toRow), Number(count.rows[0].n), q.Page, size);
}

/** Alert e-mails across tenants for platform admins (Alert Scope). */
export async function listAllAlertEmails(database: Database, q: AdminQuery): Promise<Paged<AdminAlertEmailRow>> {
  const params: unknown[] = [];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = ['TRUE'];
  if (q.SearchString?.trim()) {
    const p = add(like(q.SearchString.trim()));
    where.push(`(a.subject ILIKE ${p} OR a.from_address ILIKE ${p} OR t.name ILIKE ${p} OR a.body ILIKE ${p})`);
  }
  const filter = where.join(' AND ');
  const dir = q.OrderAscending ? 'ASC' : 'DESC';
  const order =
    q.OrderBy === 'Assessment'
      ? `COALESCE(v.assessment, 0) ${dir}, v.assessment_confidence ${dir} NULLS LAST, a.received_at DESC`
      : `a.received_at ${dir}`;
  const count = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM alert_emails a JOIN tenants t ON t.id = a.tenant_id WHERE ${filter}`,
    params,
  );
  const size = q.Size;
  const { rows } = await database.query<AlertEmailDbRow>(
    `${ALERT_SELECT} WHERE ${filter} ORDER BY ${order}, a.id DESC LIMIT ${add(size)} OFFSET ${add((q.Page - 1) * size)}`,
    params,
  );
  return page(
    rows.map((r) => ({ ...toRow(r), tenantId: r.tenant_id, emailUid: r.email_uid, TenantName: r.tenant_name })),
    Number(count.rows[0].n),
    q.Page,
    size,
  );
}
