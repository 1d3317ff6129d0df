import type { Deps } from '../../../deps.ts';
import { addEvent } from './store.ts';
import { DeliveryError, type Deliverer, type DeliveryItem } from './delivery-types.ts';
import { deliverPsa } from './psa-delivery.ts';
import { deliverEmail } from './email-delivery.ts';
import { deliverWebhook } from './webhook-delivery.ts';

export const TICKETING_DELIVER_QUEUE = 'ticketing-deliver';

/**
 * Wakes the outbox worker (no-op without a job queue). At most one run per second: a kick in a
 * second that already has one is put into the next second rather than dropped.
 */
export function kickDelivery(deps: Pick<Deps, 'jobs'>): void {
  const jobs = deps.jobs;
  if (!jobs) return;
  void jobs
    .send(TICKETING_DELIVER_QUEUE, {}, { singletonKey: 'deliver', singletonSeconds: 1, singletonNextSlot: true })
    .then(() => jobs.notify(TICKETING_DELIVER_QUEUE))
    .catch(() => undefined);
}

/** Attempts before an action is given up. */
export const MAX_ATTEMPTS = 8;
/** Requests in flight per tenant (one PSA integration each): PSAs rate-limit per key. */
export const PER_TENANT_CONCURRENCY = 3;
/** A claimed row is left alone this long; a worker that died mid-delivery is retried after it. */
const LEASE_SECONDS = 300;

const DELIVERERS: Record<number, Deliverer> = { 1: deliverPsa, 2: deliverEmail, 3: deliverWebhook };

/** 1 min × 2^attempts, capped at an hour; the PSA's Retry-After wins when it said one. */
export function backoffSeconds(attempts: number, retryAfterSeconds: number | null): number {
  if (retryAfterSeconds !== null && retryAfterSeconds >= 0) return Math.min(Math.max(retryAfterSeconds, 1), 3600);
  return Math.min(60 * 2 ** attempts, 3600);
}

interface ClaimedRow {
  id: number;
  tenant_id: number;
  ticket_id: number;
  action: 'create' | 'note' | 'close';
  payload: DeliveryItem['payload'];
  attempts: number;
}

/**
 * Claims due outbox rows: queued, due, and (for notes and closes) whose ticket's create is
 * done. SKIP LOCKED plus a lease on next_attempt_at keep two workers off the same row.
 */
async function claim(deps: Deps, now: Date, limit: number, tenantId?: number): Promise<ClaimedRow[]> {
  return deps.database.transaction(async (q) => {
    const r = await q<ClaimedRow>(
      `WITH due AS (
         SELECT o.id FROM ticket_outbox o
          WHERE o.state = 'queued' AND o.next_attempt_at <= $1 ${tenantId ? 'AND o.tenant_id = $3' : ''}
            AND (o.action = 'create' OR NOT EXISTS (
                  SELECT 1 FROM ticket_outbox c WHERE c.ticket_id = o.ticket_id AND c.action = 'create' AND c.state <> 'done'))
          ORDER BY o.id LIMIT $2 FOR UPDATE SKIP LOCKED)
       UPDATE ticket_outbox o SET next_attempt_at = $1::timestamptz + interval '${LEASE_SECONDS} seconds'
         FROM due WHERE o.id = due.id
       RETURNING o.id, o.tenant_id, o.ticket_id, o.action, o.payload, o.attempts`,
      tenantId ? [now, limit, tenantId] : [now, limit],
    );
    return r.rows.map((x) => ({ ...x, id: Number(x.id) }));
  });
}

async function itemOf(deps: Deps, row: ClaimedRow): Promise<DeliveryItem | null> {
  const r = await deps.database.query<{
    id: number;
    kind: number;
    subject: string;
    description: string;
    status: number;
    state: string;
    group_by: number;
    group_label: string;
    manual: boolean;
    external_id: string | null;
    external_number: string | null;
    external_url: string | null;
    opened_at: Date | string;
    closed_at: Date | string | null;
    rule_id: number | null;
    p_id: number | null;
    p_name: string | null;
    p_settings: Record<string, unknown> | null;
    p_email: number | null;
    p_secret: string | null;
  }>(
    `SELECT t.id, t.kind, t.subject, t.description, t.status, t.state, t.group_by, t.group_label, t.manual,
            t.external_id, t.external_number, t.external_url, t.created_at AS opened_at, t.closed_at, t.rule_id,
            p.id AS p_id, p.name AS p_name, p.settings AS p_settings, p.email_settings_id AS p_email,
            p.webhook_secret AS p_secret
       FROM tickets t LEFT JOIN ticket_profiles p ON p.id = t.profile_id
      WHERE t.id = $1`,
    [row.ticket_id],
  );
  const t = r.rows[0];
  if (!t) return null;
  return {
    outboxId: row.id,
    tenantId: row.tenant_id,
    action: row.action,
    payload: row.payload,
    attempts: row.attempts,
    ticket: {
      id: t.id,
      kind: t.kind,
      subject: t.subject,
      description: t.description,
      status: t.status,
      state: t.state,
      groupBy: t.group_by,
      groupLabel: t.group_label,
      manual: t.manual,
      externalId: t.external_id,
      externalNumber: t.external_number,
      externalUrl: t.external_url,
      openedAt: new Date(t.opened_at),
      closedAt: t.closed_at ? new Date(t.closed_at) : null,
      ruleId: t.rule_id,
    },
    profile:
      t.p_id === null
        ? null
        : {
            id: t.p_id,
            name: t.p_name ?? '',
            settings: t.p_settings ?? {},
            emailSettingsId: t.p_email,
            webhookSecret: t.p_secret,
          },
  };
}

const ACTION_WORDS = { create: 'Created', note: 'Note added', close: 'Closed' } as const;

async function deliverOne(deps: Deps, row: ClaimedRow, now: Date): Promise<boolean> {
  const item = await itemOf(deps, row);
  if (!item) return false;
  try {
    const deliver = DELIVERERS[item.ticket.kind];
    if (!deliver) throw new DeliveryError(`Unknown ticket kind ${item.ticket.kind}`, false);
    const ref = await deliver(deps, item);
    await deps.database.transaction(async (q) => {
      await q(
        `UPDATE ticket_outbox SET state = 'done', done_at = now(), attempts = attempts + 1, last_error = NULL
          WHERE id = $1`,
        [row.id],
      );
      if (row.action === 'create') {
        await q(
          `UPDATE tickets SET external_id = COALESCE($2, external_id), external_number = COALESCE($3, external_number),
                  external_url = COALESCE($4, external_url), psa_company_id = COALESCE($5, psa_company_id),
                  state = CASE WHEN state = 'Pending' THEN 'Open' ELSE state END, last_error = NULL, updated_at = now()
            WHERE id = $1`,
          [
            row.ticket_id,
            ref?.externalId ?? null,
            ref?.externalNumber ?? null,
            ref?.externalUrl ?? null,
            ref?.psaCompanyId ?? null,
          ],
        );
      }
      const where = ref?.externalNumber ? ` (#${ref.externalNumber})` : '';
      await addEvent(q, row.tenant_id, row.ticket_id, 'delivered', `${ACTION_WORDS[row.action]}${where}`);
    });
    return true;
  } catch (err) {
    const e =
      err instanceof DeliveryError ? err : new DeliveryError(err instanceof Error ? err.message : String(err), true);
    const attempts = row.attempts + 1;
    const giveUp = !e.retryable || attempts >= MAX_ATTEMPTS;
    const message = e.message.slice(0, 1000);
    await deps.database.transaction(async (q) => {
      if (!giveUp) {
        const wait = backoffSeconds(row.attempts, e.retryAfterSeconds);
        await q(
          `UPDATE ticket_outbox SET attempts = $2, last_error = $3,
                  next_attempt_at = $4::timestamptz + make_interval(secs => $5) WHERE id = $1`,
          [row.id, attempts, message, now, wait],
        );
        await q('UPDATE tickets SET last_error = $2, updated_at = now() WHERE id = $1', [row.ticket_id, message]);
        return;
      }
      await q(`UPDATE ticket_outbox SET state = 'failed', attempts = $2, last_error = $3 WHERE id = $1`, [
        row.id,
        attempts,
        message,
      ]);
      if (row.action === 'create') {
        // Nothing of this ticket can reach its target now: the rest of its queue fails with it.
        await q(
          `UPDATE ticket_outbox SET state = 'failed', last_error = 'The ticket could not be created'
            WHERE ticket_id = $1 AND state = 'queued'`,
          [row.ticket_id],
        );
        await q(
          `UPDATE tickets SET state = 'Failed', last_error = $2, updated_at = now(),
                  closed_at = COALESCE(closed_at, now()) WHERE id = $1`,
          [row.ticket_id, message],
        );
      } else {
        await q('UPDATE tickets SET last_error = $2, updated_at = now() WHERE id = $1', [row.ticket_id, message]);
      }
      await addEvent(q, row.tenant_id, row.ticket_id, 'error', `${ACTION_WORDS[row.action]} failed: ${message}`);
    });
    return false;
  }
}

/** Runs `fn` over items with at most `n` at once. */
async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(lanes);
}

/**
 * The outbox worker: delivers due actions and answers how many succeeded. A ticket's actions
 * go in order (create, then its notes, then the close); each tenant has a few requests in
 * flight at most. Passes repeat while a pass delivered something, so a note queued behind a
 * create goes out in the same run.
 */
export async function deliverDue(
  deps: Deps,
  opts: { tenantId?: number; limit?: number; now?: Date } = {},
): Promise<number> {
  const limit = opts.limit ?? 100;
  let delivered = 0;
  for (let pass = 0; pass < 5 && delivered < limit; pass++) {
    const now = opts.now ?? new Date();
    const rows = await claim(deps, now, limit - delivered, opts.tenantId);
    if (!rows.length) break;
    const byTenant = new Map<number, Map<number, ClaimedRow[]>>();
    for (const r of rows) {
      const tickets = byTenant.get(r.tenant_id) ?? new Map<number, ClaimedRow[]>();
      tickets.set(r.ticket_id, [...(tickets.get(r.ticket_id) ?? []), r]);
      byTenant.set(r.tenant_id, tickets);
    }
    let passDelivered = 0;
    await Promise.all(
      [...byTenant.values()].map((tickets) =>
        pool([...tickets.values()], PER_TENANT_CONCURRENCY, async (list) => {
          for (const [i, row] of list.entries()) {
            if (await deliverOne(deps, row, now)) {
              passDelivered++;
              continue;
            }
            // The rest of this ticket's queue waits: order matters more than speed.
            const rest = list.slice(i + 1).map((r) => r.id);
            if (rest.length)
              await deps.database.query(
                `UPDATE ticket_outbox SET next_attempt_at = (SELECT next_attempt_at FROM ticket_outbox WHERE id = $2)
                  WHERE id = ANY($1::bigint[]) AND state = 'queued'`,
                [rest, row.id],
              );
            break;
          }
        }),
      ),
    );
    delivered += passDelivered;
    if (!passDelivered) break;
  }
  return delivered;
}
