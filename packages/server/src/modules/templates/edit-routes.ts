// Creating, testing, applying, editing and deleting templates.
import {
  IdParam,
  RuleSet,
  TemplateApplyAnswer,
  TemplateApplyInput,
  TemplateBulkDelete,
  TemplateCreate,
  TemplateDeletedAnswer,
  TemplateRow,
  TemplateRulesInput,
  TemplateTestAnswer,
  TemplateTestInput,
  TemplateUpdate,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { TemplateService } from './service.ts';
import { canView, canEdit, canApply, tags } from './route-access.ts';

export function templateEditRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const service = new TemplateService(deps);
  const { database } = deps;

  r.post(
    '/api/template/create',
    { config: canEdit, schema: { tags, body: TemplateCreate, response: { 200: TemplateRow } } },
    async (req) => service.create(actorOf(req), req.body),
  );

  r.post(
    '/api/template/test',
    { config: canView, schema: { tags, body: TemplateTestInput, response: { 200: TemplateTestAnswer } } },
    async (req) =>
      service.test(tenantOf(req), req.body.Rules, req.body.Companies, await visibleCompanies(database, req)),
  );

  r.put(
    '/api/template/rules',
    { config: canEdit, schema: { tags, body: TemplateRulesInput, response: { 200: TemplateRow } } },
    async (req) => service.updateRules(actorOf(req), req.body.Id, req.body.Rules as RuleSet),
  );

  r.put(
    '/api/template/apply',
    { config: canApply, schema: { tags, body: TemplateApplyInput, response: { 200: TemplateApplyAnswer } } },
    async (req) => service.apply(actorOf(req), req.body, await visibleCompanies(database, req)),
  );

  r.put(
    '/api/template',
    { config: canApply, schema: { tags, body: TemplateUpdate, response: { 200: TemplateRow } } },
    async (req) => service.update(actorOf(req), req.body),
  );

  r.delete(
    '/api/template',
    { config: canEdit, schema: { tags, body: TemplateBulkDelete, response: { 200: TemplateDeletedAnswer } } },
    async (req) => ({ Deleted: await service.remove(actorOf(req), req.body.Ids) }),
  );

  r.get(
    '/api/template/:id',
    { config: canView, schema: { tags, params: IdParam, response: { 200: TemplateRow } } },
    async (req) => service.get(tenantOf(req), req.params.id),
  );

  r.delete(
    '/api/template/:id',
    { config: canEdit, schema: { tags, params: IdParam, response: { 200: TemplateDeletedAnswer } } },
    async (req) => ({ Deleted: await service.remove(actorOf(req), [req.params.id]) }),
  );
}
