import { z } from 'zod';
import {
  PdfQuery,
  PdfStatus,
  PdfStatusQuery,
  REPORT_TYPES,
  ReportCatalogue,
  ReportCategory,
  ReportFileInput,
  ReportFilters,
  ReportJob,
  ReportJobResult,
  ReportStartInput,
  ReportType,
  UserLevel,
} from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { forbidden, HttpError, notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { resolveRange } from '../dashboards/tiles/range.ts';
import { backupMethodRoutes } from './backup-methods-routes.ts';
import { buildReportDocument } from './generate.ts';
import { cancelRun, createRun, executeRun, findRun, REPORT_QUEUE, RUN_ID, runDocument, toJob } from './jobs.ts';
import { canReport, sendReportFile, reportBrand } from './files.ts';

const tags = ['Reports'];
const RunParams = z.object({
  type: ReportType,
  id: z.string().regex(RUN_ID, 'The report id must be 8 to 64 letters, digits or dashes'),
});

/** Refuses a custom range that is too long before any work is queued. */
function checkFilters(filters: ReportFilters): void {
  resolveRange(filters.DateRange, '2000-01-01');
}

/** Administrative reports describe the provider's own work: client users neither see nor run them. */
const ADMINISTRATIVE: ReportCategory = 'Administrative Reports';
const isClient = (req: FastifyRequest) => req.auth.level === UserLevel.Client;
function refuseHidden(req: FastifyRequest, type: ReportType): void {
  if (isClient(req) && REPORT_TYPES[type].category === ADMINISTRATIVE) throw forbidden();
}

export function reportRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const ctxOf = async (req: FastifyRequest) => ({
    tenantId: tenantOf(req),
    visible: await visibleCompanies(database, req),
  });
  /** A run is its starter's: it was built with that user's companies. */
  const ownerOf = (req: FastifyRequest) => ({ tenantId: tenantOf(req), userId: req.auth.userId });

  /** The document a file call asks for: a ready run's, or one built anew. */
  const documentFor = async (req: FastifyRequest, input: z.infer<typeof ReportFileInput>) => {
    refuseHidden(req, input.type);
    const ctx = await ctxOf(req);
    if (input.id !== undefined) {
      const run = await findRun(deps, ownerOf(req), input.id);
      if (!run || run.report_type !== input.type) throw notFound();
      const doc = await runDocument(deps, run);
      if (!doc) throw new HttpError(409, 'The report is not ready yet.');
      return doc;
    }
    const filters = input.filters ?? ReportFilters.parse({});
    checkFilters(filters);
    return buildReportDocument(database, ctx, input.type, filters);
  };

  r.get('/api/reports', { config: canReport, schema: { tags, response: { 200: ReportCatalogue } } }, async (req) =>
    ReportCategory.options
      .filter((category) => !(isClient(req) && category === ADMINISTRATIVE))
      .map((category) => ({
        category,
        reports: ReportType.options
          .filter((type) => REPORT_TYPES[type].category === category)
          .map((type) => ({
            type,
            title: REPORT_TYPES[type].title,
            description: REPORT_TYPES[type].description,
            filters: [...REPORT_TYPES[type].filters],
          })),
      })),
  );

  r.post(
    '/api/reports/report/:type/:id',
    { config: canReport, schema: { tags, params: RunParams, body: ReportStartInput, response: { 200: ReportJob } } },
    async (req) => {
      refuseHidden(req, req.params.type);
      const ctx = await ctxOf(req);
      checkFilters(req.body.filters);
      const started = await createRun(
        deps,
        { ...ctx, userId: req.auth.userId ?? null },
        req.params.type,
        req.params.id,
        req.body.filters,
      );
      if (!started) throw notFound();
      // Read at request time: without a queue (tests, one-off commands) the report is built inline.
      if (deps.jobs) {
        await deps.jobs.send(REPORT_QUEUE, { id: req.params.id, token: started.token });
        deps.jobs.notify(REPORT_QUEUE);
      } else await executeRun(deps, req.params.id, started.token);
      const run = await findRun(deps, ownerOf(req), req.params.id);
      if (!run) throw notFound();
      return toJob(run);
    },
  );

  r.get(
    '/api/reports/report/:type/:id',
    { config: canReport, schema: { tags, params: RunParams, response: { 200: ReportJobResult } } },
    async (req) => {
      const run = await findRun(deps, ownerOf(req), req.params.id);
      if (!run || run.report_type !== req.params.type) throw notFound();
      return { ...toJob(run), document: await runDocument(deps, run) };
    },
  );

  r.delete(
    '/api/reports/report/:type/:id',
    { config: canReport, schema: { tags, params: RunParams, response: { 200: ReportJob } } },
    async (req) => {
      const run = await findRun(deps, ownerOf(req), req.params.id);
      if (!run || run.report_type !== req.params.type) throw notFound();
      const stopped = await cancelRun(deps, ownerOf(req), req.params.id);
      if (!stopped) throw notFound();
      return toJob(stopped);
    },
  );

  r.post('/api/reports/csv', { config: canReport, schema: { tags, body: ReportFileInput } }, async (req, reply) =>
    sendReportFile(reply, await documentFor(req, req.body), 4),
  );

  r.post('/api/reports/excel', { config: canReport, schema: { tags, body: ReportFileInput } }, async (req, reply) => {
    const doc = await documentFor(req, req.body);
    return sendReportFile(reply, doc, 2, await reportBrand(deps, tenantOf(req)));
  });

  r.post(
    '/api/reports/pdf',
    { config: canReport, schema: { tags, body: ReportFileInput, querystring: PdfQuery } },
    async (req, reply) => {
      const doc = await documentFor(req, req.body);
      return sendReportFile(reply, doc, 1, {
        landscape: req.query.landscape,
        formatA2: req.query.formatA2,
        ...(await reportBrand(deps, tenantOf(req))),
      });
    },
  );

  r.get(
    '/api/reports/pdf/status',
    { config: canReport, schema: { tags, querystring: PdfStatusQuery, response: { 200: PdfStatus } } },
    async (req) => {
      const run = await findRun(deps, ownerOf(req), req.query.id);
      if (!run) throw notFound();
      return { ready: run.status === 'Ready' && run.document_key !== null };
    },
  );

  backupMethodRoutes(app, deps);
}
