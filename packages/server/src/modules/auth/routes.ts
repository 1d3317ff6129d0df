import { z } from 'zod';
import { LoginRequest, LoginResponse, OkBody, RefreshRequest, TokenPair } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { requestMeta, typed, type App } from '../../platform/http.ts';

const loginLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function authRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const pub = { access: { public: true } };

  r.post(
    '/api/UserAuth/Login',
    {
      config: { ...pub, ...loginLimit },
      schema: { tags: ['Auth'], body: LoginRequest, response: { 200: LoginResponse } },
    },
    async (req) => {
      const meta = requestMeta(req);
      const body = req.body;
      if ('UserName' in body) return deps.auth.loginWithPassword(body.UserName, body.Password, meta);
      if ('mfaToken' in body && body.mfaType === 'recovery')
        return deps.auth.loginWithRecoveryCode(body.challengeToken, body.mfaToken, meta);
      if ('mfaToken' in body) return deps.auth.loginWithMfa(body.challengeToken, body.mfaToken, meta);
      return deps.auth.loginWithToken(body.tokenType);
    },
  );

  r.put(
    '/api/UserAuth/Login',
    {
      config: { ...pub, ...loginLimit },
      schema: { tags: ['Auth'], body: RefreshRequest, response: { 200: TokenPair } },
    },
    async (req) => deps.auth.refresh(req.body.refreshToken, requestMeta(req)),
  );

  r.post(
    '/api/UserAuth/logout',
    {
      schema: {
        tags: ['Auth'],
        body: z.object({ refreshToken: z.string().max(512).optional() }).nullish(),
        response: { 200: OkBody },
      },
    },
    async (req) => {
      // With a refresh token this session ends (its access tokens with it); without one, every session.
      const token = req.body?.refreshToken;
      if (token) {
        await deps.sessions.revokeByToken(token, req.auth.userId);
        await deps.sessions.revokeFamily(req.auth.claims.sessionId);
      } else await deps.sessions.revokeAllForUser(req.auth.userId);
      return { Message: 'Signed out' };
    },
  );
}
