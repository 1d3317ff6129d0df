// Manage → backups routes: lists, lookups, operations and one backup's calls, by route group.
import type { Deps } from '../../deps.ts';
import { type App } from '../../platform/http.ts';
import { backupListRoutes } from './list-routes.ts';
import { backupLookupRoutes } from './lookup-routes.ts';
import { backupSourceRoutes } from './source-routes.ts';
import { policyEditRoutes } from './edit-routes.ts';
import { policyLifecycleRoutes } from './lifecycle-routes.ts';
import { backupIdRoutes } from './backup-id-routes.ts';
import { backupChildrenRoutes } from './backup-children-routes.ts';

export function backupRoutes(app: App, deps: Deps): void {
  backupListRoutes(app, deps);
  backupLookupRoutes(app, deps);
  backupSourceRoutes(app, deps);
  policyEditRoutes(app, deps);
  policyLifecycleRoutes(app, deps);
  backupIdRoutes(app, deps);
  backupChildrenRoutes(app, deps);
}
