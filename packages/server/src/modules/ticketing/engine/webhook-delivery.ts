import { createHmac } from 'node:crypto';
import type { Deps } from '../../../deps.ts';
import { TICKET_GROUP_LABELS, type TicketGroupByValue } from '@vigil/contract';
import { DeliveryError, type DeliveredRef, type DeliveryItem } from './delivery-types.ts';
import { openWebhookSecret } from './secrets.ts';
import { statusName } from './texts.ts';
import { outboundFetch } from '../../../platform/outbound-fetch.ts';
import { OutboundRefused, outboundPolicy } from '../../../platform/outbound.ts';

export const WEBHOOK_TIMEOUT_MS = 15_000;

const EVENTS = { create: 'ticket.opened', note: 'ticket.noted', close: 'ticket.closed' } as const;

/** `sha256=<hex>` over "{timestamp}.{body}": receivers recompute it with the shared secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

async function backupsOf(deps: Deps, item: DeliveryItem) {
  const ids = item.payload.backupIds ?? [];
  const r = await deps.database.query<{
    id: number;
    device_name: string;
    job_name: string;
    vendor: string;
    company: string | null;
    current_status: number;
  }>(
    `SELECT b.id, b.device_name, b.job_name, b.vendor, c.name AS company, b.current_status
       FROM ticket_backups tb JOIN backups b ON b.id = tb.backup_id LEFT JOIN companies c ON c.id = b.company_id
      WHERE tb.ticket_id = $1 AND (tb.backup_id = ANY($2::int[]) OR cardinality($2::int[]) = 0)
      ORDER BY b.id`,
    [item.ticket.id, ids],
  );
  return r.rows.map((b) => ({
    id: b.id,
    device: b.device_name,
    job: b.job_name,
    vendor: b.vendor,
    company: b.company,
    status: statusName(b.current_status),
  }));
}

/**
 * Webhook tickets: a signed JSON POST per change. The outbox id travels as X-Vigil-Delivery so
 * receivers can drop a repeat; any answer but 2xx is retried by the outbox.
 */
export async function deliverWebhook(deps: Deps, item: DeliveryItem): Promise<DeliveredRef | void> {
  if (!item.profile) throw new DeliveryError('The ticket profile was deleted', false);
  const url = typeof item.profile.settings.WebhookUrl === 'string' ? item.profile.settings.WebhookUrl : '';
  if (!url) throw new DeliveryError('The ticket profile has no webhook URL', false);
  const secret = await openWebhookSecret(deps, item.tenantId, item.profile.webhookSecret);
  if (!secret) throw new DeliveryError('The webhook secret cannot be read; enter it again on the profile', false);
  const event = EVENTS[item.action];
  const t = item.ticket;
  const body = JSON.stringify({
    event,
    ticket: {
      id: t.id,
      subject: t.subject,
      description: t.description,
      status: statusName(t.status),
      // A create is the ticket opening: it is Open from the receiver's point of view.
      state: item.action === 'create' && t.state === 'Pending' ? 'Open' : t.state,
      groupBy: TICKET_GROUP_LABELS[t.groupBy as TicketGroupByValue] ?? String(t.groupBy),
      group: t.groupLabel,
      ruleId: t.ruleId,
      profile: item.profile.name,
      manual: t.manual,
      openedAt: t.openedAt.toISOString(),
      closedAt: t.closedAt ? t.closedAt.toISOString() : null,
    },
    note: item.action === 'create' ? null : item.payload.text,
    backups: await backupsOf(deps, item),
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  let res: Response;
  try {
    res = await outboundFetch(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Vigil-Webhook/1',
          'x-vigil-event': event,
          'x-vigil-delivery': String(item.outboxId),
          'x-vigil-timestamp': timestamp,
          'x-vigil-signature': webhookSignature(secret, timestamp, body),
        },
        body,
        // A redirect is an answer like any other (not 2xx): it is never followed.
        maxRedirects: 0,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      outboundPolicy(deps.config),
    );
  } catch (err) {
    // The address stays refused until someone changes the profile: no retry.
    if (err instanceof OutboundRefused) throw new DeliveryError(`Webhook refused: ${err.message}`, false);
    throw new DeliveryError(`Webhook unreachable: ${err instanceof Error ? err.message : String(err)}`, true);
  }
  await res.body?.cancel().catch(() => undefined);
  if (res.status < 200 || res.status > 299) throw new DeliveryError(`Webhook answered HTTP ${res.status}`, true);
  if (item.action === 'create') return { externalId: null, externalNumber: null, externalUrl: null };
}
