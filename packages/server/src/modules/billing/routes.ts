import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  AdminPlan,
  AdminSubscriptionIdQuery,
  BillingOverview,
  Invoice,
  Plan,
  PlanChange,
  PlanHandle,
  PlanSession,
  PlanSessionRequest,
  Privilege,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { users } from '../../db/schema/index.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { BillingAdminService } from './admin-service.ts';
import { listInvoices, recordProviderInvoice } from './invoices.ts';
import { billingOverview } from './overview.ts';
import { verifyStripeSignature } from './providers/stripe-webhook.ts';
import { BillingService, providerFor } from './service.ts';
import { applyStripeEvent } from './webhook.ts';

const tags = ['Billing'];
const canView = { access: { permissions: ['settings.getPlans'] } };
/** Changing what the MSP pays is for its administrators. */
const canChange = { access: { permissions: ['settings.getPlans'], privilege: Privilege.tenantAdmin } };
const canInvoices = { access: { permissions: ['settings.getallinvoices'] } };
const billingAdmins = { access: { privilege: Privilege.billingAdminOrHigher } };
const TenantParam = z.object({ tenantId: z.coerce.number().int().positive() });
const IdParam = z.object({ id: z.coerce.number().int().positive() });

/** Settings → Billing and Invoices, the platform team's subscription levers, and Stripe's webhook. */
export function billingRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database, config } = deps;
  const billing = new BillingService(database, providerFor(config), config.publicUrl);
  const admin = new BillingAdminService(database, billing);

  r.get('/api/plan', { config: canView, schema: { tags, response: { 200: Plan } } }, async (req) =>
    billing.plan(tenantOf(req)),
  );

  r.put('/api/plan', { config: canChange, schema: { tags, body: PlanChange, response: { 200: Plan } } }, async (req) =>
    billing.changePlan(tenantOf(req), req.body.Handle),
  );

  r.post(
    '/api/plan/session',
    { config: canChange, schema: { tags, body: PlanSessionRequest, response: { 200: PlanSession } } },
    async (req) => {
      const tenantId = tenantOf(req);
      const [me] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, req.auth.userId));
      return billing.session(tenantId, req.body, { email: me?.email ?? null });
    },
  );

  r.get(
    '/api/invoice/',
    { config: canInvoices, schema: { tags, response: { 200: z.array(Invoice) } } },
    async (req) => {
      const tenantId = tenantOf(req);
      const s = await billing.subscriptionOf(tenantId);
      if (billing.provider.hasCheckout && s?.providerCustomerId) {
        // Webhooks keep the list current; a read also catches up on any that were missed.
        try {
          for (const inv of await billing.provider.listInvoices(s.providerCustomerId))
            await recordProviderInvoice(database, tenantId, inv);
        } catch (err) {
          req.log.warn({ err }, 'invoice sync with the billing provider failed; showing stored invoices');
        }
      }
      return listInvoices(database, tenantId);
    },
  );

  r.get(
    '/api/admin/billing',
    { config: billingAdmins, schema: { tags, response: { 200: BillingOverview } } },
    async () => billingOverview(database, billing),
  );

  r.get(
    '/api/admin/plan/:tenantId',
    { config: billingAdmins, schema: { tags, params: TenantParam, response: { 200: AdminPlan } } },
    async (req) => admin.plan(req.params.tenantId),
  );

  r.put(
    '/api/admin/plan/:tenantId/:handle',
    {
      config: billingAdmins,
      schema: { tags, params: TenantParam.extend({ handle: PlanHandle }), response: { 200: AdminPlan } },
    },
    async (req) => admin.setPlan(req.params.tenantId, req.params.handle),
  );

  r.put(
    '/api/admin/set-subscription-id/:id',
    {
      config: billingAdmins,
      schema: { tags, params: IdParam, querystring: AdminSubscriptionIdQuery, response: { 200: AdminPlan } },
    },
    async (req) => admin.setSubscriptionId(req.params.id, req.query.subscriptionId),
  );

  r.put(
    '/api/admin/pause-subscription/:id',
    { config: billingAdmins, schema: { tags, params: IdParam, response: { 200: AdminPlan } } },
    async (req) => admin.pause(req.params.id),
  );

  r.put(
    '/api/admin/resume-subscription/:id',
    { config: billingAdmins, schema: { tags, params: IdParam, response: { 200: AdminPlan } } },
    async (req) => admin.resume(req.params.id),
  );

  // The signature covers the exact bytes Stripe sent, so this scope keeps JSON bodies as text.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    typed(scope).post(
      '/api/billing/stripe/webhook',
      {
        config: { access: { public: true } },
        schema: {
          tags,
          hide: true,
          response: { 200: z.object({ received: z.boolean(), handled: z.string() }) },
        },
      },
      async (req) => {
        const secret = config.STRIPE_WEBHOOK_SECRET;
        if (!secret || !billing.provider.hasCheckout) throw badRequest('Stripe webhooks are not configured.');
        const raw = typeof req.body === 'string' ? req.body : '';
        const header = req.headers['stripe-signature'];
        const reason = verifyStripeSignature(raw, Array.isArray(header) ? header[0] : header, secret);
        if (reason) throw badRequest(reason);
        let event: Parameters<typeof applyStripeEvent>[2];
        try {
          event = JSON.parse(raw);
        } catch {
          throw badRequest('The webhook body is not JSON.');
        }
        if (!event || typeof event.type !== 'string') throw badRequest('The webhook body is not a Stripe event.');
        return { received: true, handled: await applyStripeEvent(database, billing, event) };
      },
    );
  });
}
