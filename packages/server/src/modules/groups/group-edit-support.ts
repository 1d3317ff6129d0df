// What the group edit routes share: access, parameters, catalogue entries per type, the group row.
import { z } from 'zod';
import { GroupRow, GroupType, PermissionCatalogue, permissionKey } from '@vigil/contract';
import type { QueryFn } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';

export const tags = ['Groups and users'];
export const canRead = { access: { permissions: ['settings.getusers'] } };
export const canEdit = { access: { permissions: ['settings.editusers'] } };
export const IdParam = z.object({ id: z.coerce.number().int().positive() });
export const TypeParam = z.object({ type: z.enum(['standard', 'client', '1', '2']) });
export const typeOf = (t: string) => (t === 'client' || t === '2' ? GroupType.Client : GroupType.Standard);

/** The catalogue entries a group type may hold: client groups only what is meant for clients. */
export function entriesFor(type: number) {
  return Object.entries(PermissionCatalogue).flatMap(([controller, entries]) =>
    entries
      .filter((e) => type === GroupType.Standard || e.audience.includes('client'))
      .map((e) => ({ Key: permissionKey(controller, e.action), Controller: controller, Label: e.label })),
  );
}

export interface GroupDb {
  id: number;
  name: string;
  description: string;
  type: number;
  is_default: boolean;
  permissions: string[];
  users: number;
}
export const present = (g: GroupDb): GroupRow => ({
  Id: g.id,
  Name: g.name,
  Description: g.description,
  Type: g.type,
  IsDefault: g.is_default,
  Permissions: g.permissions,
  UsersCount: g.users,
});

/** One group of the tenant with its user count, or 404. */
export async function one(q: QueryFn, tenantId: number, id: number): Promise<GroupRow> {
  const g = await q<GroupDb>(
    `SELECT g.*, (SELECT count(*)::int FROM users u WHERE u.group_id = g.id) AS users
       FROM groups g WHERE g.id = $1 AND g.tenant_id = $2`,
    [id, tenantId],
  );
  if (!g.rows[0]) throw notFound();
  return present(g.rows[0]);
}

/** Whether no other group of the tenant has this name (case-insensitive). */
export async function nameFree(qq: QueryFn, tenantId: number, name: string, exceptId = 0): Promise<boolean> {
  const c = await qq('SELECT 1 FROM groups WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3', [
    tenantId,
    name,
    exceptId,
  ]);
  return c.rows.length === 0;
}
