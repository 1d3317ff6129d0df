// E-mail settings routes (SMTP and alerts), by route group.
import type { Deps } from '../../deps.ts';
import { type App } from '../../platform/http.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { smtpSettingsRoutes } from './smtp-routes.ts';
import { emailAlertRoutes } from './alert-routes.ts';

export function emailSettingsRoutes(app: App, deps: Deps, secrets: Secrets): void {
  smtpSettingsRoutes(app, deps, secrets);
  emailAlertRoutes(app, deps, secrets);
}
