import type { ErrorLogRow, ErrorLogType, Paged } from '@vigil/contract';
import type { Database } from '../../db/client.ts';

/** A page of the error log, newest first, of the given types (every type when none). */
export async function listErrors(
  database: Database,
  q: { type: ErrorLogType[]; search?: string; Page: number; Size: number },
): Promise<Paged<ErrorLogRow>> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.type.length) {
    params.push(q.type);
    where.push(`l.type = ANY($${params.length}::text[])`);
  }
  if (q.search) {
    params.push(`%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(lower(l.message) LIKE $${params.length} OR lower(l.source) LIKE $${params.length})`);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const { rows: total } = await database.query<{ n: string }>(
    `SELECT count(*) AS n FROM error_logs l ${filter}`,
    params,
  );
  const { rows } = await database.query<Record<string, unknown>>(
    `SELECT l.id, l.type, l.source, l.message, l.detail, l.tenant_id, t.name AS tenant_name, u.email, l.at
       FROM error_logs l
       LEFT JOIN tenants t ON t.id = l.tenant_id
       LEFT JOIN users u ON u.id = l.user_id
       ${filter}
      ORDER BY l.at DESC, l.id DESC
      LIMIT ${q.Size} OFFSET ${(q.Page - 1) * q.Size}`,
    params,
  );
  const count = Number(total[0]?.n ?? 0);
  return {
    Results: rows.map((r) => ({
      Id: Number(r.id),
      Type: String(r.type),
      Source: String(r.source),
      Message: String(r.message),
      Detail: r.detail === null ? null : String(r.detail),
      TenantId: r.tenant_id === null ? null : Number(r.tenant_id),
      TenantName: r.tenant_name === null ? null : String(r.tenant_name),
      UserEmail: r.email === null ? null : String(r.email),
      At: new Date(r.at as string).toISOString(),
    })),
    Page: q.Page,
    PageSize: q.Size,
    Total: count,
    TotalPages: Math.ceil(count / q.Size),
  };
}
