// A backup's tickets (`api/policy/tickets`, `api/ticket/*`), by route group.
import type { Deps } from '../../deps.ts';
import { type App } from '../../platform/http.ts';
import { policyTicketReadRoutes } from './policy-ticket-read-routes.ts';
import { policyTicketActionRoutes } from './policy-ticket-action-routes.ts';

export function policyTicketRoutes(app: App, deps: Deps): void {
  policyTicketReadRoutes(app, deps);
  policyTicketActionRoutes(app, deps);
}
