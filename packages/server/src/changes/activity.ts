import type { FastifyRequest } from 'fastify';
import type { ActivityAction, ActivityEntity } from '@vigil/contract';
import type { QueryFn } from '../db/client.ts';

/** One change a user made in Manage. */
export interface ActivityEntry {
  action: ActivityAction;
  entityType: ActivityEntity;
  entityId?: string | number | null;
  entityName?: string;
  before?: unknown;
  after?: unknown;
}

/** Who made a change: the signed-in user (an impersonating admin acts as that user). */
export interface Actor {
  tenantId: number;
  userId: number;
}

export function actorOf(req: FastifyRequest): Actor {
  const tenantId = req.auth?.tenantId;
  if (tenantId === null || tenantId === undefined) throw new Error('activity needs a tenant user');
  return { tenantId, userId: req.auth.userId };
}

/**
 * Records changes inside the transaction that makes them, so a change and its log line land
 * together or not at all. Several entries go in one INSERT.
 */
export async function logActivity(q: QueryFn, actor: Actor, entries: ActivityEntry | ActivityEntry[]): Promise<void> {
  const list = [entries].flat();
  if (!list.length) return;
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  await q(
    `INSERT INTO activity_logs (tenant_id, user_id, user_name, action, entity_type, entity_id, entity_name, before, after)
     SELECT $1, $2,
            COALESCE((SELECT NULLIF(trim(u.first_name || ' ' || u.last_name), '') FROM users u WHERE u.id = $2),
                     (SELECT u.email FROM users u WHERE u.id = $2), ''),
            x.action, x.entity_type, x.entity_id, x.entity_name, x.before::jsonb, x.after::jsonb
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
            AS x(action, entity_type, entity_id, entity_name, before, after)`,
    [
      actor.tenantId,
      actor.userId,
      list.map((e) => e.action),
      list.map((e) => e.entityType),
      list.map((e) => (e.entityId === undefined || e.entityId === null ? null : String(e.entityId))),
      list.map((e) => e.entityName ?? ''),
      list.map((e) => json(e.before)),
      list.map((e) => json(e.after)),
    ],
  );
}
