// A template's auto-activations: list, activate and forget (`api/template/activations`).
import {
  paged,
  TemplateActivateAnswer,
  TemplateActivateInput,
  TemplateActivation,
  TemplateActivationsDelete,
  TemplateActivationsQuery,
  TemplateDeletedAnswer,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { TemplateService } from './service.ts';
import { canView, canEdit, canApply, tags } from './route-access.ts';

export function templateActivationRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const service = new TemplateService(deps);
  const { database } = deps;

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
}
