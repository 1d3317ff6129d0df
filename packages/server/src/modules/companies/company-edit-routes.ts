// Creating, renaming, updating, replacing and deleting companies, and their rules.
import {
  Company,
  CompanyCreate,
  CompanyDeleteAnswer,
  CompanyRename,
  CompanyReplace,
  CompanyReplaceAnswer,
  CompanyRules,
  CompanyRulesInput,
  CompanyUpdate,
  IdParam,
} from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { CompanyService, type Viewer } from './service.ts';
import { canView, canEdit, tags } from './route-access.ts';

export function companyEditRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const companies = new CompanyService(database);
  const viewer = async (req: FastifyRequest): Promise<Viewer> => ({
    tenantId: tenantOf(req),
    visible: await visibleCompanies(database, req),
  });

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
}
