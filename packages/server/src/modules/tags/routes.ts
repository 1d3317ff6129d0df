import { z } from 'zod';
import { Tag, TagDeleted, TagDeleteQuery, TagInput, TagUpdate } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { TagService } from './service.ts';

/** Settings → Tags: the catalogue and every change to it (platform §7 `/api/tags`). */
const canManage = { access: { permissions: ['settings.getTags'] } };
/**
 * The tag choices of the backup, template and backup-plan editors (`GET /api/policy/tags`):
 * anyone who may open one of those editors, or the tag catalogue itself.
 */
const canChoose = {
  access: {
    permissions: ['settings.getTags', 'manage.editbackups', 'manage.editTemplates', 'manage.editBackupPlans'],
    operator: 'or' as const,
  },
};
const schemaTags = ['Tags'];

export function tagRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const tags = new TagService(deps.database);

  r.get(
    '/api/tags',
    { config: canManage, schema: { tags: schemaTags, response: { 200: z.array(Tag) } } },
    async (req) => tags.list(tenantOf(req)),
  );

  r.post(
    '/api/tags',
    { config: canManage, schema: { tags: schemaTags, body: TagInput, response: { 200: Tag } } },
    async (req) => {
      tenantOf(req);
      return tags.create(actorOf(req), req.body.TagValue);
    },
  );

  r.put(
    '/api/tags',
    { config: canManage, schema: { tags: schemaTags, body: TagUpdate, response: { 200: Tag } } },
    async (req) => {
      tenantOf(req);
      return tags.rename(actorOf(req), req.body.Id, req.body.TagValue);
    },
  );

  r.delete(
    '/api/tags',
    { config: canManage, schema: { tags: schemaTags, querystring: TagDeleteQuery, response: { 200: TagDeleted } } },
    async (req) => {
      tenantOf(req);
      return tags.remove(actorOf(req), req.query.id);
    },
  );

  r.get(
    '/api/policy/tags',
    { config: canChoose, schema: { tags: schemaTags, response: { 200: z.array(z.string()) } } },
    async (req) => tags.values(tenantOf(req)),
  );
}
