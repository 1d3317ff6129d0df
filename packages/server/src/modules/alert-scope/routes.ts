import { z } from 'zod';
import {
  AdminAlertEmail,
  AdminAlertEmailPage,
  AdminAlertEmailQuery,
  AlertAnalysisVersion,
  AlertClassificationInput,
  AlertClassificationItem,
  AlertEmailEdit,
  AlertEmailFlag,
  AlertEmailKey,
  AlertModelOverview,
  AlertRetrainResult,
  AlertTrainingData,
  AlertTypeItem,
  AlertTypesInput,
  NerLabel,
  NerLabelCreate,
  NerLabelRename,
  OkBody,
  Privilege,
  ReparseStarted,
  ReparseStatus,
  SuggestCategoryInput,
  SuggestCategoryResult,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { typed, type App } from '../../platform/http.ts';
import { emlFileName } from '../ingest/emails-service.ts';
import { reparseStatus, startReparse } from '../alert-radar/analysis.ts';
import { suggestWith } from '../alert-radar/core.ts';
import { activeModel } from '../alert-radar/engine.ts';
import { afterAnalysis } from '../alert-radar/follow-up.ts';
import { listAllAlertEmails } from '../alert-radar/list.ts';
import { alertByUid, toClassification, toEmail, versionsOf } from '../alert-radar/store.ts';
import {
  alertTypes,
  classifications,
  createNerLabel,
  deleteClassification,
  deleteNerLabel,
  nerLabels,
  renameNerLabel,
  saveAlertTypes,
  saveClassification,
} from './labels.ts';
import { modelOverview, promote, retrain } from './model.ts';
import { saveEdit, setFlags, trainingData } from './training.ts';

/** Alert Scope (platform §7 "Alert scope (admin)"): every tenant's alert e-mails, for platform admins. */
const tags = ['Alert scope'];
const admins = { access: { privilege: Privilege.allAdmins } };
const BASE = '/api/alert-scope/admin';
const Id = z.object({ id: z.coerce.number().int().positive() });
const ModelId = z.object({ id: z.coerce.number().int().min(0) });
const Instance = z.object({ instanceId: z.string().max(64) });
const Deleted = { Message: 'Deleted' };

export function alertScopeRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  /** Who made a change, as shown with it: the platform admin's e-mail. */
  const editor = async (userId: number) =>
    (await database.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId])).rows[0]?.email ??
    `user ${userId}`;

  r.post(
    `${BASE}/alert-emails`,
    { config: admins, schema: { tags, body: AdminAlertEmailQuery, response: { 200: AdminAlertEmailPage } } },
    async (req) => listAllAlertEmails(database, req.body),
  );

  r.put(
    `${BASE}/alert-emails`,
    { config: admins, schema: { tags, body: AlertEmailEdit, response: { 200: AlertTrainingData } } },
    async (req) => saveEdit(database, req.body, await editor(req.auth.userId)),
  );

  r.patch(
    `${BASE}/alert-emails/flag`,
    { config: admins, schema: { tags, body: AlertEmailFlag, response: { 200: z.object({ Flags: z.number() }) } } },
    async (req) => setFlags(database, req.body),
  );

  r.get(
    `${BASE}/alert-emails/:tenantId/:emailUid`,
    { config: admins, schema: { tags, params: AlertEmailKey, response: { 200: AdminAlertEmail } } },
    async (req) => {
      const row = await alertByUid(database, req.params.tenantId, req.params.emailUid);
      return { ...toEmail(row), TenantName: row.tenant_name };
    },
  );

  r.get(
    `${BASE}/alert-emails/:tenantId/:emailUid/analyzed-results`,
    { config: admins, schema: { tags, params: AlertEmailKey, response: { 200: z.array(AlertAnalysisVersion) } } },
    async (req) =>
      versionsOf(database, Number((await alertByUid(database, req.params.tenantId, req.params.emailUid)).id)),
  );

  r.get(
    `${BASE}/alert-emails/:tenantId/:emailUid/training-data`,
    { config: admins, schema: { tags, params: AlertEmailKey, response: { 200: AlertTrainingData } } },
    async (req) => trainingData(database, req.params.tenantId, req.params.emailUid),
  );

  r.get(
    `${BASE}/alert-emails/:tenantId/:emailUid/download`,
    { config: admins, schema: { tags, params: AlertEmailKey } },
    async (req, reply) => {
      const row = await alertByUid(database, req.params.tenantId, req.params.emailUid);
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-disposition', `attachment; filename="${emlFileName(Number(row.id), row.subject)}"`)
        .send(await deps.blobs.get(row.blob_key));
    },
  );

  r.post(
    `${BASE}/alert-emails/:tenantId/:emailUid/reparse`,
    { config: admins, schema: { tags, params: AlertEmailKey, response: { 200: ReparseStarted } } },
    async (req) => {
      const row = await alertByUid(database, req.params.tenantId, req.params.emailUid);
      const follow = (id: number) => afterAnalysis(database, id);
      return { instanceId: await startReparse(database, row.tenant_id, Number(row.id), follow) };
    },
  );

  r.get(
    `${BASE}/reparse/:instanceId`,
    { config: admins, schema: { tags, params: Instance, response: { 200: ReparseStatus } } },
    async (req) => reparseStatus(database, null, req.params.instanceId),
  );

  r.get(`${BASE}/ner-labels`, { config: admins, schema: { tags, response: { 200: z.array(NerLabel) } } }, async () =>
    nerLabels(database),
  );
  r.post(
    `${BASE}/ner-labels`,
    { config: admins, schema: { tags, body: NerLabelCreate, response: { 200: NerLabel } } },
    async (req) => createNerLabel(database, req.body),
  );
  r.put(
    `${BASE}/ner-labels`,
    { config: admins, schema: { tags, body: NerLabelRename, response: { 200: NerLabel } } },
    async (req) => renameNerLabel(database, req.body),
  );
  r.delete(
    `${BASE}/ner-labels/:id`,
    { config: admins, schema: { tags, params: Id, response: { 200: OkBody } } },
    async (req) => {
      await deleteNerLabel(database, req.params.id);
      return Deleted;
    },
  );

  r.get(
    `${BASE}/classifications`,
    { config: admins, schema: { tags, response: { 200: z.array(AlertClassificationItem) } } },
    async () => classifications(database),
  );
  r.post(
    `${BASE}/classifications`,
    { config: admins, schema: { tags, body: AlertClassificationInput, response: { 200: AlertClassificationItem } } },
    async (req) => saveClassification(database, req.body),
  );
  r.put(
    `${BASE}/classifications/:id`,
    {
      config: admins,
      schema: { tags, params: Id, body: AlertClassificationInput, response: { 200: AlertClassificationItem } },
    },
    async (req) => saveClassification(database, req.body, req.params.id),
  );
  r.delete(
    `${BASE}/classifications/:id`,
    { config: admins, schema: { tags, params: Id, response: { 200: OkBody } } },
    async (req) => {
      await deleteClassification(database, req.params.id);
      return Deleted;
    },
  );

  r.get(
    `${BASE}/alert-types`,
    { config: admins, schema: { tags, response: { 200: z.array(AlertTypeItem) } } },
    async () => alertTypes(database),
  );
  r.put(
    `${BASE}/alert-types`,
    { config: admins, schema: { tags, body: AlertTypesInput, response: { 200: z.array(AlertTypeItem) } } },
    async (req) => saveAlertTypes(database, req.body),
  );

  r.post(
    `${BASE}/suggest-category`,
    { config: admins, schema: { tags, body: SuggestCategoryInput, response: { 200: SuggestCategoryResult } } },
    async (req) => {
      const c = suggestWith(req.body.Subject, req.body.Body, (await activeModel(database)).model);
      return { Classification: toClassification(c) };
    },
  );

  r.get(`${BASE}/model`, { config: admins, schema: { tags, response: { 200: AlertModelOverview } } }, async () =>
    modelOverview(database),
  );
  r.post(
    `${BASE}/model/retrain`,
    { config: admins, schema: { tags, response: { 200: AlertRetrainResult } } },
    async (req) => retrain(database, await editor(req.auth.userId)),
  );
  r.post(
    `${BASE}/model/:id/promote`,
    { config: admins, schema: { tags, params: ModelId, response: { 200: AlertModelOverview } } },
    async (req) => promote(database, req.params.id),
  );
}
