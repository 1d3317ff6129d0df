import { DuoLogin, Privilege, SecondFactorInput, SecondFactorSettings, TokenPair } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { requestMeta, typed, type App } from '../../platform/http.ts';
import { DuoGate } from './duo.ts';
import { SecondFactorSettingsService } from './second-factor-settings.ts';

const loginLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
/** The whole account's sign-in policy: the tenant's administrators only. */
const tenantAdmins = { access: { privilege: Privilege.tenantAdmin, permissions: ['settings.gettenantconfig'] } };

/** The Duo step of sign-in (back from Duo at `page/duo`) and the tenant's second-factor setting. */
export function duoRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const gate = deps.auth.duo ?? new DuoGate(deps.config, deps.database, deps.tokens, deps.sessions, deps.secrets);
  const settings = new SecondFactorSettingsService(deps.config, deps.database, deps.secrets);

  r.post(
    '/api/UserAuth/duo',
    {
      config: { access: { public: true }, ...loginLimit },
      schema: { tags: ['Auth'], body: DuoLogin, response: { 200: TokenPair } },
    },
    async (req) => gate.finish(req.body, requestMeta(req)),
  );

  r.get(
    '/api/tenants/second-factor',
    { config: tenantAdmins, schema: { tags: ['Tenant'], response: { 200: SecondFactorSettings } } },
    async (req) => settings.get(tenantOf(req)),
  );

  r.put(
    '/api/tenants/second-factor',
    {
      config: tenantAdmins,
      schema: { tags: ['Tenant'], body: SecondFactorInput, response: { 200: SecondFactorSettings } },
    },
    async (req) => settings.save(tenantOf(req), req.body),
  );
}
