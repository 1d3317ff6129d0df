import { z } from 'zod';
import {
  ApplyCompaniesAnswer,
  ApplyCompaniesInput,
  ApplyCompany,
  ClientLookup,
  ClientMapInput,
  ClientMapping,
  ClientMappingRow,
  ClientMappingUpdate,
  Company,
  CompanyAutocompleteQuery,
  CompanyCreate,
  CompanyDeleteAnswer,
  CompanyListPage,
  CompanyListQuery,
  CompanyOptionPage,
  CompanyRename,
  CompanyReplace,
  CompanyReplaceAnswer,
  CompanyRules,
  CompanyRulesInput,
  CompanyRulesTest,
  CompanyRulesTestAnswer,
  CompanyUpdate,
  IdParam,
} from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { ClientService } from './clients.ts';
import { CompanyService, type Viewer } from './service.ts';

const canView = { access: { permissions: ['manage.getCompanies'] } };
const canEdit = { access: { permissions: ['manage.editCompanies'] } };
/** The company dropdown serves filters across the product (Audit, reports), not only Manage. */
const canPick = { access: { permissions: ['manage.getCompanies', 'audit.getAudit'], operator: 'or' as const } };
const tags = ['Companies'];
/**
 * The apply previews list every backup a rule or mapping would place (thousands at once). Their
 * answers are typed by the contract at compile time and sent as plain JSON rather than checked
 * against the response schema again at run time; the schema still documents them.
 */
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
const clientTags = ['Clients'];

const ClientPath = z.object({
  kind: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['tag', 'vendor']))
    .transform((s) => (s === 'tag' ? ('Tag' as const) : ('Vendor' as const))),
  clientId: z.string().min(1).max(200),
});

export function companyRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const companies = new CompanyService(database);
  const clients = new ClientService(database);
  const viewer = async (req: FastifyRequest): Promise<Viewer> => ({
    tenantId: tenantOf(req),
    visible: await visibleCompanies(database, req),
  });

  // Companies --------------------------------------------------------------------------------

  r.post(
    '/api/company/list',
    { config: canView, schema: { tags, body: CompanyListQuery.nullish(), response: { 200: CompanyListPage } } },
    async (req) => companies.list(await viewer(req), CompanyListQuery.parse(req.body ?? {})),
  );

  r.get(
    '/api/company/autocomplete',
    { config: canPick, schema: { tags, querystring: CompanyAutocompleteQuery, response: { 200: CompanyOptionPage } } },
    async (req) => companies.autocomplete(await viewer(req), req.query),
  );

  r.get(
    '/api/company/apply',
    { ...plainJson, config: canView, schema: { tags, response: { 200: z.array(ApplyCompany) } } },
    async (req) => companies.applyPreview(await viewer(req)),
  );

  r.put(
    '/api/company/apply',
    { config: canEdit, schema: { tags, body: ApplyCompaniesInput, response: { 200: ApplyCompaniesAnswer } } },
    async (req) => companies.apply(actorOf(req), await viewer(req), req.body?.CompanyIds),
  );

  r.post(
    '/api/company/test',
    { config: canView, schema: { tags, body: CompanyRulesTest, response: { 200: CompanyRulesTestAnswer } } },
    async (req) => companies.test(await viewer(req), req.body.Rules, req.body.Size),
  );

  r.post(
    '/api/company/create',
    { config: canEdit, schema: { tags, body: CompanyCreate, response: { 200: Company } } },
    async (req) => companies.create(actorOf(req), await viewer(req), req.body),
  );

  r.put(
    '/api/company/rename',
    { config: canEdit, schema: { tags, body: CompanyRename, response: { 200: Company } } },
    async (req) => companies.rename(actorOf(req), await viewer(req), req.body.Id, req.body.Name),
  );

  r.put(
    '/api/company/update',
    { config: canEdit, schema: { tags, body: CompanyUpdate, response: { 200: Company } } },
    async (req) => companies.update(actorOf(req), await viewer(req), req.body),
  );

  r.put(
    '/api/company/replace',
    { config: canEdit, schema: { tags, body: CompanyReplace, response: { 200: CompanyReplaceAnswer } } },
    async (req) => companies.replace(actorOf(req), await viewer(req), req.body.Id, req.body.ReplaceWithId),
  );

  r.get(
    '/api/company/:id',
    { config: canView, schema: { tags, params: IdParam, response: { 200: Company } } },
    async (req) => companies.get(await viewer(req), req.params.id),
  );

  r.delete(
    '/api/company/:id',
    { config: canEdit, schema: { tags, params: IdParam, response: { 200: CompanyDeleteAnswer } } },
    async (req) => companies.remove(actorOf(req), await viewer(req), req.params.id),
  );

  r.get(
    '/api/company/:id/rules',
    { config: canView, schema: { tags, params: IdParam, response: { 200: CompanyRules } } },
    async (req) => companies.rules(await viewer(req), req.params.id),
  );

  r.put(
    '/api/company/:id/rules',
    { config: canEdit, schema: { tags, params: IdParam, body: CompanyRulesInput, response: { 200: CompanyRules } } },
    async (req) => companies.setRules(actorOf(req), await viewer(req), req.params.id, req.body.Rules),
  );

  // Client-id mapping ------------------------------------------------------------------------

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
