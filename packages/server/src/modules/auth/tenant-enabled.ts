import { ServerMessages } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { unauthorized } from '../../platform/errors.ts';
import { recordLogin, type RequestMeta } from './activity.ts';

/** True when the user belongs to a tenant the platform team has disabled (platform users never do). */
export async function tenantIsDisabled(database: Database, tenantId: number | null): Promise<boolean> {
  if (tenantId === null) return false;
  const r = await database.query<{ is_enabled: boolean }>('SELECT is_enabled FROM tenants WHERE id = $1', [tenantId]);
  return r.rows[0]?.is_enabled === false;
}

/**
 * Refuses a password sign-in into a disabled tenant, recorded in the login activity like the
 * other refusals, so nobody gets tokens that every request would answer with 401.
 */
export async function refuseDisabledTenant(
  database: Database,
  user: { id: number; tenantId: number | null; email: string },
  meta: RequestMeta,
): Promise<void> {
  if (!(await tenantIsDisabled(database, user.tenantId))) return;
  await recordLogin(
    database,
    { userId: user.id, tenantId: user.tenantId, userName: user.email, success: false, reason: 'tenant disabled' },
    meta,
  );
  throw unauthorized(ServerMessages.tenantDisabled);
}
