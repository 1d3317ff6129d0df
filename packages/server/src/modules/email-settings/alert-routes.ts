// A tenant's e-mail alert settings (`api/email-settings/alerts`).
import { EmailAlertSettings } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { EmailSettingsService } from './service.ts';
import { outboundPolicy } from '../../platform/outbound.ts';
import { canManage, tags } from './route-access.ts';

export function emailAlertRoutes(app: App, deps: Deps, secrets: Secrets): void {
  const r = typed(app);
  const service = new EmailSettingsService(deps.database, secrets, outboundPolicy(deps.config));

  r.get(
    '/api/email-settings/alerts',
    { config: canManage, schema: { tags, response: { 200: EmailAlertSettings } } },
    async (req) => service.alerts(tenantOf(req)),
  );

  // The spec writes this one with a trailing slash; both spellings answer.
  for (const url of ['/api/email-settings/alerts', '/api/email-settings/alerts/']) {
    r.put(
      url,
      { config: canManage, schema: { tags, body: EmailAlertSettings, response: { 200: EmailAlertSettings } } },
      async (req) => service.saveAlerts(tenantOf(req), req.body),
    );
  }
}
