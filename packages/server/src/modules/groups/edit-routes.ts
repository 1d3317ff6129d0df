// Group edit routes: lists, create, copy, edit and delete, and permissions, by route group.
import type { Deps } from '../../deps.ts';
import { type App } from '../../platform/http.ts';
import { groupListRoutes } from './group-list-routes.ts';
import { groupCreateRoutes } from './group-create-routes.ts';
import { groupCopyRoutes } from './group-copy-routes.ts';
import { groupUpdateRoutes } from './group-update-routes.ts';
import { permissionRoutes } from './permission-routes.ts';

export { entriesFor } from './group-edit-support.ts';

/** Creating, copying, editing and deleting groups, and their permission toggles. */
export function groupEditRoutes(app: App, deps: Deps): void {
  groupListRoutes(app, deps);
  groupCreateRoutes(app, deps);
  groupCopyRoutes(app, deps);
  groupUpdateRoutes(app, deps);
  permissionRoutes(app, deps);
}
