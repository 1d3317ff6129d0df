import { z } from 'zod';
import { ItGlueMappingBody, ItGlueOptionsQuery, ItGlueSourceBody } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import {
  connectionOf,
  getConnection,
  listConnections,
  removeConnection,
  saveConnection,
  settingsOptions,
} from './connections.ts';
import { itglueClient, openKey, asFormError } from './context.ts';
import { getMapping, putMapping, refreshOrganizations } from './organizations.ts';
import { pushConnection } from './push.ts';

/**
 * IT Glue under Integration › Other (platform §7 `itglue` with `settings-options`). These static
 * paths win over the backup sources' `api/integration/{type}` routes. Reads as the other
 * integration reads; writes for those who may edit integrations.
 */
const canRead = { access: { permissions: ['integration.getbackupintegrations'] } };
const canEdit = { access: { permissions: ['integration.editintegrations'] } };
const tags = ['IT Glue'];
const IdParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export function itglueRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const base = '/api/integration/itglue';

  r.get(base, { config: canRead, schema: { tags } }, async (req) => listConnections(deps, tenantOf(req)));
  r.get(
    `${base}/settings-options`,
    { config: canRead, schema: { tags, querystring: ItGlueOptionsQuery } },
    async (req) => settingsOptions(deps, tenantOf(req), req.query.Id),
  );
  r.get(`${base}/:id`, { config: canRead, schema: { tags, params: IdParams } }, async (req) =>
    getConnection(deps, tenantOf(req), req.params.id),
  );
  r.post(base, { config: canEdit, schema: { tags, body: ItGlueSourceBody } }, async (req) =>
    saveConnection(deps, tenantOf(req), req.body),
  );
  r.delete(`${base}/:id`, { config: canEdit, schema: { tags, params: IdParams } }, async (req, reply) => {
    await removeConnection(deps, tenantOf(req), req.params.id);
    return reply.code(204).send();
  });
  r.get(`${base}/:id/organizations`, { config: canRead, schema: { tags, params: IdParams } }, async (req) => {
    await connectionOf(deps, tenantOf(req), req.params.id);
    return getMapping(deps, tenantOf(req), req.params.id);
  });
  r.put(
    `${base}/:id/organizations`,
    { config: canEdit, schema: { tags, params: IdParams, body: ItGlueMappingBody } },
    async (req) => {
      await connectionOf(deps, tenantOf(req), req.params.id);
      return putMapping(deps, tenantOf(req), req.params.id, req.body);
    },
  );
  // Reads the account's organisations again and matches new ones by name.
  r.post(`${base}/:id/organizations/sync`, { config: canEdit, schema: { tags, params: IdParams } }, async (req) => {
    const tenantId = tenantOf(req);
    const c = await connectionOf(deps, tenantId, req.params.id);
    const client = itglueClient(deps, c.baseUrl, openKey(deps, tenantId, c.apiKey), AbortSignal.timeout(60_000));
    await refreshOrganizations(deps, tenantId, c.id, client).catch((err: unknown) => {
      throw asFormError(err);
    });
    return getMapping(deps, tenantId, c.id);
  });
  r.post(`${base}/:id/push`, { config: canEdit, schema: { tags, params: IdParams } }, async (req) =>
    pushConnection(deps, tenantOf(req), req.params.id),
  );
}
