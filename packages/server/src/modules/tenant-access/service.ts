import type { TenantEnabled } from '@vigil/contract';
import type { Database } from '../../db/client.ts';

/**
 * Switches a tenant off or on. Off also ends every session of its users at once (their access
 * tokens are already refused by the guard, and a refresh would hand out new ones that are too),
 * so open browsers land on the sign-in page, which then explains why. Null for no such tenant.
 */
export async function setTenantEnabled(
  database: Database,
  tenantId: number,
  on: boolean,
): Promise<TenantEnabled | null> {
  return database.transaction(async (q) => {
    const t = await q<{ id: number }>('UPDATE tenants SET is_enabled = $2 WHERE id = $1 RETURNING id', [tenantId, on]);
    if (!t.rows[0]) return null;
    let ended = 0;
    if (!on) {
      const r = await q(
        `UPDATE refresh_tokens SET revoked_at = now()
          WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE tenant_id = $1)`,
        [tenantId],
      );
      ended = r.rowCount;
    }
    return { TenantId: tenantId, IsEnabled: on, SessionsEnded: ended };
  });
}
