// Company lists, the dropdown, the apply-companies preview and rule tests.
import { z } from 'zod';
import {
  ApplyCompaniesAnswer,
  ApplyCompaniesInput,
  ApplyCompany,
  CompanyAutocompleteQuery,
  CompanyListPage,
  CompanyListQuery,
  CompanyOptionPage,
  CompanyRulesTest,
  CompanyRulesTestAnswer,
} from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { CompanyService, type Viewer } from './service.ts';
import { canView, canEdit, canPick, tags, plainJson } from './route-access.ts';

export function companyListRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const companies = new CompanyService(database);
  const viewer = async (req: FastifyRequest): Promise<Viewer> => ({
    tenantId: tenantOf(req),
    visible: await visibleCompanies(database, req),
  });

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
}
