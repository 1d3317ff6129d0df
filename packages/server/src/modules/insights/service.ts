import {
  INSIGHT_TYPES,
  InsightType,
  type AdminInsightRow,
  type Insight,
  type InsightOverview,
  type Paged,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { vendorNames } from '../ingest/emails-service.ts';
import { likeTerm, visibilitySql } from '../audit/common.ts';
import { readSuggestion, type StoredSuggestion } from './stored.ts';
import { isoOrNull } from '../../platform/dates.ts';

/**
 * Reading insights: the overview counts, the list of one type and the admin's per-tenant
 * counts. Only open suggestions of backups still Active count, so a backup retired or edited
 * away since the last run stops showing at once.
 */

const TYPES = InsightType.options;

/** Open suggestions the caller may see (insights `i` joined to backups `b`). */
function openWhere(tenantId: number, visible: number[] | null, params: unknown[]): string {
  params.push(tenantId);
  return `i.tenant_id = $${params.length} AND i.dismissed_at IS NULL AND b.state = 'Active' AND ${visibilitySql(visible, params)}`;
}

export function parseType(type: string): InsightType {
  const parsed = InsightType.safeParse(type);
  if (!parsed.success) throw notFound('There is no insight of that type.');
  return parsed.data;
}

async function computedAt(database: Database, tenantId: number): Promise<string | null> {
  const r = await database.query<{ computed_at: Date }>('SELECT computed_at FROM insight_runs WHERE tenant_id = $1', [
    tenantId,
  ]);
  return r.rows[0] ? isoOrNull(r.rows[0].computed_at) : null;
}

export async function overview(
  database: Database,
  tenantId: number,
  visible: number[] | null,
): Promise<InsightOverview> {
  const params: unknown[] = [];
  const r = await database.query<{ type: string; n: string | number }>(
    `SELECT i.type, count(*) AS n FROM insights i JOIN backups b ON b.id = i.backup_id
      WHERE ${openWhere(tenantId, visible, params)} GROUP BY i.type`,
    params,
  );
  const counts = new Map(r.rows.map((x) => [x.type, Number(x.n)]));
  return {
    ComputedAt: await computedAt(database, tenantId),
    Types: TYPES.map((type) => ({
      Type: type,
      Title: INSIGHT_TYPES[type].title,
      Help: INSIGHT_TYPES[type].help,
      Selectable: INSIGHT_TYPES[type].selectable,
      Count: counts.get(type) ?? 0,
    })),
  };
}

interface InsightDbRow {
  id: string | number;
  type: InsightType;
  backup_id: number;
  company_id: number | null;
  company_name: string | null;
  vendor: string;
  device_name: string;
  job_name: string;
  detail: string;
  suggestion: StoredSuggestion;
  created_at: Date | string;
}

function toInsight(r: InsightDbRow): Insight {
  const s = readSuggestion(r.suggestion);
  return {
    Id: Number(r.id),
    Type: r.type,
    PolicyId: r.backup_id,
    CompanyId: r.company_id,
    CompanyName: r.company_name,
    Vendor: r.vendor,
    VendorName: vendorNames.get(r.vendor) ?? r.vendor,
    DeviceName: r.device_name,
    JobName: r.job_name,
    Detail: r.detail,
    Current: s.current,
    Suggested: s.suggested,
    Suggestion: s.suggestion,
    CreatedAt: new Date(r.created_at).toISOString(),
  };
}

export async function listInsights(
  database: Database,
  tenantId: number,
  visible: number[] | null,
  type: InsightType,
  query: { Page: number; Size: number; Search?: string },
): Promise<Paged<Insight>> {
  const params: unknown[] = [type];
  let where = `i.type = $1 AND ${openWhere(tenantId, visible, params)}`;
  if (query.Search?.trim()) {
    params.push(likeTerm(query.Search));
    const p = `$${params.length}`;
    const vendors = [...vendorNames].filter(([, name]) =>
      name.toLowerCase().includes(query.Search!.trim().toLowerCase()),
    );
    params.push(vendors.map(([id]) => id));
    where += ` AND (b.device_name ILIKE ${p} OR b.job_name ILIKE ${p} OR c.name ILIKE ${p} OR i.detail ILIKE ${p}
                    OR b.vendor ILIKE ${p} OR b.vendor = ANY($${params.length}::text[]))`;
  }
  const from = `FROM insights i JOIN backups b ON b.id = i.backup_id LEFT JOIN companies c ON c.id = b.company_id`;
  const total = Number(
    (await database.query<{ n: string | number }>(`SELECT count(*) AS n ${from} WHERE ${where}`, params)).rows[0].n,
  );
  params.push(query.Size, (query.Page - 1) * query.Size);
  const r = await database.query<InsightDbRow>(
    `SELECT i.id, i.type, i.backup_id, b.company_id, c.name AS company_name, b.vendor, b.device_name, b.job_name,
            i.detail, i.suggestion, i.created_at
       ${from} WHERE ${where}
      ORDER BY c.name NULLS LAST, b.device_name, b.job_name, i.id
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return {
    Results: r.rows.map(toInsight),
    Page: query.Page,
    PageSize: query.Size,
    Total: total,
    TotalPages: Math.ceil(total / query.Size),
  };
}

/** Tenants with their open suggestion counts per type (the admin portal's Insights). */
export async function adminInsightRows(
  database: Database,
  query: { Page: number; Size: number; Search?: string; TenantId?: number },
): Promise<Paged<AdminInsightRow>> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (query.Search?.trim()) {
    params.push(likeTerm(query.Search));
    conditions.push(`t.name ILIKE $${params.length}`);
  }
  if (query.TenantId !== undefined) {
    params.push(query.TenantId);
    conditions.push(`t.id = $${params.length}`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = Number(
    (await database.query<{ n: string | number }>(`SELECT count(*) AS n FROM tenants t ${where}`, params)).rows[0].n,
  );
  params.push(query.Size, (query.Page - 1) * query.Size);
  const r = await database.query<{
    id: number;
    name: string;
    computed_at: Date | null;
    counts: Record<string, number>;
  }>(
    `SELECT t.id, t.name, ir.computed_at,
            COALESCE((SELECT jsonb_object_agg(x.type, x.n) FROM (
               SELECT i.type, count(*) AS n FROM insights i JOIN backups b ON b.id = i.backup_id
                WHERE i.tenant_id = t.id AND i.dismissed_at IS NULL AND b.state = 'Active' GROUP BY i.type) x),
             '{}'::jsonb) AS counts
       FROM tenants t LEFT JOIN insight_runs ir ON ir.tenant_id = t.id
       ${where}
      ORDER BY lower(t.name), t.id
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return {
    Results: r.rows.map((t) => ({
      TenantId: t.id,
      TenantName: t.name,
      ComputedAt: isoOrNull(t.computed_at),
      Insights: TYPES.map((type) => ({ Type: type, Count: Number(t.counts[type] ?? 0) })),
    })),
    Page: query.Page,
    PageSize: query.Size,
    Total: total,
    TotalPages: Math.ceil(total / query.Size),
  };
}
