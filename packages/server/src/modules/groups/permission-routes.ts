// A group type's permission catalogue and permission toggles.
import { GroupRow, PermissionMatrix, PermissionToggle, UserMessages } from '@vigil/contract';
import type { QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { TypeParam, canEdit, canRead, entriesFor, one, tags, typeOf } from './group-edit-support.ts';

export function permissionRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const database = deps.database;

  const q: QueryFn = (text, params) => database.query(text, params);

  r.get(
    '/api/permission/:type',
    { config: canRead, schema: { tags, params: TypeParam, response: { 200: PermissionMatrix } } },
    async (req) => {
      const type = typeOf(req.params.type);
      const g = await q<{ id: number; name: string; permissions: string[] }>(
        'SELECT id, name, permissions FROM groups WHERE tenant_id = $1 AND type = $2 ORDER BY lower(name)',
        [tenantOf(req), type],
      );
      return {
        Entries: entriesFor(type),
        Groups: g.rows.map((x) => ({ Id: x.id, Name: x.name, Permissions: x.permissions })),
      };
    },
  );

  /** Takes effect on the next request of the group's users: the guard reads permissions per request. */
  r.put(
    '/api/permission/toggle',
    { config: canEdit, schema: { tags, body: PermissionToggle, response: { 200: GroupRow } } },
    async (req) => {
      const tenantId = tenantOf(req);
      const b = req.body;
      return database.transaction(async (tx) => {
        const g = await one(tx, tenantId, b.GroupId);
        const entry = entriesFor(g.Type).find((e) => e.Key.toLowerCase() === b.Permission.toLowerCase());
        if (!entry) throw badRequest(UserMessages.unknownPermission, 'Permission');
        const rest = g.Permissions.filter((p) => p.toLowerCase() !== entry.Key.toLowerCase());
        const next = b.Enabled ? [...rest, entry.Key] : rest;
        await tx('UPDATE groups SET permissions = $3::jsonb WHERE id = $1 AND tenant_id = $2', [
          g.Id,
          tenantId,
          JSON.stringify(next),
        ]);
        return one(tx, tenantId, g.Id);
      });
    },
  );
}
