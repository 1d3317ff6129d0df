// Copying a group with its permissions.
import { GroupCopy, GroupRow, UserMessages } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { IdParam, canEdit, nameFree, one, tags } from './group-edit-support.ts';

export function groupCopyRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const database = deps.database;

  r.post(
    '/api/group/:id',
    { config: canEdit, schema: { tags, params: IdParam, body: GroupCopy, response: { 200: GroupRow } } },
    async (req) => {
      const tenantId = tenantOf(req);
      return database.transaction(async (tx) => {
        const src = await one(tx, tenantId, req.params.id);
        let name = req.body.Name ?? `Copy of ${src.Name}`;
        if (req.body.Name) {
          if (!(await nameFree(tx, tenantId, name))) throw badRequest(UserMessages.groupNameTaken, 'Name');
        } else {
          for (let i = 2; !(await nameFree(tx, tenantId, name)); i++) name = `Copy of ${src.Name} (${i})`;
        }
        const g = await tx<{ id: number }>(
          `INSERT INTO groups (tenant_id, name, description, type, permissions) VALUES ($1, $2, $3, $4, $5::jsonb)
           RETURNING id`,
          [tenantId, name, src.Description, src.Type, JSON.stringify(src.Permissions)],
        );
        return one(tx, tenantId, g.rows[0].id);
      });
    },
  );
}
