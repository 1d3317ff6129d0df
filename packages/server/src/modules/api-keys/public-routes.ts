// The public REST API v1 routes, by route group.
import type { Deps } from '../../deps.ts';
import { type App } from '../../platform/http.ts';
import { publicListRoutes } from './public-list-routes.ts';
import { publicBackupRoutes } from './public-backup-routes.ts';
import { publicHistoryRoutes } from './public-history-routes.ts';

export function publicApiRoutes(app: App, deps: Deps): void {
  publicListRoutes(app, deps);
  publicBackupRoutes(app, deps);
  publicHistoryRoutes(app, deps);
}
