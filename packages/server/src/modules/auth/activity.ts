import type { Database } from '../../db/client.ts';
import { loginActivities } from '../../db/schema/index.ts';
import type { RequestMeta } from '../../platform/http.ts';

export type { RequestMeta } from '../../platform/http.ts';

/** Records every sign-in attempt, successful or not (admin: user login activities). */
export async function recordLogin(
  database: Database,
  entry: { userId?: number | null; tenantId?: number | null; userName: string; success: boolean; reason: string },
  meta: RequestMeta,
): Promise<void> {
  await database.db.insert(loginActivities).values({
    userId: entry.userId ?? null,
    tenantId: entry.tenantId ?? null,
    userName: entry.userName.slice(0, 320),
    success: entry.success,
    reason: entry.reason,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 500),
  });
}
