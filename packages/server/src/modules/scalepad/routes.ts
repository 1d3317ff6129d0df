import {
  LoginResponse,
  ScalePadInfo,
  ScalePadReturn,
  ScalePadSignupRequest,
  SCALEPAD_NAME,
  TokenPair,
} from '@vigil/contract';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { requestMeta, typed, type App } from '../../platform/http.ts';
import { secondStep } from '../auth/second-step.ts';
import { readCookie } from '../sso/flow.ts';
import { flowCookie, Intent, SCALEPAD_COOKIE } from './flow.ts';
import { ScalePadIdentityClient, scalePadConfig } from './identity.ts';
import { ScalePadService } from './service.ts';

const tags = ['Auth'];
const pub = { access: { public: true } } as const;
// A sign-in is a redirect and a call back; an office behind one address may sign in at once.
const flowLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const startPath = (intent: Intent) => `/api/scalepad/start/${intent}`;

/** Parent-platform sign-in and sign-up (platform §7 `api/scalepad`): public. */
export function scalePadRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const client = new ScalePadIdentityClient(deps.config, deps.database, deps.secrets, scalePadConfig(deps.config));
  const service = new ScalePadService(deps, secondStep({ ...deps, duo: deps.auth.duo }));
  const secure = deps.config.publicUrl.startsWith('https:');
  const clear = flowCookie('', secure, 0);

  r.get('/api/scalepad/info', { config: pub, schema: { tags, response: { 200: ScalePadInfo } } }, async () => ({
    Enabled: !!client.cfg,
    Name: SCALEPAD_NAME,
    SignInUrl: client.cfg ? startPath('signin') : null,
    SignUpUrl: client.cfg ? startPath('signup') : null,
  }));

  r.get(
    '/api/scalepad/start/:intent',
    { config: { ...pub, ...flowLimit }, schema: { tags, params: z.object({ intent: Intent }), hide: true } },
    async (req, reply) => {
      const started = await client.start(req.params.intent);
      return reply
        .header('set-cookie', flowCookie(started.sealed, secure))
        .header('cache-control', 'no-store')
        .redirect(started.url, 302);
    },
  );

  r.get(
    '/api/scalepad/signin',
    {
      config: { ...pub, ...flowLimit },
      schema: { tags, querystring: ScalePadReturn, response: { 200: LoginResponse } },
    },
    async (req, reply) => {
      const meta = requestMeta(req);
      reply.header('set-cookie', clear).header('cache-control', 'no-store');
      const identity = await client.identify(
        'signin',
        req.query,
        readCookie(req.headers.cookie, SCALEPAD_COOKIE),
        meta,
      );
      return service.signIn(identity, meta);
    },
  );

  r.post(
    '/api/scalepad/signup',
    { config: { ...pub, ...flowLimit }, schema: { tags, body: ScalePadSignupRequest, response: { 200: TokenPair } } },
    async (req, reply) => {
      const meta = requestMeta(req);
      reply.header('set-cookie', clear).header('cache-control', 'no-store');
      const identity = await client.identify('signup', req.body, readCookie(req.headers.cookie, SCALEPAD_COOKIE), meta);
      return service.signUp(identity, req.body, meta);
    },
  );
}
