import type { FastifyRequest } from 'fastify';
import type { Database, QueryFn } from '../../db/client.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/errors.ts';
import { visibilitySql, visibleCompanies } from './common.ts';

/**
 * Company visibility, decided in one place for every object that belongs to a company through
 * its backup: backups, their results, the e-mails that filed results, tickets linked to
 * backups, and activity-log lines about backups and companies. Client users and
 * company-restricted staff see only their companies' objects; any other id is answered
 * exactly like an id that does not exist (404), and lists leave such rows out. An e-mail that
 * filed no result (unrecognised, not yet parsed) belongs to no company, so only unrestricted
 * users see it.
 */
export interface Scope {
  tenantId: number;
  /** `null`: every company of the tenant (see `visibleCompanies`). */
  visible: number[] | null;
}

export async function scopeOf(database: Database, req: FastifyRequest): Promise<Scope> {
  return { tenantId: tenantOf(req), visible: await visibleCompanies(database, req) };
}

export type Subject = 'backup' | 'result' | 'email' | 'ticket';

/** Each subject's table and the alias `visibleSql` expects it under. */
const TABLES: Record<Subject, [table: string, alias: string]> = {
  backup: ['backups', 'b'],
  result: ['results', 'r'],
  email: ['emails', 'e'],
  ticket: ['tickets', 't'],
};

/**
 * SQL condition: the row is one the caller may see. Backups are aliased `b`, results `r`,
 * e-mails `e`, tickets `t`, activity-log lines `l`. Pushes its parameters onto `params`.
 */
export function visibleSql(subject: Subject | 'activity', visible: number[] | null, params: unknown[]): string {
  if (visible === null) return 'TRUE';
  const sees = visibilitySql(visible, params);
  switch (subject) {
    case 'backup':
      return sees;
    case 'result':
      return `EXISTS (SELECT 1 FROM backups b WHERE b.id = r.backup_id AND ${sees})`;
    case 'email':
      return `EXISTS (SELECT 1 FROM results r JOIN backups b ON b.id = r.backup_id WHERE r.email_id = e.id AND ${sees})`;
    case 'ticket':
      // The backups a ticket is linked to now; a ticket linked to none any more goes by its past links.
      return `(EXISTS (SELECT 1 FROM ticket_backups tb JOIN backups b ON b.id = tb.backup_id
                        WHERE tb.ticket_id = t.id AND tb.unlinked_at IS NULL AND ${sees})
            OR (NOT EXISTS (SELECT 1 FROM ticket_backups tb WHERE tb.ticket_id = t.id AND tb.unlinked_at IS NULL)
                AND EXISTS (SELECT 1 FROM ticket_backups tb JOIN backups b ON b.id = tb.backup_id
                             WHERE tb.ticket_id = t.id AND ${sees})))`;
    case 'activity': {
      params.push(visible.map(String));
      return `((l.entity_type = 'Backup' AND EXISTS (SELECT 1 FROM backups b
                 WHERE b.tenant_id = l.tenant_id AND b.id::text = l.entity_id AND ${sees}))
            OR (l.entity_type = 'Company' AND l.entity_id = ANY($${params.length}::text[])))`;
    }
  }
}

/** The ids among `ids` that are the tenant's and within the caller's companies. */
export async function visibleIds(
  q: QueryFn | Database,
  scope: Scope,
  subject: Subject,
  ids: number[],
): Promise<number[]> {
  const run: QueryFn = typeof q === 'function' ? q : (text, params) => q.query(text, params);
  const [table, alias] = TABLES[subject];
  const params: unknown[] = [scope.tenantId, [...new Set(ids)]];
  const r = await run<{ id: string | number }>(
    `SELECT ${alias}.id FROM ${table} ${alias}
      WHERE ${alias}.tenant_id = $1 AND ${alias}.id = ANY($2::bigint[]) AND ${visibleSql(subject, scope.visible, params)}`,
    params,
  );
  return r.rows.map((x) => Number(x.id));
}

/**
 * Answers 404 unless the caller may see every one of `ids`: a request naming one foreign id
 * changes nothing and looks exactly like one naming an id that does not exist.
 */
export async function requireVisible(
  q: QueryFn | Database,
  scope: Scope,
  subject: Subject,
  ids: number[],
): Promise<void> {
  const wanted = new Set(ids);
  if ((await visibleIds(q, scope, subject, [...wanted])).length !== wanted.size) throw notFound();
}
