import type { Deps } from '../deps.ts';
import type { JobDefinition, Jobs } from '../platform/jobs.ts';
import {
  deliverDue,
  evaluateTenant,
  kickDelivery,
  TICKETING_DELIVER_QUEUE,
} from '../modules/ticketing/engine/index.ts';

export const TICKETING_EVALUATE_QUEUE = 'ticketing-evaluate';
export { TICKETING_DELIVER_QUEUE };
/** Tenants with enabled rules are evaluated at least this often, dirty or not (the clock moves days). */
const FULL_EVALUATION_MINUTES = 15;

/**
 * Queues an evaluation per tenant now (after day statuses changed) and wakes the local worker;
 * a second change within the same second queues one more run in the next second.
 */
export function queueTicketEvaluation(jobs: Jobs, tenantIds: number[]): void {
  const sends = [...new Set(tenantIds)].map((tenantId) =>
    jobs.send(
      TICKETING_EVALUATE_QUEUE,
      { tenantId },
      {
        singletonKey: `tenant:${tenantId}`,
        singletonSeconds: 1,
        singletonNextSlot: true,
      },
    ),
  );
  void Promise.all(sends)
    .then(() => jobs.notify(TICKETING_EVALUATE_QUEUE))
    .catch((err: unknown) => console.error('[ticketing]', err instanceof Error ? err.message : err));
}

async function dueTenants(deps: Pick<Deps, 'database'>): Promise<number[]> {
  const r = await deps.database.query<{ tenant_id: number }>(
    `SELECT e.tenant_id FROM ticket_evaluations e JOIN tenants t ON t.id = e.tenant_id AND t.is_enabled WHERE e.dirty
     UNION
     SELECT DISTINCT r.tenant_id FROM ticket_rules r
       JOIN tenants t ON t.id = r.tenant_id AND t.is_enabled
       LEFT JOIN ticket_evaluations e ON e.tenant_id = r.tenant_id
      WHERE r.is_enabled AND (e.evaluated_at IS NULL OR e.evaluated_at < now() - make_interval(mins => $1))`,
    [FULL_EVALUATION_MINUTES],
  );
  return r.rows.map((x) => x.tenant_id);
}

/**
 * Evaluates ticket rules: a job carrying `tenantId` (queued when that tenant's days changed)
 * evaluates it when it is still marked dirty; the minute cron evaluates every dirty tenant and,
 * every quarter of an hour, every tenant with enabled rules. Deliveries follow at once. A disabled
 * tenant raises no tickets: it stays marked dirty and is evaluated once it is enabled again.
 */
export function ticketingEvaluateJob(deps: Deps): JobDefinition {
  return {
    name: TICKETING_EVALUATE_QUEUE,
    cron: '* * * * *',
    handler: async (data) => {
      const one = (data as { tenantId?: unknown } | null)?.tenantId;
      let tenants: number[];
      if (typeof one === 'number') {
        const r = await deps.database.query(
          `SELECT 1 FROM ticket_evaluations e JOIN tenants t ON t.id = e.tenant_id AND t.is_enabled
            WHERE e.tenant_id = $1 AND e.dirty`,
          [one],
        );
        tenants = r.rows.length ? [one] : [];
      } else tenants = await dueTenants(deps);
      let changed = 0;
      for (const tenantId of tenants) {
        try {
          const r = await evaluateTenant(deps, tenantId);
          changed += r.opened + r.noted + r.closed;
        } catch (err) {
          console.error('[ticketing] evaluation failed', tenantId, err instanceof Error ? err.message : err);
        }
      }
      if (changed) kickDelivery(deps);
    },
  };
}

/** The outbox worker: every minute, and right after an evaluation queued something. */
export function ticketingDeliverJob(deps: Deps): JobDefinition {
  return {
    name: TICKETING_DELIVER_QUEUE,
    cron: '* * * * *',
    handler: async () => {
      // Runs until nothing due is left, a batch at a time.
      while ((await deliverDue(deps, { limit: 100 })) >= 100);
    },
  };
}

export function ticketingJobs(deps: Deps): JobDefinition[] {
  return [ticketingEvaluateJob(deps), ticketingDeliverJob(deps)];
}
