// Copying a template, making its backups standalone, and its flags.
import {
  IdParam,
  TemplateRow,
  TemplateStandaloneAnswer,
  TemplateStandaloneInput,
  ToggleFlagParams,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { typed, type App } from '../../platform/http.ts';
import { TemplateService } from './service.ts';
import { canEdit, tags } from './route-access.ts';

export function templateCopyRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const service = new TemplateService(deps);

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
