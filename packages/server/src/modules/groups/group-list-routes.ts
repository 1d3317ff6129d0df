// Group dropdowns and users per group type.
import { z } from 'zod';
import { GroupType, GroupUser, NamedRef } from '@vigil/contract';
import type { QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { canRead, tags } from './group-edit-support.ts';

export function groupListRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const database = deps.database;

  const q: QueryFn = (text, params) => database.query(text, params);

  for (const [path, type] of [
    ['/api/group/dropdown', null],
    ['/api/group/standard/dropdown', GroupType.Standard],
    ['/api/group/client/dropdown', GroupType.Client],
  ] as const) {
    r.get(path, { config: canRead, schema: { tags, response: { 200: z.array(NamedRef) } } }, async (req) => {
      const g = await q<{ id: number; name: string }>(
        `SELECT id, name FROM groups WHERE tenant_id = $1 ${type ? 'AND type = $2' : ''} ORDER BY lower(name)`,
        type ? [tenantOf(req), type] : [tenantOf(req)],
      );
      return g.rows.map((x) => ({ Id: x.id, Name: x.name }));
    });
  }
  for (const [path, type] of [
    ['/api/group/users', null],
    ['/api/group/standard/users', GroupType.Standard],
    ['/api/group/client/users', GroupType.Client],
  ] as const) {
    r.get(path, { config: canRead, schema: { tags, response: { 200: z.array(GroupUser) } } }, async (req) => {
      const u = await q<{ id: number; email: string; name: string; group_id: number | null; level: number }>(
        `SELECT u.id, u.email, COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS name,
                u.group_id, u.level
           FROM users u LEFT JOIN groups g ON g.id = u.group_id
          WHERE u.tenant_id = $1 ${type ? 'AND g.type = $2' : ''} ORDER BY lower(u.email)`,
        type ? [tenantOf(req), type] : [tenantOf(req)],
      );
      return u.rows.map((x) => ({ Id: x.id, Email: x.email, Name: x.name, GroupId: x.group_id, Level: x.level }));
    });
  }
}
