import { MfaSetupDone, MfaSetupTokenBody, MfaSetupUpdate, MfaState } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { requestMeta, typed, type App } from '../../platform/http.ts';
import { MfaSetupService } from './mfa-setup.ts';

const tags = ['Users'];

/** Platform §7 Users, public: the two-factor set-up an administrator requires, finished during sign-in. */
export function mfaSetupRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const setup = new MfaSetupService(deps);
  const pub = { access: { public: true }, rateLimit: { max: 10, timeWindow: '1 minute' } };

  r.post(
    '/api/user/mfa/get/public',
    { config: pub, schema: { tags, body: MfaSetupTokenBody, response: { 200: MfaState } } },
    async (req) => setup.state(req.body.Token),
  );
  r.post(
    '/api/user/mfa/regenerate/public',
    { config: pub, schema: { tags, body: MfaSetupTokenBody, response: { 200: MfaState } } },
    async (req) => setup.regenerate(req.body.Token),
  );
  r.post(
    '/api/user/mfa/update/public',
    { config: pub, schema: { tags, body: MfaSetupUpdate, response: { 200: MfaSetupDone } } },
    async (req) => setup.complete(req.body.Token, req.body.Code, requestMeta(req)),
  );
}
