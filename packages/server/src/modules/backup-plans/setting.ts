import { BackupPlansSetting, FlagParam, Privilege } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { flagsForTenant } from '../admin-portal/flags-service.ts';

/** One row per tenant in the key-value settings: `backup-plans:<tenant id>` = 'on' | 'off'. */
const keyOf = (tenantId: number) => `backup-plans:${tenantId}`;

/** Whether the tenant works with backup plans (off until a tenant admin turns it on). */
export async function backupPlansEnabled(database: Database, tenantId: number): Promise<boolean> {
  const r = await database.query<{ value: string }>('SELECT value FROM system_settings WHERE key = $1', [
    keyOf(tenantId),
  ]);
  return r.rows[0]?.value === 'on';
}

export async function setBackupPlansEnabled(database: Database, tenantId: number, on: boolean): Promise<void> {
  await database.query(
    `INSERT INTO system_settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [keyOf(tenantId), on ? 'on' : 'off'],
  );
}

/** Sets the setting only where the tenant has none yet (the demo seed runs at every start). */
export async function initBackupPlansEnabled(database: Database, tenantId: number, on: boolean): Promise<void> {
  await database.query('INSERT INTO system_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    keyOf(tenantId),
    on ? 'on' : 'off',
  ]);
}

/** Settings → Tenant: the backup-plans switch, for tenant admins of a tenant with brBackupPlans. */
export function backupPlansSettingRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const flagged = async (req: FastifyRequest) => {
    if (!(await flagsForTenant(deps.database, tenantOf(req))).brBackupPlans) throw notFound();
  };
  r.put(
    '/api/backup-plans/setting/:flag',
    {
      config: { access: { privilege: Privilege.tenantAdmin, permissions: ['manage.editBackupPlans'] } },
      preHandler: flagged,
      schema: { tags: ['Backup plans'], params: FlagParam, response: { 200: BackupPlansSetting } },
    },
    async (req) => {
      const tenantId = tenantOf(req);
      await setBackupPlansEnabled(deps.database, tenantId, req.params.flag);
      return { BackupPlansEnabled: await backupPlansEnabled(deps.database, tenantId) };
    },
  );
}
