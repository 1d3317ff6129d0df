import { z } from 'zod';
import {
  AlertAnalysisVersion,
  AlertEmail,
  AlertEmailListQuery,
  AlertEmailPage,
  AlertFeedbackInput,
  AlertFeedbackResult,
  AlertMailbox,
  AlertMailboxActivate,
  Marker,
  MarkerSearchQuery,
  ParserVersionBody,
  Privilege,
  ReparseStarted,
  ReparseStatus,
} from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { Database } from '../../db/client.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { flagsForTenant } from '../admin-portal/flags-service.ts';
import { visibleCompanies } from '../audit/common.ts';
import { reparseStatus, startReparse } from './analysis.ts';
import { activeModel } from './engine.ts';
import { afterAnalysis } from './follow-up.ts';
import { activateMailbox, getMailbox } from './intake.ts';
import { listAlertEmails } from './list.ts';
import { alertById, toEmail, versionsOf, type AlertEmailDbRow } from './store.ts';

/** Alert Radar (platform §7): a tenant's alert e-mails, behind the brAlertRadar flag. */
const tags = ['Alert radar'];
/** Tenant administrators and standard users; client users do not see alert mail (docs/decisions.md). */
const staff = { access: { privilege: Privilege.tenantAdminOrStandard } };
const Id = z.object({ id: z.coerce.number().int().positive() });
const Instance = z.object({ instanceId: z.string().max(64) });

/** The caller's tenant when it has Alert Radar; 404 otherwise. */
async function radarTenant(database: Database, req: FastifyRequest): Promise<number> {
  const tenantId = tenantOf(req);
  if (!(await flagsForTenant(database, tenantId)).brAlertRadar) throw notFound();
  return tenantId;
}

/** An alert e-mail the caller may see (a company-restricted user: only its companies'). */
async function visibleAlert(database: Database, req: FastifyRequest, id: number): Promise<AlertEmailDbRow> {
  const tenantId = await radarTenant(database, req);
  const row = await alertById(database, tenantId, id);
  const visible = await visibleCompanies(database, req);
  if (visible !== null && (row.company_id === null || !visible.includes(row.company_id))) throw notFound();
  return row;
}

async function setFeedback(database: Database, id: number, input: AlertFeedbackInput) {
  await database.query('UPDATE alert_emails SET feedback = $2, feedback_comment = $3 WHERE id = $1', [
    id,
    input.Feedback,
    input.Comment ?? null,
  ]);
  return { Id: id, Feedback: input.Feedback };
}

export function alertRadarRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const domain = deps.config.INBOUND_DOMAIN;

  r.get('/api/alert-radar/mailbox', { config: staff, schema: { tags, response: { 200: AlertMailbox } } }, async (req) =>
    getMailbox(database, await radarTenant(database, req), domain),
  );

  r.patch(
    '/api/alert-radar/mailbox/activate',
    { config: staff, schema: { tags, body: AlertMailboxActivate.optional(), response: { 200: AlertMailbox } } },
    async (req) => activateMailbox(database, await radarTenant(database, req), domain, req.body ?? { IsActive: true }),
  );

  r.get(
    '/api/alert-radar/parser-version',
    { config: staff, schema: { tags, response: { 200: ParserVersionBody } } },
    async (req) => {
      await radarTenant(database, req);
      return { Version: (await activeModel(database)).version };
    },
  );

  r.post(
    '/api/alert-radar/alert-emails',
    { config: staff, schema: { tags, body: AlertEmailListQuery, response: { 200: AlertEmailPage } } },
    async (req) =>
      listAlertEmails(database, await radarTenant(database, req), await visibleCompanies(database, req), req.body),
  );

  r.get(
    '/api/alert-radar/alert-emails/:id',
    { config: staff, schema: { tags, params: Id, response: { 200: AlertEmail } } },
    async (req) => toEmail(await visibleAlert(database, req, req.params.id)),
  );

  r.get(
    '/api/alert-radar/alert-emails/:id/parser-results',
    { config: staff, schema: { tags, params: Id, response: { 200: z.array(AlertAnalysisVersion) } } },
    async (req) => versionsOf(database, Number((await visibleAlert(database, req, req.params.id)).id)),
  );

  r.post(
    '/api/alert-radar/alert-emails/:id/reparse',
    { config: staff, schema: { tags, params: Id, response: { 200: ReparseStarted } } },
    async (req) => {
      const row = await visibleAlert(database, req, req.params.id);
      const follow = (id: number) => afterAnalysis(database, id);
      return { instanceId: await startReparse(database, row.tenant_id, Number(row.id), follow) };
    },
  );

  r.get(
    '/api/alert-radar/reparse/:instanceId',
    { config: staff, schema: { tags, params: Instance, response: { 200: ReparseStatus } } },
    async (req) => reparseStatus(database, await radarTenant(database, req), req.params.instanceId),
  );

  r.post(
    '/api/alert-radar/alert-emails/:id/feedback',
    { config: staff, schema: { tags, params: Id, body: AlertFeedbackInput, response: { 200: AlertFeedbackResult } } },
    async (req) => setFeedback(database, Number((await visibleAlert(database, req, req.params.id)).id), req.body),
  );

  r.put(
    '/api/alert-radar/alert-emails/feedback/:id',
    { config: staff, schema: { tags, params: Id, body: AlertFeedbackInput, response: { 200: AlertFeedbackResult } } },
    async (req) => setFeedback(database, Number((await visibleAlert(database, req, req.params.id)).id), req.body),
  );

  r.get(
    '/api/alert-radar/markers/search',
    { config: staff, schema: { tags, querystring: MarkerSearchQuery, response: { 200: z.array(Marker) } } },
    async (req) => {
      await radarTenant(database, req);
      const s = req.query.searchString.trim().toLowerCase();
      const { rows } = await database.query<{ label: string; ner_type: number }>(
        `SELECT label, ner_type FROM ner_labels WHERE position($1 in lower(label)) > 0 ORDER BY lower(label) LIMIT 50`,
        [s],
      );
      return rows.map((x) => ({ Label: x.label, NerType: x.ner_type }));
    },
  );
}
