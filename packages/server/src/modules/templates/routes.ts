// Template routes (`api/template`), by route group.
import type { Deps } from '../../deps.ts';
import { type App } from '../../platform/http.ts';
import { templateListRoutes } from './list-routes.ts';
import { templateActivationRoutes } from './activation-routes.ts';
import { templateEditRoutes } from './edit-routes.ts';
import { templateCopyRoutes } from './copy-routes.ts';

/** Templates (platform §7 "Templates."). */
export function templateRoutes(app: App, deps: Deps): void {
  templateListRoutes(app, deps);
  templateActivationRoutes(app, deps);
  templateEditRoutes(app, deps);
  templateCopyRoutes(app, deps);
}
