// Backups by id as the caller may see them, and the policy counts.
import type { PolicyCount, PolicyRow } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { visibilitySql } from '../audit/common.ts';
import {
  MAILBOX_VENDORS,
  POLICY_JOINS,
  type PolicyDbRow,
  WORKSTATION_NAME,
  WORKSTATION_VENDORS,
  columns,
} from './policy-columns.ts';
import { toPolicyRow } from './policy-row.ts';

/**
 * The tenant's backups with these ids that the caller may see (others are silently absent).
 * `withCounts: false` leaves ResultCount at 0 and skips counting every result of every backup
 * (bulk edits of thousands read the rows twice, for the log's before and after).
 */
export async function policiesByIds(
  query: QueryFn,
  tenantId: number,
  ids: number[],
  visible: number[] | null,
  withCounts = true,
): Promise<PolicyRow[]> {
  if (!ids.length) return [];
  const params: unknown[] = [tenantId, ids];
  const r = await query<PolicyDbRow>(
    `SELECT ${columns(withCounts)} FROM backups b ${POLICY_JOINS}
      WHERE b.tenant_id = $1 AND b.id = ANY($2::int[]) AND b.state IN ('Inactive', 'Active', 'Retired')
        AND ${visibilitySql(visible, params)}
      ORDER BY b.id`,
    params,
  );
  return r.rows.map(toPolicyRow);
}

export async function policyCount(
  database: Database,
  tenantId: number,
  visible: number[] | null,
): Promise<PolicyCount> {
  const params: unknown[] = [tenantId, MAILBOX_VENDORS, WORKSTATION_VENDORS, WORKSTATION_NAME];
  const r = await database.query<Record<string, string>>(
    `SELECT count(*) FILTER (WHERE state = 'Active') AS active,
            count(*) FILTER (WHERE state = 'Inactive') AS inactive,
            count(*) FILTER (WHERE state = 'Retired') AS retired,
            count(*) FILTER (WHERE state = 'Active' AND vendor = ANY($2::text[])) AS mailboxes,
            count(DISTINCT lower(device_name)) FILTER (WHERE state = 'Active' AND NOT vendor = ANY($2::text[])
              AND (vendor = ANY($3::text[]) OR device_name ~* $4)) AS workstations,
            count(DISTINCT lower(device_name)) FILTER (WHERE state = 'Active' AND NOT vendor = ANY($2::text[])) AS units
       FROM backups b WHERE tenant_id = $1 AND ${visibilitySql(visible, params)}`,
    params,
  );
  const x = r.rows[0];
  return {
    ActiveBackups: Number(x.units),
    Office365: Number(x.mailboxes),
    Workstations: Number(x.workstations),
    ActivePolicies: Number(x.active),
    InactivePolicies: Number(x.inactive),
    RetiredPolicies: Number(x.retired),
  };
}
