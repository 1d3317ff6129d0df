// Where a backup comes from: the company source and the last e-mail.
import { z } from 'zod';
import { IdParam, LastEmail } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { NO_COMPANY, visibleCompanies } from '../audit/common.ts';
import { policiesByIds } from './service.ts';
import { tags, canRead } from './route-access.ts';

export function backupSourceRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const visible = (req: FastifyRequest) => visibleCompanies(database, req);

  /** One backup the caller may see, or 404. */
  const one = async (req: FastifyRequest, id: number) => {
    const [row] = await policiesByIds(database.query, tenantOf(req), [id], await visible(req));
    if (!row) throw notFound();
    return row;
  };

  r.get(
    '/api/policy/company-source/:id',
    {
      config: canRead,
      schema: {
        tags,
        params: IdParam,
        response: { 200: z.object({ CompanySource: z.string().nullable(), CompanyName: z.string() }) },
      },
    },
    async (req) => {
      const b = await one(req, req.params.id);
      return { CompanySource: b.CompanySource, CompanyName: b.CompanyId ? b.CompanyName : NO_COMPANY };
    },
  );
  r.get(
    '/api/policy/last-email',
    {
      config: canRead,
      schema: {
        tags,
        querystring: z.object({ policyId: z.coerce.number().int().positive() }),
        response: { 200: LastEmail.nullable() },
      },
    },
    async (req) => {
      const b = await one(req, req.query.policyId);
      const e = await database.query<{ id: number; subject: string; from_address: string; received_at: Date }>(
        `SELECT e.id, e.subject, e.from_address, e.received_at FROM results r JOIN emails e ON e.id = r.email_id
          WHERE r.backup_id = $1 AND e.tenant_id = $2 ORDER BY e.received_at DESC LIMIT 1`,
        [b.PolicyId, tenantOf(req)],
      );
      const x = e.rows[0];
      return x
        ? {
            EmailId: Number(x.id),
            Subject: x.subject,
            From: x.from_address,
            ReceivedAt: new Date(x.received_at).toISOString(),
          }
        : null;
    },
  );
}
