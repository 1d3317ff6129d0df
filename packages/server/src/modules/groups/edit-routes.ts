import { z } from 'zod';
import {
  GroupCopy,
  GroupInput,
  GroupRow,
  GroupType,
  GroupUpdate,
  GroupUser,
  NamedRef,
  OkBody,
  PermissionCatalogue,
  PermissionMatrix,
  PermissionToggle,
  UserMessages,
  defaultPermissionsFor,
  permissionKey,
} from '@vigil/contract';
import type { QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';

const tags = ['Groups and users'];
const canRead = { access: { permissions: ['settings.getusers'] } };
const canEdit = { access: { permissions: ['settings.editusers'] } };
const IdParam = z.object({ id: z.coerce.number().int().positive() });
const TypeParam = z.object({ type: z.enum(['standard', 'client', '1', '2']) });
const typeOf = (t: string) => (t === 'client' || t === '2' ? GroupType.Client : GroupType.Standard);

/** The catalogue entries a group type may hold: client groups only what is meant for clients. */
export function entriesFor(type: number) {
  return Object.entries(PermissionCatalogue).flatMap(([controller, entries]) =>
    entries
      .filter((e) => type === GroupType.Standard || e.audience.includes('client'))
      .map((e) => ({ Key: permissionKey(controller, e.action), Controller: controller, Label: e.label })),
  );
}

interface GroupDb {
  id: number;
  name: string;
  description: string;
  type: number;
  is_default: boolean;
  permissions: string[];
  users: number;
}
const present = (g: GroupDb): GroupRow => ({
  Id: g.id,
  Name: g.name,
  Description: g.description,
  Type: g.type,
  IsDefault: g.is_default,
  Permissions: g.permissions,
  UsersCount: g.users,
});

/** Creating, copying, editing and deleting groups, and their permission toggles. */
export function groupEditRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const database = deps.database;

  async function one(q: QueryFn, tenantId: number, id: number): Promise<GroupRow> {
    const g = await q<GroupDb>(
      `SELECT g.*, (SELECT count(*)::int FROM users u WHERE u.group_id = g.id) AS users
         FROM groups g WHERE g.id = $1 AND g.tenant_id = $2`,
      [id, tenantId],
    );
    if (!g.rows[0]) throw notFound();
    return present(g.rows[0]);
  }
  const q: QueryFn = (text, params) => database.query(text, params);

  async function nameFree(qq: QueryFn, tenantId: number, name: string, exceptId = 0): Promise<boolean> {
    const c = await qq('SELECT 1 FROM groups WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3', [
      tenantId,
      name,
      exceptId,
    ]);
    return c.rows.length === 0;
  }

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
