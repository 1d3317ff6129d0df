// The three Manage lists of backups: inactive, active and retired, paged and ordered.
import type { Paged, PolicyListQuery, PolicyRow } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { vendorNames } from '../ingest/emails-service.ts';
import { likeTerm, visibilitySql } from '../audit/common.ts';
import { POLICY_JOINS, type PolicyDbRow, type PolicyState, columns } from './policy-columns.ts';
import { toPolicyRow } from './policy-row.ts';

const ORDER: Record<NonNullable<PolicyListQuery['OrderBy']>, string> = {
  PolicyId: 'b.id',
  CompanyName: 'c.name',
  DeviceName: 'lower(b.device_name)',
  JobName: 'lower(b.job_name)',
  Vendor: 'b.vendor',
  LastEmailAt: 'b.last_email_at',
  SenderEmail: 'lower(b.sender_address)',
  CreatedAt: 'b.created_at',
};

/** One of the three Manage lists (`POST /api/backup/inactive`, `/active`, `/retire`). */
export async function listPolicies(
  database: Database,
  state: PolicyState,
  q: PolicyListQuery,
  o: { tenantId: number; visible: number[] | null },
): Promise<Paged<PolicyRow>> {
  const params: unknown[] = [o.tenantId, state];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['b.tenant_id = $1', 'b.state = $2', visibilitySql(o.visible, params)];
  const companies = q.Companies ?? [];
  if (companies.length || q.IncludeNoCompany) {
    const parts: string[] = [];
    if (companies.length) parts.push(`b.company_id = ANY(${p(companies)}::int[])`);
    if (q.IncludeNoCompany) parts.push('b.company_id IS NULL');
    where.push(`(${parts.join(' OR ')})`);
  }
  if (q.Vendors?.length) where.push(`b.vendor = ANY(${p(q.Vendors)}::text[])`);
  if (q.Tags?.length)
    where.push(`EXISTS (SELECT 1 FROM backup_tags t WHERE t.backup_id = b.id AND t.tag = ANY(${p(q.Tags)}::text[]))`);
  if (q.Search?.trim()) {
    const term = q.Search.trim().toLowerCase();
    const vendorIds = [...vendorNames].filter(([, name]) => name.toLowerCase().includes(term)).map(([id]) => id);
    const like = p(likeTerm(q.Search));
    where.push(
      `(c.name ILIKE ${like} OR b.job_name ILIKE ${like} OR b.device_name ILIKE ${like} OR b.sender_address ILIKE ${like}
        OR b.vendor_client_id ILIKE ${like} OR b.client_tag ILIKE ${like} OR b.vendor = ANY(${p(vendorIds)}::text[]))`,
    );
  }
  // Inactive backups newest first (what just arrived); the others by company.
  const orderBy = q.OrderBy ?? (state === 'Inactive' ? 'LastEmailAt' : 'CompanyName');
  const ascending = q.OrderAscending ?? orderBy !== 'LastEmailAt';
  const dir = ascending ? 'ASC' : 'DESC';
  const limit = p(q.Size);
  const offset = p((q.Page - 1) * q.Size);
  const r = await database.query<PolicyDbRow>(
    `SELECT ${columns(true)}, count(*) OVER () AS total
       FROM backups b ${POLICY_JOINS}
      WHERE ${where.join(' AND ')}
      ORDER BY ${ORDER[orderBy]} ${dir} NULLS LAST, c.name ASC NULLS LAST, lower(b.device_name), lower(b.job_name), b.id
      LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const total = Number(r.rows[0]?.total ?? 0);
  return {
    Results: r.rows.map(toPolicyRow),
    Page: q.Page,
    PageSize: q.Size,
    Total: total,
    TotalPages: Math.ceil(total / q.Size),
  };
}
