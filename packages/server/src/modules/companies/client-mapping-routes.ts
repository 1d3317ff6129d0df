// Client ids and their saved mappings to companies (`api/client`).
import { z } from 'zod';
import { ClientMapInput, ClientMapping, ClientMappingRow, ClientMappingUpdate, IdParam } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { ClientService } from './clients.ts';
import { type Viewer } from './service.ts';
import { canView, canEdit, clientTags } from './route-access.ts';

export function clientMappingRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const clients = new ClientService(database);
  const viewer = async (req: FastifyRequest): Promise<Viewer> => ({
    tenantId: tenantOf(req),
    visible: await visibleCompanies(database, req),
  });

  r.get(
    '/api/client/mapping',
    { config: canView, schema: { tags: clientTags, response: { 200: z.array(ClientMappingRow) } } },
    async (req) => clients.list(await viewer(req)),
  );

  r.get(
    '/api/client',
    { config: canView, schema: { tags: clientTags, response: { 200: z.array(ClientMapping) } } },
    async (req) => clients.saved(await viewer(req)),
  );

  r.put(
    '/api/client/map',
    { config: canEdit, schema: { tags: clientTags, body: ClientMapInput, response: { 200: ClientMapping } } },
    async (req) => clients.map(actorOf(req), await viewer(req), req.body),
  );

  r.put(
    '/api/client/mapping/:id',
    {
      config: canEdit,
      schema: { tags: clientTags, params: IdParam, body: ClientMappingUpdate, response: { 200: ClientMapping } },
    },
    async (req) => clients.update(actorOf(req), await viewer(req), req.params.id, req.body.CompanyId),
  );
}
