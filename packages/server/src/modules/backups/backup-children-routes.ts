// One backup's retirement and its children (`api/backups/{id}/retire`, `/children`).
import { z } from 'zod';
import { IdParam, OperationAnswer, PolicyRow } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { retirePolicies } from './operations.ts';
import { policiesByIds } from './service.ts';
import { tags, canRead, canEdit, answer } from './route-access.ts';

export function backupChildrenRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const visible = (req: FastifyRequest) => visibleCompanies(database, req);

  /** One backup the caller may see, or 404. */
  const one = async (req: FastifyRequest, id: number) => {
    const [row] = await policiesByIds(database.query, tenantOf(req), [id], await visible(req));
    if (!row) throw notFound();
    return row;
  };

  const ctx = deps;

  r.post(
    '/api/backups/:id/retire',
    {
      config: canEdit,
      schema: {
        tags,
        params: IdParam,
        body: z.object({ ClosePsaTicket: z.boolean().optional() }).nullish(),
        response: { 200: OperationAnswer },
      },
    },
    async (req) =>
      answer(
        'Backup retired',
        await retirePolicies(ctx, actorOf(req), await visible(req), [req.params.id], !!req.body?.ClosePsaTicket),
      ),
  );
  r.get(
    '/api/backups/:id/children',
    { config: canRead, schema: { tags, params: IdParam, response: { 200: z.array(PolicyRow) } } },
    async (req) => {
      const b = await one(req, req.params.id);
      const c = await database.query<{ id: number }>(
        `SELECT id FROM backups WHERE parent_id = $1 AND tenant_id = $2 AND state <> 'Merged'`,
        [b.PolicyId, tenantOf(req)],
      );
      return policiesByIds(
        database.query,
        tenantOf(req),
        c.rows.map((x) => x.id),
        await visible(req),
      );
    },
  );
}
