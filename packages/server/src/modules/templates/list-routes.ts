// Template lists: the list, the dropdown and a template's backups.
import { z } from 'zod';
import {
  paged,
  TemplateBackup,
  TemplateBackupsQuery,
  TemplateDropdownItem,
  TemplateListQuery,
  TemplateRow,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { TemplateService } from './service.ts';
import { canView, tags } from './route-access.ts';

export function templateListRoutes(app: App, deps: Deps): void {
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
}
