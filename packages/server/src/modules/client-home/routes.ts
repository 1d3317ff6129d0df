import { ClientHome } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { clientHome } from './service.ts';

/** Home of a client user: their companies' protection at a glance (anyone who may open Audit). */
const canAudit = { access: { permissions: ['audit.getAudit'] } };

export function clientHomeRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  r.get(
    '/api/home/companies',
    { config: canAudit, schema: { tags: ['Home'], response: { 200: ClientHome } } },
    async (req) => clientHome(deps.database, tenantOf(req), await visibleCompanies(deps.database, req)),
  );
}
