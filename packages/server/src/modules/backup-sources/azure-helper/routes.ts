import {
  AzureCreateAppBody,
  AzureCreateKeyBody,
  AzureSessionBody,
  AzureSubscriptionBody,
  AzureTenantBody,
  AzureVerifyBody,
} from '@vigil/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../../deps.ts';
import { tenantOf } from '../../../platform/auth/guard.ts';
import { errorBody } from '../../../platform/errors.ts';
import { typed, type App } from '../../../platform/http.ts';
import { MicrosoftError } from './microsoft.ts';
import { AzureHelper, type Caller } from './service.ts';
import { HelperError } from './session.ts';

/**
 * The guided Azure Backup set-up (platform §7, api/integration/azure): tenant admins only, like
 * every other integration write. A refusal answers the error envelope with `errorCode` and
 * `errorMessage` (Microsoft's code and words when Microsoft refused).
 */
const canEdit = { access: { permissions: ['integration.editintegrations'] } };
const tags = ['Backup integrations'];
const base = '/api/integration/azure';

const caller = (req: FastifyRequest): Caller => ({ tenantId: tenantOf(req), userId: req.auth.userId });

async function answer<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (err) {
    let code: string;
    let status: number;
    if (err instanceof HelperError) {
      code = err.code;
      status = err.status;
    } else if (err instanceof MicrosoftError) {
      code = err.code;
      // Microsoft unreachable or failing is not the caller's fault.
      status = err.status === 0 || err.status >= 500 ? 502 : 400;
    } else throw err;
    const message = (err as Error).message;
    return reply.code(status).send({ ...errorBody(status, message), errorCode: code, errorMessage: message });
  }
}

export function azureHelperRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const helper = new AzureHelper(deps);
  const post = { config: canEdit };

  r.post(`${base}/verify-credentials`, { ...post, schema: { tags, body: AzureVerifyBody } }, (req, reply) =>
    answer(reply, () => helper.verify(caller(req), req.body)),
  );
  r.post(`${base}/tenants/get`, { ...post, schema: { tags, body: AzureSessionBody } }, (req, reply) =>
    answer(reply, () => helper.tenants(caller(req), req.body.Session)),
  );
  r.post(`${base}/subscriptions/get`, { ...post, schema: { tags, body: AzureTenantBody } }, (req, reply) =>
    answer(reply, () => helper.subscriptions(caller(req), req.body.Session, req.body.TenantId)),
  );
  r.post(`${base}/subscriptions/get-name`, { ...post, schema: { tags, body: AzureSubscriptionBody } }, (req, reply) =>
    answer(reply, () =>
      helper.subscriptionName(caller(req), req.body.Session, req.body.TenantId, req.body.SubscriptionId),
    ),
  );
  r.post(`${base}/vaults/get`, { ...post, schema: { tags, body: AzureSubscriptionBody } }, (req, reply) =>
    answer(reply, () => helper.vaults(caller(req), req.body.Session, req.body.TenantId, req.body.SubscriptionId)),
  );
  r.post(`${base}/applications/get`, { ...post, schema: { tags, body: AzureTenantBody } }, (req, reply) =>
    answer(reply, () => helper.applications(caller(req), req.body.Session, req.body.TenantId)),
  );
  r.post(`${base}/applications/create`, { ...post, schema: { tags, body: AzureCreateAppBody } }, (req, reply) =>
    answer(reply, () =>
      helper.createApplication(caller(req), req.body.Session, req.body.TenantId, req.body.DisplayName),
    ),
  );
  r.post(`${base}/applications/keys/create`, { ...post, schema: { tags, body: AzureCreateKeyBody } }, (req, reply) =>
    answer(reply, () => helper.createKey(caller(req), req.body)),
  );
}
