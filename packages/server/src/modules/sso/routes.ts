import { z } from 'zod';
import { SsoProvider, SsoProviderSettings } from '@vigil/contract';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { requestMeta, typed, type App } from '../../platform/http.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { FLOW_COOKIE, flowCookie, readCookie } from './flow.ts';
import { resultPage } from './page.ts';
import { providerSettings } from './providers.ts';
import { SsoService, type Outcome } from './service.ts';

const pub = { access: { public: true } } as const;
// A sign-in is two requests; an office behind one address may have many people signing in at once.
const popupLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const ProviderParams = z.object({ provider: SsoProvider });

/** Public settings of the sign-in providers, and the popup's start and callback routes. */
export function ssoRoutes(app: App, deps: Deps, secrets: Secrets): void {
  const r = typed(app);
  const sso = new SsoService(deps.config, deps.database, deps.tokens, deps.sessions, secrets);
  const secure = deps.config.publicUrl.startsWith('https:');
  const appOrigin = new URL(deps.config.publicUrl).origin;

  const settings = (provider: SsoProvider) => providerSettings(provider, sso.provider(provider), deps.config.publicUrl);
  const settingsRoutes: [string, SsoProvider][] = [
    ['GetMsalSettings', 'microsoft'],
    ['GetAzureMsalSettings', 'microsoft'],
    ['GetGoogleApiSettings', 'google'],
  ];
  for (const [name, provider] of settingsRoutes) {
    r.get(
      `/api/UserAuth/${name}`,
      { config: pub, schema: { tags: ['Auth'], response: { 200: SsoProviderSettings } } },
      async () => settings(provider),
    );
  }

  const sendPage = (reply: FastifyReply, outcome: Outcome) => {
    const { html, csp } = resultPage(outcome.result, appOrigin);
    return (
      reply
        .status(outcome.status)
        .header('content-security-policy', csp)
        .header('cache-control', 'no-store')
        // The opener must stay reachable after the popup came back from the provider's origin.
        .header('cross-origin-opener-policy', 'unsafe-none')
        .header('set-cookie', flowCookie('', secure, 0))
        .type('text/html; charset=utf-8')
        .send(html)
    );
  };

  r.get(
    '/api/auth/oidc/:provider/start',
    { config: { ...pub, ...popupLimit }, schema: { tags: ['Auth'], params: ProviderParams, hide: true } },
    async (req, reply) => {
      const started = await sso.start(req.params.provider);
      if ('result' in started) return sendPage(reply, started);
      return reply
        .header('set-cookie', flowCookie(started.sealed, secure))
        .header('cache-control', 'no-store')
        .redirect(started.url, 302);
    },
  );

  r.get(
    '/api/auth/oidc/:provider/callback',
    { config: { ...pub, ...popupLimit }, schema: { tags: ['Auth'], params: ProviderParams, hide: true } },
    async (req, reply) => {
      const outcome = await sso.callback(
        req.params.provider,
        req.url,
        readCookie(req.headers.cookie, FLOW_COOKIE),
        requestMeta(req),
      );
      return sendPage(reply, outcome);
    },
  );
}
