import { z } from 'zod';
import {
  CompanyFiltersPreloadInput,
  CrmFilterProperties,
  CrmFilters,
  CrmIntegrationInput,
  CrmValidateInput,
  CrmVendor,
  PSA_LOOKUPS,
  type PsaLookup,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { AUTOTASK_REGIONS } from './psa/autotask.ts';
import { IntegrationService, PRELOAD_KINDS } from './service.ts';

/** Integrations → PSA (platform §7 "Integrations"; features §4.3 long operations). */
const canRead = { access: { permissions: ['integration.getlinkedcrmsourcewithdefaults'] } };
const canEdit = { access: { permissions: ['integration.editintegrations'] } };
// Ticket profile editors load boards, statuses and the like through the lookups too.
const canLookUp = {
  access: {
    permissions: ['integration.getlinkedcrmsourcewithdefaults', 'ticket.getautomaticticketingprofiles'],
    operator: 'or' as const,
  },
};
const tags = ['PSA integrations'];

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
const OperationParams = IdParams.extend({ queryId: z.string().uuid() });
const PreloadParams = IdParams.extend({ kind: z.enum(PRELOAD_KINDS) });
const PreloadPollParams = PreloadParams.extend({ queryId: z.string().uuid() });
const PreloadCancelQuery = z.object({ queryId: z.string().uuid() });
const ResponseParams = IdParams.extend({ rid: z.coerce.number().int().positive() });
const LookupParams = IdParams.extend({ lookup: z.string() });
const BoardParams = IdParams.extend({ boardId: z.string().trim().min(1).max(100) });
const text = z.string().trim().min(1).max(200);

/** Lookups whose parent is part of the path or the query; the generic route refuses them without one. */
const NEEDS_PARENT: readonly PsaLookup[] = [
  'board-statuses',
  'board-types',
  'board-subtypes',
  'board-items',
  'subcategories',
  'callers',
];

export function integrationRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const service = new IntegrationService(deps);

  r.get('/api/integration/crm', { config: canRead, schema: { tags } }, async (req) => service.current(tenantOf(req)));

  r.delete('/api/integration/crm/:id', { config: canEdit, schema: { tags, params: IdParams } }, async (req) =>
    service.remove(tenantOf(req), req.params.id),
  );

  r.get('/api/integration/autotask/regions', { config: canRead, schema: { tags } }, async () => AUTOTASK_REGIONS);

  // Per vendor: static first segments, so they never clash with `crm/{id}/{lookup}`.
  for (const vendor of CrmVendor.options) {
    const base = `/api/integration/crm/${vendor}`;
    r.get(`${base}/:id`, { config: canRead, schema: { tags, params: IdParams } }, async (req) =>
      service.get(tenantOf(req), vendor, req.params.id),
    );
    r.post(`${base}/validate`, { config: canEdit, schema: { tags, body: CrmValidateInput } }, async (req) =>
      service.validate(tenantOf(req), vendor, req.body),
    );
    r.post(base, { config: canEdit, schema: { tags, body: CrmIntegrationInput } }, async (req) =>
      service.create(tenantOf(req), vendor, req.body),
    );
    r.put(
      `${base}/:id`,
      { config: canEdit, schema: { tags, params: IdParams, body: CrmIntegrationInput } },
      async (req) => service.update(tenantOf(req), vendor, req.params.id, req.body),
    );
  }

  // Company sync filters and properties.
  r.get('/api/integration/crm/:id/filters', { config: canRead, schema: { tags, params: IdParams } }, async (req) =>
    service.filters(tenantOf(req), req.params.id),
  );
  r.post(
    '/api/integration/crm/:id/filters',
    { config: canEdit, schema: { tags, params: IdParams, body: CrmFilters } },
    async (req) => service.saveFilters(tenantOf(req), req.params.id, req.body),
  );
  r.get(
    '/api/integration/crm/:id/filters/properties',
    { config: canRead, schema: { tags, params: IdParams } },
    async (req) => service.properties(tenantOf(req), req.params.id),
  );
  r.patch(
    '/api/integration/crm/:id/filters/properties',
    { config: canEdit, schema: { tags, params: IdParams, body: CrmFilterProperties.partial().strict() } },
    async (req) => service.saveProperties(tenantOf(req), req.params.id, req.body),
  );

  // Long operations.
  r.post(
    '/api/integration/crm/:id/companies/sync',
    { config: canEdit, schema: { tags, params: IdParams } },
    async (req) => service.start(tenantOf(req), req.params.id, 'companies-sync'),
  );
  r.post(
    '/api/integration/crm/:id/filters/sync',
    { config: canEdit, schema: { tags, params: IdParams } },
    async (req) => service.start(tenantOf(req), req.params.id, 'filters-sync'),
  );
  r.get(
    '/api/integration/crm/:id/operations/:queryId',
    { config: canRead, schema: { tags, params: OperationParams } },
    async (req) => service.operation(tenantOf(req), req.params.id, req.params.queryId),
  );
  r.post(
    '/api/integration/crm/:id/preload/:kind',
    { config: canEdit, schema: { tags, params: PreloadParams, body: CompanyFiltersPreloadInput.nullish() } },
    async (req) => {
      const filters = req.params.kind === 'company-filters' ? (req.body?.Filters ?? null) : null;
      return service.start(tenantOf(req), req.params.id, req.params.kind, filters ? { Filters: filters } : null);
    },
  );
  r.get(
    '/api/integration/crm/:id/preload/:kind/:queryId',
    { config: canRead, schema: { tags, params: PreloadPollParams } },
    async (req) => service.operation(tenantOf(req), req.params.id, req.params.queryId, req.params.kind),
  );
  r.delete(
    '/api/integration/crm/:id/preload/:kind',
    { config: canEdit, schema: { tags, params: PreloadParams, querystring: PreloadCancelQuery } },
    async (req) => service.cancel(tenantOf(req), req.params.id, req.query.queryId, req.params.kind),
  );

  // Stored responses.
  r.get('/api/integration/crm/:id/responses', { config: canRead, schema: { tags, params: IdParams } }, async (req) =>
    service.responses(tenantOf(req), req.params.id),
  );
  r.get(
    '/api/integration/crm/:id/responses/:rid/download',
    { config: canRead, schema: { tags, params: ResponseParams } },
    async (req, reply) => {
      const found = await service.response(tenantOf(req), req.params.id, req.params.rid);
      const json = /^\s*[[{]/.test(found.body);
      const stamp = found.at.toISOString().replace(/[:.]/g, '-');
      return reply
        .header('content-type', json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="psa-response-${found.id}-${stamp}.${json ? 'json' : 'txt'}"`,
        )
        .send(found.body);
    },
  );

  // Property lookups for ticket profiles.
  r.get(
    '/api/integration/crm/:id/board-statuses/:boardId',
    { config: canLookUp, schema: { tags, params: BoardParams } },
    async (req) => service.lookup(tenantOf(req), req.params.id, 'board-statuses', req.params.boardId),
  );
  r.get(
    '/api/integration/crm/:id/board-types/:boardId',
    { config: canLookUp, schema: { tags, params: BoardParams } },
    async (req) => service.lookup(tenantOf(req), req.params.id, 'board-types', req.params.boardId),
  );
  r.get(
    '/api/integration/crm/:id/board-subtypes/:boardId',
    { config: canLookUp, schema: { tags, params: BoardParams, querystring: z.object({ typeId: text.optional() }) } },
    async (req) => service.lookup(tenantOf(req), req.params.id, 'board-subtypes', req.params.boardId, req.query.typeId),
  );
  r.get(
    '/api/integration/crm/:id/board-items/:boardId',
    {
      config: canLookUp,
      schema: { tags, params: BoardParams, querystring: z.object({ subTypeId: text.optional() }) },
    },
    async (req) => service.lookup(tenantOf(req), req.params.id, 'board-items', req.params.boardId, req.query.subTypeId),
  );
  r.get(
    '/api/integration/crm/:id/:lookup',
    {
      config: canLookUp,
      schema: {
        tags,
        params: LookupParams,
        querystring: z.object({ category: text.optional(), company: z.coerce.number().int().positive().optional() }),
      },
    },
    async (req) => {
      const tenantId = tenantOf(req);
      const lookup = PSA_LOOKUPS.find((l) => l === req.params.lookup);
      if (!lookup) throw notFound();
      if (lookup === 'subcategories') {
        if (!req.query.category) throw badRequest('Choose a category first.', 'category');
        return service.lookup(tenantId, req.params.id, lookup, req.query.category);
      }
      if (lookup === 'callers') {
        if (!req.query.company) throw badRequest('Choose a company first.', 'company');
        await service.row(tenantId, req.params.id);
        const psaId = await service.psaCompanyId(tenantId, req.query.company);
        return service.lookup(tenantId, req.params.id, lookup, psaId);
      }
      if (NEEDS_PARENT.includes(lookup)) throw badRequest('Choose a board first.', 'boardId');
      return service.lookup(tenantId, req.params.id, lookup);
    },
  );
}
