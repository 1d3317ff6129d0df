// Creating a group.
import { GroupInput, GroupRow, GroupType, UserMessages, defaultPermissionsFor } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { canEdit, entriesFor, nameFree, one, tags } from './group-edit-support.ts';

export function groupCreateRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const database = deps.database;

  r.post(
    '/api/group',
    { config: canEdit, schema: { tags, body: GroupInput, response: { 200: GroupRow } } },
    async (req) => {
      const tenantId = tenantOf(req);
      const b = req.body;
      const allowed = new Set(entriesFor(b.Type).map((e) => e.Key));
      const perms = b.Permissions ?? defaultPermissionsFor(b.Type === GroupType.Client ? 'client' : 'standard');
      for (const p of perms)
        if (!allowed.has(p)) throw badRequest(`${UserMessages.unknownPermission}: ${p}`, 'Permissions');
      return database.transaction(async (tx) => {
        if (!(await nameFree(tx, tenantId, b.Name))) throw badRequest(UserMessages.groupNameTaken, 'Name');
        const g = await tx<{ id: number }>(
          `INSERT INTO groups (tenant_id, name, description, type, permissions) VALUES ($1, $2, $3, $4, $5::jsonb)
           RETURNING id`,
          [tenantId, b.Name, b.Description, b.Type, JSON.stringify([...new Set(perms)])],
        );
        return one(tx, tenantId, g.rows[0].id);
      });
    },
  );
}
