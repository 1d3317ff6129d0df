import { asc, eq } from 'drizzle-orm';
import { AlwaysOnFlags, FeatureFlagKeys, FlagStatus, type FeatureFlagMap, type FeatureFlagRow } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { featureFlags } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';

type FlagRow = typeof featureFlags.$inferSelect;

const descriptions: Record<string, string> = {
  brBackupPlans: 'Backup plans in Manage',
  brInsights: 'Insights and insight tiles',
  brAlertRadar: 'Alert Radar analysis of alert e-mails',
  brAlertScopeInbox: 'Alert Scope inbox',
  brMakeItRain: 'Decorative rain behind the shell',
};

function present(f: FlagRow): FeatureFlagRow {
  const alwaysOn = AlwaysOnFlags.includes(f.key);
  return {
    Id: f.id,
    Key: f.key,
    Status: alwaysOn ? FlagStatus.Enabled : f.status,
    TenantIds: f.tenantIds,
    AlwaysOn: alwaysOn,
    Description: f.description,
  };
}

/** Every known flag exists as a row; always-on flags are stored enabled. Idempotent. */
export async function ensureFlags(database: Database): Promise<void> {
  await database.db
    .insert(featureFlags)
    .values(
      FeatureFlagKeys.map((key) => ({
        key,
        status: AlwaysOnFlags.includes(key) ? FlagStatus.Enabled : FlagStatus.Disabled,
        description: descriptions[key] ?? (AlwaysOnFlags.includes(key) ? 'Always on' : ''),
      })),
    )
    .onConflictDoNothing();
}

/** The flags one tenant sees: enabled for all, enabled for it, or always on. */
export async function flagsForTenant(database: Database, tenantId: number): Promise<FeatureFlagMap> {
  const rows = await database.db.select().from(featureFlags);
  const map: FeatureFlagMap = {};
  for (const f of rows) {
    map[f.key] =
      AlwaysOnFlags.includes(f.key) ||
      f.status === FlagStatus.Enabled ||
      (f.status === FlagStatus.Tenants && f.tenantIds.includes(tenantId));
  }
  for (const key of AlwaysOnFlags) map[key] = true;
  return map;
}

export async function listFlags(database: Database): Promise<FeatureFlagRow[]> {
  return (await database.db.select().from(featureFlags).orderBy(asc(featureFlags.key))).map(present);
}

export async function setFlagStatus(
  database: Database,
  id: number,
  status: number,
  tenantIds?: number[],
): Promise<FeatureFlagRow> {
  if (![FlagStatus.Disabled, FlagStatus.Enabled, FlagStatus.Tenants].includes(status as FlagStatus)) {
    throw badRequest('Status is 0 (off), 1 (on) or 2 (on for listed tenants)', 'status');
  }
  const [f] = await database.db.select().from(featureFlags).where(eq(featureFlags.id, id));
  if (!f) throw notFound();
  if (AlwaysOnFlags.includes(f.key) && status !== FlagStatus.Enabled)
    throw badRequest(`${f.key} is always on`, 'status');
  const [updated] = await database.db
    .update(featureFlags)
    .set({ status, ...(tenantIds ? { tenantIds } : {}) })
    .where(eq(featureFlags.id, id))
    .returning();
  return present(updated);
}

export async function createFlag(
  database: Database,
  input: { Key: string; Status: number; TenantIds: number[]; Description: string },
): Promise<FeatureFlagRow> {
  const [row] = await database.db
    .insert(featureFlags)
    .values({ key: input.Key, status: input.Status, tenantIds: input.TenantIds, description: input.Description })
    .onConflictDoNothing()
    .returning();
  if (!row) throw badRequest(`A flag named ${input.Key} exists already`, 'Key');
  return present(row);
}

/**
 * Switches a flag on for one tenant, leaving it as it is for everyone else: a disabled flag
 * becomes "on for the listed tenants" with this tenant listed. Idempotent.
 */
export async function enableFlagForTenant(database: Database, key: string, tenantId: number): Promise<void> {
  await database.query(
    `UPDATE feature_flags
        SET status = CASE WHEN status = ${FlagStatus.Disabled} THEN ${FlagStatus.Tenants} ELSE status END,
            tenant_ids = CASE WHEN tenant_ids @> jsonb_build_array($2::int) THEN tenant_ids
                          ELSE tenant_ids || jsonb_build_array($2::int) END
      WHERE key = $1 AND status <> ${FlagStatus.Enabled}`,
    [key, tenantId],
  );
}
