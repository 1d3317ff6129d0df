import { BackupSettings, type RuleSet, type TemplateRow } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { readRules } from '../../matching/rules.ts';
import { badRequest, notFound } from '../../platform/errors.ts';

/** Templates as stored and as listed: the row mappers and the queries every operation shares. */

export interface TemplateDbRow {
  id: number;
  name: string;
  settings: unknown;
  rules: unknown;
  company_ids: unknown;
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  backups_count: number;
  company_names: string[] | null;
}

export interface StoredTemplate {
  id: number;
  name: string;
  settings: BackupSettings;
  rules: RuleSet;
  companyIds: number[];
  isActive: boolean;
}

export const iso = (d: Date | string) => new Date(d).toISOString();

export function readSettings(doc: unknown): BackupSettings {
  const r = BackupSettings.safeParse(doc ?? {});
  return r.success ? r.data : {};
}

export function readCompanyIds(doc: unknown): number[] {
  return Array.isArray(doc) ? doc.filter((x): x is number => Number.isInteger(x)) : [];
}

export function stored(r: {
  id: number;
  name: string;
  settings: unknown;
  rules: unknown;
  company_ids: unknown;
  is_active: boolean;
}) {
  return {
    id: r.id,
    name: r.name,
    settings: readSettings(r.settings),
    rules: readRules(r.rules),
    companyIds: readCompanyIds(r.company_ids),
    isActive: r.is_active,
  };
}

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
