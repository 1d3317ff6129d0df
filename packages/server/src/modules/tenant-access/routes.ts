import { Privilege, TenantEnableParams, TenantEnabled } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { setTenantEnabled } from './service.ts';

/** Switching a tenant off is the platform team's call (non-payment, abuse, a closed account). */
const platformAdmins = { access: { privilege: Privilege.billingAdminOrHigher } };

export function tenantAccessRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  r.put(
    '/api/admin/tenants/:id/enable/:flag',
    {
      config: platformAdmins,
      schema: { tags: ['Admin Portal'], params: TenantEnableParams, response: { 200: TenantEnabled } },
    },
    async (req) => {
      const done = await setTenantEnabled(deps.database, req.params.id, req.params.flag);
      if (!done) throw notFound();
      return done;
    },
  );
}
