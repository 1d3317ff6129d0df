// Removing a mapping, applying mappings, and how one client id maps.
import { z } from 'zod';
import { ApplyCompaniesAnswer, ApplyCompany, ClientLookup, ClientMapping, IdParam } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { ClientService } from './clients.ts';
import { type Viewer } from './service.ts';
import { canView, canEdit, plainJson, clientTags, ClientPath } from './route-access.ts';

export function clientApplyRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const clients = new ClientService(database);
  const viewer = async (req: FastifyRequest): Promise<Viewer> => ({
    tenantId: tenantOf(req),
    visible: await visibleCompanies(database, req),
  });

  r.delete(
    '/api/client/:id',
    { config: canEdit, schema: { tags: clientTags, params: IdParam, response: { 200: ClientMapping } } },
    async (req) => clients.remove(actorOf(req), await viewer(req), req.params.id),
  );

  r.get(
    '/api/client/apply',
    { ...plainJson, config: canView, schema: { tags: clientTags, response: { 200: z.array(ApplyCompany) } } },
    async (req) => clients.applyPreview(await viewer(req)),
  );

  r.put(
    '/api/client/apply',
    { config: canEdit, schema: { tags: clientTags, response: { 200: ApplyCompaniesAnswer } } },
    async (req) => clients.apply(actorOf(req), await viewer(req)),
  );

  r.get(
    '/api/client/:kind/:clientId',
    { config: canView, schema: { tags: clientTags, params: ClientPath, response: { 200: ClientLookup } } },
    async (req) => clients.lookup(await viewer(req), req.params.kind, req.params.clientId),
  );
}
