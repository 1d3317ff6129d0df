// Companies and client-id mappings routes (`api/company`, `api/client`), by route group.
import type { Deps } from '../../deps.ts';
import { type App } from '../../platform/http.ts';
import { companyListRoutes } from './company-list-routes.ts';
import { companyEditRoutes } from './company-edit-routes.ts';
import { clientMappingRoutes } from './client-mapping-routes.ts';
import { clientApplyRoutes } from './client-apply-routes.ts';
import { clientIntegrationRoutes } from './client-integrations-routes.ts';

export function companyRoutes(app: App, deps: Deps): void {
  companyListRoutes(app, deps);
  companyEditRoutes(app, deps);
  clientMappingRoutes(app, deps);
  clientApplyRoutes(app, deps);
  clientIntegrationRoutes(app, deps);
}
