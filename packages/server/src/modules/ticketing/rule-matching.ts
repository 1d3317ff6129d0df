// The backups and rules a ticketing evaluation matches, and marking a tenant for one.
import type { Database, QueryFn } from '../../db/client.ts';
import { scopeOf, type MatchableBackup, type OrderedRule } from './rule-match.ts';

export interface BackupForMatch extends MatchableBackup {
  id: number;
  /** Paused backups open no tickets while the pause lasts. */
  paused: boolean;
}

export type LoadedRule = OrderedRule & { name: string };

export const run =
  (database: Database): QueryFn =>
  (text, params) =>
    database.query(text, params);

/** The tenant's active backups as rule scopes see them (optionally only `ids`). */
export async function backupsForMatching(q: QueryFn, tenantId: number, ids?: number[]): Promise<BackupForMatch[]> {
  const r = await q<{ id: number; company_id: number | null; vendor: string; tags: string[] | null; paused: boolean }>(
    `SELECT b.id, b.company_id, b.vendor, COALESCE(b.paused_until > now(), false) AS paused,
            ARRAY(SELECT t.tag FROM backup_tags t WHERE t.backup_id = b.id) AS tags
       FROM backups b
      WHERE b.tenant_id = $1 AND b.state = 'Active' ${ids ? 'AND b.id = ANY($2::int[])' : ''}`,
    ids ? [tenantId, ids] : [tenantId],
  );
  return r.rows.map((b) => ({
    id: b.id,
    companyId: b.company_id,
    vendor: b.vendor,
    tags: b.tags ?? [],
    paused: b.paused,
  }));
}

export async function rulesForMatching(q: QueryFn, tenantId: number): Promise<LoadedRule[]> {
  const r = await q<{ id: number; name: string; is_enabled: boolean; position: number; scope: unknown }>(
    'SELECT id, name, is_enabled, position, scope FROM ticket_rules WHERE tenant_id = $1 ORDER BY position, id',
    [tenantId],
  );
  return r.rows.map((x) => ({
    id: x.id,
    name: x.name,
    isEnabled: x.is_enabled,
    position: x.position,
    scope: scopeOf(x.scope),
  }));
}

/** Flags the tenant for the next ticketing evaluation. */
export async function markDirty(q: QueryFn, tenantId: number): Promise<void> {
  await q(
    `INSERT INTO ticket_evaluations (tenant_id, dirty) VALUES ($1, true)
     ON CONFLICT (tenant_id) DO UPDATE SET dirty = true`,
    [tenantId],
  );
}
