import type { AuditFiltersDoc, UserFilter } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';

/** The built-in saved filter every user has: no filter at all. It cannot be changed or deleted. */
export const ALL_BACKUPS: UserFilter = { id: -1, name: 'All backups', filters: {} };

export type PreferenceKey = 'audit-filters' | 'audit-ui-settings';

/** A user's settings document under a key; `{}` when nothing is stored. */
export async function getPreference(database: Database, userId: number, key: PreferenceKey): Promise<object> {
  const r = await database.query<{ value: object }>(
    'SELECT value FROM user_preferences WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  return r.rows[0]?.value ?? {};
}

/** Replaces a user's settings document under a key. */
export async function putPreference(
  database: Database,
  userId: number,
  key: PreferenceKey,
  value: object,
): Promise<object> {
  await database.query(
    `INSERT INTO user_preferences (user_id, key, value, updated_at) VALUES ($1, $2, $3::jsonb, now())
     ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [userId, key, JSON.stringify(value)],
  );
  return value;
}

/** The user's saved filters, the built-in one first, then by name. */
export async function listUserFilters(database: Database, tenantId: number, userId: number): Promise<UserFilter[]> {
  const r = await database.query<{ id: number; name: string; filters: AuditFiltersDoc }>(
    'SELECT id, name, filters FROM user_filters WHERE tenant_id = $1 AND user_id = $2 ORDER BY lower(name), id',
    [tenantId, userId],
  );
  return [ALL_BACKUPS, ...r.rows];
}

const nameTaken = (name: string) => badRequest(`A filter named "${name}" already exists.`, 'name');

/** Creates a saved filter, or updates the caller's own when an id is given. Names are unique per user. */
export async function saveUserFilter(
  database: Database,
  tenantId: number,
  userId: number,
  input: { id?: number; name: string; filters: AuditFiltersDoc },
): Promise<UserFilter> {
  const name = input.name.trim();
  if (input.id === ALL_BACKUPS.id) throw badRequest('The built-in filter cannot be changed.', 'id');
  if (name.toLowerCase() === ALL_BACKUPS.name.toLowerCase()) throw nameTaken(ALL_BACKUPS.name);
  const clash = await database.query<{ name: string }>(
    'SELECT name FROM user_filters WHERE user_id = $1 AND lower(name) = lower($2) AND id <> $3',
    [userId, name, input.id ?? 0],
  );
  if (clash.rows[0]) throw nameTaken(clash.rows[0].name);
  try {
    const r =
      input.id === undefined
        ? await database.query<{ id: number; name: string; filters: AuditFiltersDoc }>(
            `INSERT INTO user_filters (tenant_id, user_id, name, filters) VALUES ($1, $2, $3, $4::jsonb)
             RETURNING id, name, filters`,
            [tenantId, userId, name, JSON.stringify(input.filters)],
          )
        : await database.query<{ id: number; name: string; filters: AuditFiltersDoc }>(
            `UPDATE user_filters SET name = $4, filters = $5::jsonb WHERE tenant_id = $1 AND user_id = $2 AND id = $3
             RETURNING id, name, filters`,
            [tenantId, userId, input.id, name, JSON.stringify(input.filters)],
          );
    if (!r.rows[0]) throw notFound();
    return r.rows[0];
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw nameTaken(name);
    throw err;
  }
}

export async function deleteUserFilter(database: Database, tenantId: number, userId: number, id: number) {
  if (id === ALL_BACKUPS.id) throw badRequest('The built-in filter cannot be deleted.', 'id');
  const r = await database.query(
    'DELETE FROM user_filters WHERE tenant_id = $1 AND user_id = $2 AND id = $3 RETURNING id',
    [tenantId, userId, id],
  );
  if (!r.rows.length) throw notFound();
}
