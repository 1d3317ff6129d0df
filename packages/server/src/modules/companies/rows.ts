import type { CompanyListItem, MatchedBackup, RuleSet } from '@vigil/contract';
import type { QueryFn } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { NO_COMPANY } from '../audit/common.ts';
import type { Viewer } from './types.ts';

/** Companies as listed, backups as a rule test shows them, and the queries operations share. */

export interface CompanyRow {
  id: number;
  name: string;
  type: number;
  code: string | null;
  psa_id: string | null;
  backup_count: number;
  has_rules: boolean;
}

export const toItem = (r: CompanyRow): CompanyListItem => ({
  Id: r.id,
  Name: r.name,
  Type: r.type === 0 ? 0 : 1,
  Code: r.code,
  PsaId: r.psa_id,
  BackupCount: Number(r.backup_count),
  HasRules: Boolean(r.has_rules),
});

export const HAS_RULES = `(r.company_id IS NOT NULL AND jsonb_array_length(COALESCE(r.rules->'Groups', r.rules->'groups', '[]'::jsonb)) > 0)`;

export const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

export interface BackupDbRow {
  id: number;
  company_name: string | null;
  device_name: string;
  job_name: string;
  vendor: string;
  client_id: string | null;
  state: string;
}

export const toMatched = (b: BackupDbRow, conflicts: string[] = []): MatchedBackup => ({
  Id: b.id,
  CompanyName: b.company_name ?? NO_COMPANY,
  DeviceName: b.device_name,
  JobName: b.job_name,
  Vendor: b.vendor,
  ClientId: b.client_id,
  State: b.state,
  ConflictsWith: conflicts,
});

/** A company of the tenant the viewer may see, else 404. */
export async function ownCompany(
  q: QueryFn,
  v: Viewer,
  id: number,
  lock = false,
): Promise<{ id: number; name: string; code: string | null }> {
  const r = await q<{ id: number; name: string; code: string | null }>(
    `SELECT id, name, code FROM companies WHERE id = $1 AND tenant_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, v.tenantId],
  );
  const row = r.rows[0];
  if (!row || (v.visible && !v.visible.includes(row.id))) throw notFound();
  return row;
}

export async function saveRules(q: QueryFn, tenantId: number, companyId: number, rules: RuleSet): Promise<void> {
  await q(
    `INSERT INTO company_rules (company_id, tenant_id, rules, updated_at) VALUES ($1, $2, $3::jsonb, now())
     ON CONFLICT (company_id) DO UPDATE SET rules = EXCLUDED.rules, updated_at = now()`,
    [companyId, tenantId, JSON.stringify(rules)],
  );
}
