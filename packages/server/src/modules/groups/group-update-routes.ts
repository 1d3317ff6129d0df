// Editing and deleting a group.
import { z } from 'zod';
import { GroupRow, GroupUpdate, OkBody, UserMessages } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { IdParam, canEdit, nameFree, one, tags } from './group-edit-support.ts';

export function groupUpdateRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const database = deps.database;

  async function update(tenantId: number, id: number, b: z.output<typeof GroupUpdate>): Promise<GroupRow> {
    return database.transaction(async (tx) => {
      await one(tx, tenantId, id);
      if (!(await nameFree(tx, tenantId, b.Name, id))) throw badRequest(UserMessages.groupNameTaken, 'Name');
      await tx('UPDATE groups SET name = $3, description = $4 WHERE id = $1 AND tenant_id = $2', [
        id,
        tenantId,
        b.Name,
        b.Description,
      ]);
      return one(tx, tenantId, id);
    });
  }
  r.put(
    '/api/group',
    { config: canEdit, schema: { tags, body: GroupUpdate, response: { 200: GroupRow } } },
    async (req) => {
      if (!req.body.Id) throw badRequest('Id is required', 'Id');
      return update(tenantOf(req), req.body.Id, req.body);
    },
  );
  r.put(
    '/api/group/:id',
    { config: canEdit, schema: { tags, params: IdParam, body: GroupUpdate, response: { 200: GroupRow } } },
    async (req) => update(tenantOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/group/:id',
    { config: canEdit, schema: { tags, params: IdParam, response: { 200: OkBody } } },
    async (req) => {
      const tenantId = tenantOf(req);
      await database.transaction(async (tx) => {
        const g = await one(tx, tenantId, req.params.id);
        if (g.IsDefault) throw badRequest(UserMessages.defaultGroup);
        if (g.UsersCount > 0) throw badRequest(UserMessages.groupInUse);
        await tx('DELETE FROM groups WHERE id = $1 AND tenant_id = $2', [g.Id, tenantId]);
      });
      return { Message: 'Successfully deleted' };
    },
  );
}
