import { z } from 'zod';
import {
  AdminFunctionsStatus,
  BackupStatistics,
  BackupStatisticsRow,
  CLIENT_ERROR_MAX_BYTES,
  ClientErrorReport,
  EmailStatistics,
  EmailStatisticsRow,
  ErrorLogQuery,
  ErrorLogRow,
  OkBody,
  paged,
  Privilege,
  PublicApiStatistics,
  PublicApiStatisticsRow,
  StatisticsQuery,
  TenantFunctionStatus,
  TenantStatistics,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { bearerToken, tenantOf } from '../../platform/auth/guard.ts';
import { recordError, serverErrorEntry } from '../../platform/error-log.ts';
import { typed, type App } from '../../platform/http.ts';
import { listErrors } from './error-log-service.ts';
import { queueStatus, tenantFunctions } from './functions-service.ts';
import { resolveRange, StatisticsService } from './statistics-service.ts';

const tags = ['Admin Portal'];
const readers = { access: { privilege: Privilege.allAdmins } };

/** Statistics, the state of the jobs, and the error log (server 5xx, failed jobs, browser reports). */
export function operationsRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const stats = new StatisticsService(deps.database);

  // Every 5xx the error handler answers is kept in the error log.
  app.serverErrorSinks.push((err, req) => void recordError(deps.database, serverErrorEntry(err, req)));

  const q = { config: readers, schema: { tags, querystring: StatisticsQuery } } as const;
  const res = <T extends z.ZodTypeAny>(response: T) => ({ ...q, schema: { ...q.schema, response: { 200: response } } });
  r.get('/api/statistics/tenants', res(TenantStatistics), (req) => stats.tenants(resolveRange(req.query)));
  r.get('/api/statistics/emails', res(EmailStatistics), (req) => stats.emails(resolveRange(req.query)));
  r.get('/api/statistics/emails/detailed', res(z.array(EmailStatisticsRow)), (req) =>
    stats.emailsDetailed(resolveRange(req.query)),
  );
  r.get('/api/statistics/backups', res(BackupStatistics), (req) => stats.backups(resolveRange(req.query)));
  r.get('/api/statistics/backups/detailed', res(z.array(BackupStatisticsRow)), (req) =>
    stats.backupsDetailed(resolveRange(req.query)),
  );
  r.get('/api/statistics/public-api', res(PublicApiStatistics), (req) => stats.publicApi(resolveRange(req.query)));
  r.get('/api/statistics/public-api/detailed', res(z.array(PublicApiStatisticsRow)), (req) =>
    stats.publicApiDetailed(resolveRange(req.query)),
  );

  r.get(
    '/api/functions/status',
    {
      config: { access: { privilege: Privilege.tenantUsers } },
      schema: { tags, response: { 200: z.array(TenantFunctionStatus) } },
    },
    async (req) => tenantFunctions(deps.database, tenantOf(req)),
  );
  r.get(
    '/api/functions/admin/status',
    { config: readers, schema: { tags, response: { 200: AdminFunctionsStatus } } },
    async () => queueStatus(deps.database),
  );

  r.get(
    '/api/logs/errors',
    { config: readers, schema: { tags, querystring: ErrorLogQuery, response: { 200: paged(ErrorLogRow) } } },
    async (req) => listErrors(deps.database, req.query),
  );

  r.post(
    '/api/common/error',
    {
      bodyLimit: CLIENT_ERROR_MAX_BYTES,
      config: { access: { public: true }, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, body: ClientErrorReport, response: { 202: OkBody } },
    },
    async (req, reply) => {
      // Public, so that an error on the sign-in page is reported too; a valid token names the user.
      const token = bearerToken(req);
      const claims = token ? await deps.tokens.verifyAccess(token) : null;
      const b = req.body;
      await recordError(deps.database, {
        type: 'client',
        source: b.Url ? `${b.Kind} ${b.Url}` : b.Kind,
        message: b.Message,
        detail: [b.Stack, `User agent: ${String(req.headers['user-agent'] ?? '')}`].filter(Boolean).join('\n'),
        tenantId: claims?.tenantId ?? null,
        userId: claims?.userId ?? null,
      });
      return reply.status(202).send({ Message: 'Error report received' });
    },
  );
}
