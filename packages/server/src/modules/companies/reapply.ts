// Re-applying company rules and client mappings to one tenant, every tenant, or new backups.
import type { Database } from '../../db/client.ts';
import { type AssignOutcome, assignCompanies } from './assign-companies.ts';

/** Re-applies one tenant's rules and mappings to its Inactive backups without a company. */
export async function reapplyTenant(database: Database, tenantId: number): Promise<AssignOutcome> {
  return database.transaction((q) =>
    assignCompanies(q, { tenantId, scope: 'inactive' }, { rules: true, mappings: true }),
  );
}

/** Every tenant that has company rules or client mappings (the scheduled re-apply). */
export async function reapplyAllTenants(database: Database): Promise<AssignOutcome> {
  const tenants = await database.query<{ tenant_id: number }>(
    `SELECT tenant_id FROM company_rules UNION SELECT tenant_id FROM client_mappings
     UNION SELECT DISTINCT tenant_id FROM backups
      WHERE state = 'Inactive' AND company_id IS NULL AND (client_tag IS NOT NULL OR vendor_client_id IS NOT NULL)`,
  );
  const total: AssignOutcome = { assigned: 0, conflicts: 0, perCompany: [] };
  for (const { tenant_id } of tenants.rows) {
    const o = await reapplyTenant(database, tenant_id);
    total.assigned += o.assigned;
    total.conflicts += o.conflicts;
    total.perCompany.push(...o.perCompany);
  }
  return total;
}

/**
 * New backups from the intake get their company from mappings and rules: called after a parse
 * batch commits, with the backups it discovered. Only Inactive backups without a company are
 * touched, so a backup a user already placed never moves.
 */
export async function assignNewBackups(database: Database, backupIds: number[]): Promise<void> {
  if (!backupIds.length) return;
  const r = await database.query<{ tenant_id: number; ids: number[] }>(
    `SELECT tenant_id, array_agg(id) AS ids FROM backups
      WHERE id = ANY($1::int[]) AND company_id IS NULL AND state = 'Inactive' GROUP BY tenant_id`,
    [[...new Set(backupIds)]],
  );
  for (const row of r.rows) {
    await database.transaction((q) =>
      assignCompanies(
        q,
        { tenantId: row.tenant_id, scope: 'inactive', backupIds: row.ids.map(Number) },
        { rules: true, mappings: true },
      ),
    );
  }
}
