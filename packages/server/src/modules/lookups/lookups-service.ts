// The enumerations and the tenant's filter values (GET /api/common/policy-enums, tenant-filters,
// user-filters/all-backup-methods).
import { ResultStatusLabel, type EnumItem, type PolicyEnums, type TenantFilters } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { NO_COMPANY, visibilitySql } from '../audit/common.ts';
import { vendorNames } from '../ingest/emails-service.ts';
import { listFields } from './fields-service.ts';

const DAY_STATUSES: EnumItem[] = [
  { Value: 0, Name: 'Not scheduled' },
  { Value: 1, Name: 'Success' },
  { Value: 2, Name: 'Warning' },
  { Value: 3, Name: 'Failure' },
  { Value: 4, Name: 'No Result' },
  { Value: 5, Name: 'Pending' },
  { Value: 6, Name: 'No Result (suppressed)' },
];
const METHODS = [
  { Value: 'Email' as const, Name: 'E-mail' },
  { Value: 'Api' as const, Name: 'API' },
];

export function policyEnums(): PolicyEnums {
  return {
    DayStatuses: DAY_STATUSES,
    ResultStatuses: [1, 2, 3].map((v) => ({ Value: v, Name: ResultStatusLabel[v as 1 | 2 | 3] })),
    Methods: METHODS,
    BackupTypes: [
      { Value: 'Backup', Name: 'Backup' },
      { Value: 'Alert', Name: 'Alert' },
    ],
    States: [
      { Value: 'Inactive', Name: 'Inactive' },
      { Value: 'Active', Name: 'Active' },
      { Value: 'Retired', Name: 'Retired' },
    ],
    StatusCalculations: [
      { Value: 'WarningIfMixed', Name: 'Warning if mixed' },
      { Value: 'Last', Name: 'Last result' },
      { Value: 'Worst', Name: 'Worst result' },
      { Value: 'Best', Name: 'Best result' },
    ],
    AdditionalFieldTypes: [
      { Value: 'text', Name: 'Text' },
      { Value: 'number', Name: 'Number' },
      { Value: 'date', Name: 'Date' },
      { Value: 'choice', Name: 'Choice' },
    ],
  };
}

/** Each backup method with the count of the caller's active backups using it. */
export async function backupMethods(database: Database, tenantId: number, visible: number[] | null) {
  const params: unknown[] = [tenantId];
  const r = await database.query<{ method: string; n: string }>(
    `SELECT b.method, count(*) AS n FROM backups b
      WHERE b.tenant_id = $1 AND b.state = 'Active' AND ${visibilitySql(visible, params)} GROUP BY b.method`,
    params,
  );
  const counts = new Map(r.rows.map((x) => [x.method, Number(x.n)]));
  return METHODS.map((m) => ({ ...m, Count: counts.get(m.Value) ?? 0 }));
}

/** The values the caller's active backups carry: what the Audit filter pickers offer. */
export async function tenantFilters(
  database: Database,
  tenantId: number,
  visible: number[] | null,
): Promise<TenantFilters> {
  const params: unknown[] = [tenantId];
  const where = `b.tenant_id = $1 AND b.state = 'Active' AND ${visibilitySql(visible, params)}`;
  const [companies, vendors, tags, schedules] = await Promise.all([
    database.query<{ id: number | null; name: string | null; n: string }>(
      `SELECT c.id, c.name, count(*) AS n FROM backups b LEFT JOIN companies c ON c.id = b.company_id
        WHERE ${where} GROUP BY c.id, c.name ORDER BY c.name NULLS FIRST`,
      params,
    ),
    database.query<{ vendor: string; n: string }>(
      `SELECT b.vendor, count(*) AS n FROM backups b WHERE ${where} GROUP BY b.vendor`,
      params,
    ),
    database.query<{ tag: string }>(
      `SELECT DISTINCT t.tag FROM backup_tags t JOIN backups b ON b.id = t.backup_id WHERE ${where} ORDER BY t.tag`,
      params,
    ),
    database.query<{ id: number; name: string }>(
      'SELECT id, name FROM schedules WHERE tenant_id = $1 ORDER BY lower(name), id',
      [tenantId],
    ),
  ]);
  return {
    Companies: companies.rows.map((c) => ({ Id: c.id, Name: c.name ?? NO_COMPANY, Count: Number(c.n) })),
    Vendors: vendors.rows
      .map((v) => ({ Id: v.vendor, Name: vendorNames.get(v.vendor) ?? v.vendor, Count: Number(v.n) }))
      .sort((a, b) => a.Name.localeCompare(b.Name)),
    Methods: await backupMethods(database, tenantId, visible),
    Tags: tags.rows.map((t) => t.tag),
    Schedules: schedules.rows.map((s) => ({ Id: s.id, Name: s.name })),
    Statuses: DAY_STATUSES.filter((s) => s.Value !== 0),
    AdditionalFields: await listFields(database, tenantId),
  };
}
