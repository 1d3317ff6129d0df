import type { Deps } from '../../../deps.ts';
import { psaForTenant } from '../../integrations/service.ts';
import type { GroupAction } from './plan.ts';

export interface PsaTicketCheck {
  closed: boolean;
  reason: string;
}

/**
 * Asks the PSA, once per evaluation and ticket, about open PSA tickets that are about to get
 * a continuing-problem note. A ticket closed there, or set to one of the profile's ignored
 * statuses, counts as closed. When the PSA cannot be reached the ticket is left as it is.
 */
export async function checkPsaTickets(
  deps: Deps,
  tenantId: number,
  actions: GroupAction[],
): Promise<Map<number, PsaTicketCheck>> {
  const out = new Map<number, PsaTicketCheck>();
  const due = actions.filter(
    (a): a is Extract<GroupAction, { kind: 'continue' }> =>
      a.kind === 'continue' && a.note && a.ticket.kind === 1 && a.ticket.state === 'Open' && !!a.ticket.externalId,
  );
  if (!due.length) return out;
  let psa: Awaited<ReturnType<typeof psaForTenant>>;
  try {
    psa = await psaForTenant(deps, tenantId);
  } catch {
    return out;
  }
  if (!psa) return out;
  for (const a of due) {
    const ignored = new Set(
      (Array.isArray(a.group.rule.profile.settings.IgnoreTicketStatusIds)
        ? (a.group.rule.profile.settings.IgnoreTicketStatusIds as unknown[])
        : []
      ).map(String),
    );
    try {
      const t = await psa.client.getTicket(a.ticket.externalId!);
      if (!t) out.set(a.ticket.id, { closed: true, reason: 'The ticket no longer exists in the PSA' });
      else if (t.closed)
        out.set(a.ticket.id, { closed: true, reason: `Closed in the PSA (${t.statusName ?? 'closed'})` });
      else if (t.statusId !== null && ignored.has(String(t.statusId)))
        out.set(a.ticket.id, { closed: true, reason: `Set to ${t.statusName ?? t.statusId} in the PSA` });
    } catch {
      // Unknown: keep the ticket; the note goes out and the check repeats next time.
    }
  }
  return out;
}
