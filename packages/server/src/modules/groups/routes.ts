import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { GroupRow, GroupType } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { groups, users } from '../../db/schema/index.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { groupEditRoutes } from './edit-routes.ts';

const tags = ['Groups and users'];
const canRead = { access: { permissions: ['settings.getusers'] } };

/** Read side of groups and users; every query is scoped to the caller's tenant. */
export function groupRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const db = deps.database.db;

  async function list(tenantId: number, type?: number) {
    const rows = await db
      .select({ g: groups, n: count(users.id) })
      .from(groups)
      .leftJoin(users, eq(users.groupId, groups.id))
      .where(and(eq(groups.tenantId, tenantId), type ? eq(groups.type, type) : undefined))
      .groupBy(groups.id)
      .orderBy(asc(groups.name));
    return rows.map(({ g, n }) => ({
      Id: g.id,
      Name: g.name,
      Description: g.description,
      Type: g.type,
      IsDefault: g.isDefault,
      Permissions: g.permissions,
      UsersCount: Number(n),
    }));
  }

  r.get(
    '/api/group/standard',
    { config: canRead, schema: { tags, response: { 200: z.array(GroupRow) } } },
    async (req) => list(tenantOf(req), GroupType.Standard),
  );
  r.get('/api/group/client', { config: canRead, schema: { tags, response: { 200: z.array(GroupRow) } } }, async (req) =>
    list(tenantOf(req), GroupType.Client),
  );
  r.get(
    '/api/group/:id',
    {
      config: canRead,
      schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: GroupRow } },
    },
    async (req) => {
      const found = (await list(tenantOf(req))).find((g) => g.Id === req.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  groupEditRoutes(app, deps);
}
