// Reactivating, deleting and merging backups (`api/policy-operation`).
import { MergePolicies, OperationAnswer, PolicyBatchOperation, PolicyOperation } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { deletePolicies, mergePolicies, reactivatePolicies } from './operations.ts';
import { tags, canEdit, answer } from './route-access.ts';

export function policyLifecycleRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const visible = (req: FastifyRequest) => visibleCompanies(database, req);

  const ctx = deps;

  r.put(
    '/api/policy-operation/reactivate',
    { config: canEdit, schema: { tags, body: PolicyOperation, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Backup reactivated',
        await reactivatePolicies(ctx, actorOf(req), await visible(req), [req.body.PolicyId]),
      ),
  );
  r.put(
    '/api/policy-operation/reactivate-batch',
    { config: canEdit, schema: { tags, body: PolicyBatchOperation, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Backups reactivated',
        await reactivatePolicies(ctx, actorOf(req), await visible(req), req.body.PolicyIds),
      ),
  );
  r.post(
    '/api/policy-operation/delete',
    { config: canEdit, schema: { tags, body: PolicyOperation, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Successfully deleted.',
        await deletePolicies(ctx, actorOf(req), await visible(req), [req.body.PolicyId], !!req.body.ClosePsaTicket),
      ),
  );
  r.post(
    '/api/policy-operation/delete-batch',
    { config: canEdit, schema: { tags, body: PolicyBatchOperation, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Successfully deleted.',
        await deletePolicies(ctx, actorOf(req), await visible(req), req.body.PolicyIds, !!req.body.ClosePsaTicket),
      ),
  );
  r.post(
    '/api/policy-operation/merge-polices',
    { config: canEdit, schema: { tags, body: MergePolicies, response: { 200: OperationAnswer } } },
    async (req) =>
      answer(
        'Backups merged',
        await mergePolicies(ctx, actorOf(req), await visible(req), req.body.SourcePolicyId, req.body.TargetPolicyId),
      ),
  );
}
