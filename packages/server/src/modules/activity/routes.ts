import { z } from 'zod';
import {
  ActivityAction,
  ActivityActionOption,
  ActivityLogQuery,
  ActivityLogRow,
  paged,
  type Paged,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { badRequest } from '../../platform/errors.ts';
import { likeTerm } from '../audit/common.ts';
import { scopeOf, visibleSql, type Scope } from '../audit/scope.ts';

/** Manage → Activity Logs (platform §7 Users: `POST activity-logs`, `GET activity-logs/actions/dropdown`). */
const canView = { access: { permissions: ['manage.getuseraudit'] } };
const schemaTags = ['Activity logs'];

interface LogDbRow {
  id: number | string;
  created_at: Date | string;
  user_id: number | null;
  user_name: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  entity_name: string;
  before: unknown;
  after: unknown;
  total: number | string;
}

/**
 * One page of the tenant's activity log, newest first unless asked otherwise. Filters: actions,
 * users, entity (type, and optionally one entity's id), a date range (inclusive instants) and a
 * search over the entity's name and the user's name. Client users and company-restricted staff
 * see only the lines about their companies and those companies' backups.
 */
export async function listActivity(
  database: Database,
  scope: Scope,
  q: ActivityLogQuery,
): Promise<Paged<ActivityLogRow>> {
  if (q.DateFrom && q.DateTo && new Date(q.DateTo) < new Date(q.DateFrom))
    throw badRequest('Date Filter To must be later than Date Filter From', 'DateTo');
  const params: unknown[] = [scope.tenantId];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['l.tenant_id = $1'];
  if (scope.visible) where.push(visibleSql('activity', scope.visible, params));
  if (q.Actions?.length) where.push(`l.action = ANY(${p(q.Actions)}::text[])`);
  if (q.UserIds?.length) where.push(`l.user_id = ANY(${p(q.UserIds)}::int[])`);
  if (q.EntityType) where.push(`l.entity_type = ${p(q.EntityType)}`);
  if (q.EntityId) where.push(`l.entity_id = ${p(q.EntityId)}`);
  if (q.DateFrom) where.push(`l.created_at >= ${p(q.DateFrom)}::timestamptz`);
  if (q.DateTo) where.push(`l.created_at <= ${p(q.DateTo)}::timestamptz`);
  if (q.Search?.trim()) {
    const term = p(likeTerm(q.Search));
    where.push(`(l.entity_name ILIKE ${term} OR l.user_name ILIKE ${term} OR l.action ILIKE ${term})`);
  }
  const dir = q.OrderAscending ? 'ASC' : 'DESC';
  const size = q.Size;
  const page = q.Page;
  const r = await database.query<LogDbRow>(
    `SELECT l.id, l.created_at, l.user_id, l.user_name, l.action, l.entity_type, l.entity_id, l.entity_name,
            l.before, l.after, count(*) OVER () AS total
       FROM activity_logs l
      WHERE ${where.join(' AND ')}
      ORDER BY l.created_at ${dir}, l.id ${dir}
      LIMIT ${p(size)} OFFSET ${p((page - 1) * size)}`,
    params,
  );
  let total = r.rows.length ? Number(r.rows[0].total) : 0;
  if (!r.rows.length && page > 1) {
    const c = await database.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM activity_logs l WHERE ${where.join(' AND ')}`,
      params.slice(0, params.length - 2),
    );
    total = Number(c.rows[0].n);
  }
  return {
    Results: r.rows.map((x) => ({
      Id: Number(x.id),
      CreatedAt: new Date(x.created_at).toISOString(),
      UserId: x.user_id,
      UserName: x.user_name,
      Action: x.action,
      EntityType: x.entity_type,
      EntityId: x.entity_id,
      EntityName: x.entity_name,
      Before: x.before ?? null,
      After: x.after ?? null,
    })),
    Page: page,
    PageSize: size,
    Total: total,
    TotalPages: Math.ceil(total / size),
  };
}

export function activityRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;

  r.post(
    '/api/user/activity-logs',
    {
      config: canView,
      schema: { tags: schemaTags, body: ActivityLogQuery.nullish(), response: { 200: paged(ActivityLogRow) } },
    },
    async (req) => listActivity(database, await scopeOf(database, req), ActivityLogQuery.parse(req.body ?? {})),
  );

  r.get(
    '/api/user/activity-logs/actions/dropdown',
    { config: canView, schema: { tags: schemaTags, response: { 200: z.array(ActivityActionOption) } } },
    async (req) => {
      tenantOf(req);
      return ActivityAction.options.map((a) => ({ Value: a, Label: a }));
    },
  );
}
