// Editing and retiring backups (`api/policy-operation`, one transaction each).
import { OperationAnswer, PolicyBatchEdit, PolicyBatchOperation, PolicyEdit, PolicyOperation } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { editPolicies, retirePolicies } from './operations.ts';
import { tags, canEdit, answer } from './route-access.ts';

export function policyEditRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const visible = (req: FastifyRequest) => visibleCompanies(database, req);

  const ctx = deps;

  r.put(
    '/api/policy-operation',
    { config: canEdit, schema: { tags, body: PolicyEdit, response: { 200: OperationAnswer } } },
    async (req) => {
      const { PolicyId, Activate, ...settings } = req.body;
      const o = await editPolicies(ctx, actorOf(req), await visible(req), [PolicyId], settings, {
        activate: Activate,
        tags: 'replace',
      });
      return answer(Activate ? 'Backup activated' : 'Backup saved', o);
    },
  );
  r.put(
    '/api/policy-operation/batch',
    { config: canEdit, schema: { tags, body: PolicyBatchEdit, response: { 200: OperationAnswer } } },
    async (req) => {
      const b = req.body;
      const o = await editPolicies(ctx, actorOf(req), await visible(req), b.PolicyIds, b.Settings, {
        activate: b.Activate,
        tags: b.TagsMode,
        standalone: b.Standalone,
      });
      const n = o.ids.length;
      return answer(`${n} backup${n === 1 ? '' : 's'} ${b.Activate ? 'activated' : 'saved'}`, o);
    },
  );
  r.put(
    '/api/policy-operation/retire',
    { config: canEdit, schema: { tags, body: PolicyOperation, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Backup retired',
        await retirePolicies(ctx, actorOf(req), await visible(req), [req.body.PolicyId], !!req.body.ClosePsaTicket),
      ),
  );
  r.put(
    '/api/policy-operation/retire-batch',
    { config: canEdit, schema: { tags, body: PolicyBatchOperation, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Backups retired',
        await retirePolicies(ctx, actorOf(req), await visible(req), req.body.PolicyIds, !!req.body.ClosePsaTicket),
      ),
  );
}
