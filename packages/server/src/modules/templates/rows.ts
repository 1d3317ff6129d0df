import { type TemplateRow } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { type StoredTemplate, type TemplateDbRow, stored } from './stored-template.ts';
import { iso } from '../../platform/dates.ts';

/** Templates as stored and as listed: the row mappers and the queries every operation shares. */

export const ROW_SELECT = `
  SELECT t.id, t.name, t.settings, t.rules, t.company_ids, t.is_active, t.created_at, t.updated_at,
         (SELECT count(*)::int FROM backups b WHERE b.template_id = t.id) AS backups_count,
         ARRAY(SELECT c.name FROM companies c
                WHERE c.tenant_id = t.tenant_id
                  AND c.id IN (SELECT jsonb_array_elements_text(t.company_ids)::int)
                ORDER BY lower(c.name)) AS company_names
    FROM templates t`;

export function toRow(r: TemplateDbRow): TemplateRow {
  const s = stored(r);
  return {
    Id: r.id,
    Name: r.name,
    Settings: s.settings,
    Rules: s.rules,
    Companies: s.companyIds,
    CompanyNames: r.company_names ?? [],
    isActive: r.is_active,
    BackupsCount: r.backups_count,
    CreatedAt: iso(r.created_at),
    UpdatedAt: iso(r.updated_at),
  };
}

export const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** A query function over the pool, for reads outside a transaction. */
export const queryOf =
  (database: Database): QueryFn =>
  (text, params) =>
    database.query(text, params);

export async function loadTemplate(q: QueryFn, tenantId: number, id: number, lock = false): Promise<StoredTemplate> {
  const r = await q<TemplateDbRow>(
    `SELECT id, name, settings, rules, company_ids, is_active FROM templates WHERE tenant_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [tenantId, id],
  );
  if (!r.rows.length) throw notFound();
  return stored(r.rows[0]);
}

export async function checkCompanies(q: QueryFn, tenantId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const r = await q<{ id: number }>('SELECT id FROM companies WHERE tenant_id = $1 AND id = ANY($2::int[])', [
    tenantId,
    unique,
  ]);
  if (r.rows.length !== unique.length) throw badRequest('Company not found', 'Companies');
  return unique.sort((a, b) => a - b);
}

export { readSettings, readCompanyIds, stored } from './stored-template.ts';
export type { TemplateDbRow, StoredTemplate } from './stored-template.ts';
