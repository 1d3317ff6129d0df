// The apply-companies preview grouped by company, and the activity lines of an apply.
import type { ApplyCompany } from '@vigil/contract';
import type { QueryFn } from '../../db/client.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { toMatched, type BackupDbRow } from './rows.ts';

/** Groups (backup_id, company_id) matches into the apply preview, flagging conflicts. */
export async function previewFrom(q: QueryFn, matchSql: string, params: unknown[]): Promise<ApplyCompany[]> {
  const r = await q<BackupDbRow & { match_company_id: number; match_company_name: string; cids: number[] }>(
    `WITH mx AS (SELECT DISTINCT backup_id, company_id FROM (${matchSql}) s),
          per AS (SELECT backup_id, array_agg(company_id) AS cids FROM mx GROUP BY backup_id)
     SELECT mx.company_id AS match_company_id, mc.name AS match_company_name, per.cids,
            b.id, cc.name AS company_name, b.device_name, b.job_name, b.vendor,
            COALESCE(b.vendor_client_id, b.client_tag) AS client_id, b.state
       FROM mx JOIN per ON per.backup_id = mx.backup_id
       JOIN backups b ON b.id = mx.backup_id
       JOIN companies mc ON mc.id = mx.company_id
       LEFT JOIN companies cc ON cc.id = b.company_id
      ORDER BY lower(mc.name), mc.id, lower(b.device_name), lower(b.job_name), b.id`,
    params,
  );
  const names = new Map(r.rows.map((x) => [Number(x.match_company_id), x.match_company_name]));
  const out = new Map<number, ApplyCompany>();
  for (const row of r.rows) {
    const cid = Number(row.match_company_id);
    let c = out.get(cid);
    if (!c) {
      c = { Id: cid, Name: row.match_company_name, Backups: [], HasConflict: false };
      out.set(cid, c);
    }
    const others = row.cids
      .map(Number)
      .filter((x) => x !== cid)
      .map((x) => names.get(x) ?? '')
      .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    if (others.length) c.HasConflict = true;
    c.Backups.push(toMatched(row, others));
  }
  return [...out.values()];
}

/** One activity line per company that received backups, naming how many (and the conflicts skipped). */
export async function logCompanyCounts(
  q: QueryFn,
  actor: Actor,
  action: 'Company rules applied' | 'Client mappings applied',
  perCompany: { companyId: number; count: number }[],
  conflicts: number,
): Promise<void> {
  if (!perCompany.length) return;
  const names = await q<{ id: number; name: string }>('SELECT id, name FROM companies WHERE id = ANY($1::int[])', [
    perCompany.map((x) => x.companyId),
  ]);
  const nameOf = new Map(names.rows.map((x) => [x.id, x.name]));
  await logActivity(
    q,
    actor,
    perCompany.map((x) => ({
      action,
      entityType: 'Company' as const,
      entityId: x.companyId,
      entityName: nameOf.get(x.companyId) ?? '',
      after: { AssignedBackups: x.count, ConflictsSkipped: conflicts },
    })),
  );
}
