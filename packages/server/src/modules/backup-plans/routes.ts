// Backup plan routes (`api/backup-plans`), by route group.
import type { Deps } from '../../deps.ts';
import { type App } from '../../platform/http.ts';
import { backupPlanEditRoutes } from './edit-routes.ts';
import { backupPlanApplyRoutes } from './apply-routes.ts';
import { backupPlanCoverageRoutes } from './coverage-routes.ts';
import { backupPlanIdRoutes } from './plan-id-routes.ts';

/** Backup plans (platform §7 "Backup plans (api/backup-plans)."), behind the brBackupPlans flag. */
export function backupPlanRoutes(app: App, deps: Deps): void {
  backupPlanEditRoutes(app, deps);
  backupPlanApplyRoutes(app, deps);
  backupPlanCoverageRoutes(app, deps);
  backupPlanIdRoutes(app, deps);
}
