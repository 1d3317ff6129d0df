import { z } from 'zod';
import {
  IdParam,
  paged,
  RuleSet,
  TemplateActivateAnswer,
  TemplateActivateInput,
  TemplateActivation,
  TemplateActivationsDelete,
  TemplateActivationsQuery,
  TemplateApplyAnswer,
  TemplateApplyInput,
  TemplateBackup,
  TemplateBackupsQuery,
  TemplateBulkDelete,
  TemplateCreate,
  TemplateDeletedAnswer,
  TemplateDropdownItem,
  TemplateListQuery,
  TemplateRow,
  TemplateRulesInput,
  TemplateStandaloneAnswer,
  TemplateStandaloneInput,
  TemplateTestAnswer,
  TemplateTestInput,
  TemplateUpdate,
  ToggleFlagParams,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { TemplateService } from './service.ts';

const canView = { access: { permissions: ['manage.getTemplates'] } };
const canEdit = { access: { permissions: ['manage.getTemplates', 'manage.editTemplates'] } };
// Applying writes backup settings and activates backups: it needs the right to edit backups too.
const canApply = { access: { permissions: ['manage.getTemplates', 'manage.editTemplates', 'manage.editbackups'] } };
const tags = ['Templates'];

/** Templates (platform §7 "Templates."). */
export function templateRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const service = new TemplateService(deps);
  const { database } = deps;

  r.post(
    '/api/template/list',
    { config: canView, schema: { tags, body: TemplateListQuery.nullish(), response: { 200: paged(TemplateRow) } } },
    async (req) => service.list(tenantOf(req), TemplateListQuery.parse(req.body ?? {})),
  );

  r.get(
    '/api/template/dropdown',
    { config: canView, schema: { tags, response: { 200: z.array(TemplateDropdownItem) } } },
    async (req) => service.dropdown(tenantOf(req)),
  );

  r.get(
    '/api/template/backups',
    {
      config: canView,
      schema: { tags, querystring: TemplateBackupsQuery, response: { 200: z.array(TemplateBackup) } },
    },
    async (req) => service.linkedBackups(tenantOf(req), req.query.templateId, await visibleCompanies(database, req)),
  );

  r.get(
    '/api/template/activations',
    {
      config: canView,
      schema: { tags, querystring: TemplateActivationsQuery, response: { 200: paged(TemplateActivation) } },
    },
    async (req) =>
      service.activations(
        tenantOf(req),
        req.query.templateId,
        req.query.page,
        req.query.size,
        await visibleCompanies(database, req),
      ),
  );

  r.post(
    '/api/template/activations',
    { config: canApply, schema: { tags, body: TemplateActivateInput, response: { 200: TemplateActivateAnswer } } },
    async (req) => ({
      Activated: await service.activateNow(
        actorOf(req),
        req.body.TemplateId,
        req.body.BackupIds,
        await visibleCompanies(database, req),
      ),
    }),
  );

  r.delete(
    '/api/template/activations',
    { config: canEdit, schema: { tags, body: TemplateActivationsDelete, response: { 200: TemplateDeletedAnswer } } },
    async (req) => ({
      Deleted: await service.deleteActivations(
        tenantOf(req),
        req.body.TemplateId,
        req.body.Ids,
        await visibleCompanies(database, req),
      ),
    }),
  );

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

  r.post(
    '/api/template/:id/copy',
    { config: canEdit, schema: { tags, params: IdParam, response: { 200: TemplateRow } } },
    async (req) => service.copy(actorOf(req), req.params.id),
  );

  r.post(
    '/api/template/:id/standalone',
    {
      config: canEdit,
      schema: {
        tags,
        params: IdParam,
        body: TemplateStandaloneInput.nullish(),
        response: { 200: TemplateStandaloneAnswer },
      },
    },
    async (req) => service.standalone(actorOf(req), req.params.id, req.body?.BackupIds),
  );

  r.patch(
    '/api/template/:id/:flag',
    { config: canEdit, schema: { tags, params: ToggleFlagParams, response: { 200: TemplateRow } } },
    async (req) => service.toggle(actorOf(req), req.params.id, req.params.flag),
  );
}
