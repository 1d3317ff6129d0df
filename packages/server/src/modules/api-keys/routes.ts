import { z } from 'zod';
import { ApiKeyCreated, ApiKeyInput, ApiKeyItem, IdParam } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { ApiKeyService } from './service.ts';
import { publicApiRoutes } from './public-routes.ts';

/** Settings → API Keys (platform §7 Account: `api/account/api-key`), and the public REST API the keys open. */
const canManage = { access: { permissions: ['settings.getapikeys'] } };
const schemaTags = ['API Keys'];

export function apiKeyRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const keys = new ApiKeyService(deps.database);

  r.get(
    '/api/account/api-key',
    { config: canManage, schema: { tags: schemaTags, response: { 200: z.array(ApiKeyItem) } } },
    async (req) => keys.list(tenantOf(req)),
  );

  r.post(
    '/api/account/api-key',
    {
      config: canManage,
      schema: {
        tags: schemaTags,
        description: 'Creates a key. The answer carries the full key in `Key`; it is never shown again.',
        body: ApiKeyInput,
        response: { 200: ApiKeyCreated },
      },
    },
    async (req) => keys.create(tenantOf(req), req.auth.userId, req.body.Name),
  );

  r.delete(
    '/api/account/api-key/:id',
    { config: canManage, schema: { tags: schemaTags, params: IdParam, response: { 200: ApiKeyItem } } },
    async (req) => keys.remove(tenantOf(req), req.params.id),
  );

  publicApiRoutes(app, deps);
}
