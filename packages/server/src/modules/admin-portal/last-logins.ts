import type { Database } from '../../db/client.ts';

/** The last successful sign-in of each user of a tenant (or of the platform administrators, for null). */
export async function lastLogins(database: Database, tenantId: number | null): Promise<Map<number, Date>> {
  const { rows } = await database.query<{ user_id: number; at: Date }>(
    `SELECT a.user_id, max(a.at) AS at
       FROM login_activities a JOIN users u ON u.id = a.user_id
      WHERE a.success AND ${tenantId === null ? 'u.tenant_id IS NULL' : 'u.tenant_id = $1'}
      GROUP BY a.user_id`,
    tenantId === null ? [] : [tenantId],
  );
  return new Map(rows.map((r) => [Number(r.user_id), new Date(r.at)]));
}
