// One backup (`api/backups/{id}`): read, edit and pause.
import { AdditionalFieldValues, IdParam, PauseBody, PolicyEdit, PolicyRow } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { fieldValues, saveFieldValues } from '../lookups/fields-service.ts';
import { editPolicies, pausePolicy } from './operations.ts';
import { policiesByIds } from './service.ts';
import { tags, canRead, canEdit } from './route-access.ts';

export function backupIdRoutes(app: App, deps: Deps): void {
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
  // A backup as one reads it: its row and its values of the tenant's extra fields.
  const BackupAnswer = PolicyRow.extend({ AdditionalFields: AdditionalFieldValues });
  const withFields = async (req: FastifyRequest, id: number) => ({
    ...(await one(req, id)),
    AdditionalFields: await fieldValues(database, tenantOf(req), id),
  });

  r.get(
    '/api/backups/:id',
    { config: canRead, schema: { tags, params: IdParam, response: { 200: BackupAnswer } } },
    async (req) => withFields(req, req.params.id),
  );
  r.put(
    '/api/backups/:id',
    {
      config: canEdit,
      schema: {
        tags,
        params: IdParam,
        body: PolicyEdit.omit({ PolicyId: true }).extend({ AdditionalFields: AdditionalFieldValues.optional() }),
        response: { 200: BackupAnswer },
      },
    },
    async (req) => {
      const { Activate, AdditionalFields, ...settings } = req.body;
      if (AdditionalFields) {
        await one(req, req.params.id);
        await saveFieldValues(database, tenantOf(req), req.params.id, AdditionalFields);
      }
      await editPolicies(ctx, actorOf(req), await visible(req), [req.params.id], settings, {
        activate: Activate,
        tags: 'replace',
      });
      return withFields(req, req.params.id);
    },
  );
  r.post(
    '/api/backups/:id/pause',
    { config: canEdit, schema: { tags, params: IdParam, body: PauseBody, response: { 200: PolicyRow } } },
    async (req) => {
      await pausePolicy(database, actorOf(req), await visible(req), req.params.id, req.body.Until);
      return one(req, req.params.id);
    },
  );
}
