import type { Deps } from '../../../deps.ts';
import { psaForTenant } from '../../integrations/service.ts';
import type { PsaTicketInput } from '../../integrations/psa/types.ts';
import { PsaError } from '../../integrations/psa/types.ts';
import { idText } from './store.ts';
import { DeliveryError, type DeliveredRef, type DeliveryItem } from './delivery-types.ts';

/** The PSA company a ticket goes to: its backups' PSA company, else the profile's catch-all. */
async function psaCompanyOf(deps: Deps, item: DeliveryItem): Promise<string | null> {
  const r = await deps.database.query<{ psa_id: string }>(
    `SELECT c.psa_id FROM ticket_backups tb JOIN backups b ON b.id = tb.backup_id JOIN companies c ON c.id = b.company_id
      WHERE tb.ticket_id = $1 AND c.type = 0 AND c.psa_id IS NOT NULL
      ORDER BY tb.unlinked_at IS NULL DESC, tb.created_at LIMIT 1`,
    [item.ticket.id],
  );
  if (r.rows[0]) return r.rows[0].psa_id;
  const catchAll = idText(item.profile?.settings.CatchAllCompany);
  if (!catchAll) return null;
  const c = await deps.database.query<{ psa_id: string | null }>(
    'SELECT psa_id FROM companies WHERE tenant_id = $1 AND id = $2 AND type = 0',
    [item.tenantId, Number(catchAll)],
  );
  return c.rows[0]?.psa_id ?? null;
}

function wrap(err: unknown): DeliveryError {
  if (err instanceof DeliveryError) return err;
  if (err instanceof PsaError) return new DeliveryError(err.message, err.retryable, err.retryAfterSeconds);
  return new DeliveryError(err instanceof Error ? err.message : String(err), true);
}

/** Creates, notes and closes tickets in the tenant's PSA with the profile's fields. */
export async function deliverPsa(deps: Deps, item: DeliveryItem): Promise<DeliveredRef | void> {
  const psa = await psaForTenant(deps, item.tenantId).catch((err: unknown) => {
    throw wrap(err);
  });
  if (!psa) throw new DeliveryError('The PSA integration is not configured any more', false);
  const s = item.profile?.settings ?? {};
  const publicNotes = s.PublicNotes === true;
  try {
    if (item.action === 'create') {
      if (!item.profile) throw new DeliveryError('The ticket profile was deleted', false);
      const companyId = await psaCompanyOf(deps, item);
      if (!companyId)
        throw new DeliveryError('No PSA company: the backup has none and the profile has no catch-all company', false);
      const boardName = typeof s.DefaultCrmBoard === 'string' && s.DefaultCrmBoard.trim() ? s.DefaultCrmBoard : null;
      let boardId: string | null = null;
      if (boardName) {
        // Profiles keep the board's label; PSAs that need its id get it from the board list.
        const boards = await psa.client.lookup('service-boards').catch(() => null);
        boardId = boards?.find((b) => b.Name.toLowerCase() === boardName.toLowerCase())?.Id ?? null;
      }
      const input: PsaTicketInput = {
        companyId,
        summary: item.payload.subject ?? item.ticket.subject,
        description: item.payload.text,
        boardId,
        boardName,
        priorityId: idText(s.TicketPriority),
        statusId: idText(s.NewTicketStatusId),
        typeId: idText(s.TypeId),
        subTypeId: idText(s.SubTypeId),
        itemId: idText(s.ItemId),
        sourceId: idText(s.SourceId),
        ticketTypeId: idText(s.TicketTypeId),
        categoryId: idText(s.TicketCategoryId),
        category: idText(s.Category),
        subcategory: idText(s.Subcategory),
        urgency: idText(s.Urgency),
        impact: idText(s.Impact),
        groupId: idText(s.Group),
        callerId: idText(s.Caller),
        publicNotes,
        noteTypeId: idText(s.TicketNoteTypeId),
      };
      const ref = await psa.client.createTicket(input);
      return { externalId: ref.id, externalNumber: ref.number, externalUrl: ref.url, psaCompanyId: companyId };
    }
    const ticketId = item.ticket.externalId;
    if (!ticketId) throw new DeliveryError('The ticket was never created in the PSA', false);
    const closed = idText(s.ClosedTicketStatusId);
    if (item.action === 'close' && closed) await psa.client.setStatus(ticketId, closed, item.payload.text, publicNotes);
    else await psa.client.addNote(ticketId, item.payload.text, publicNotes);
  } catch (err) {
    throw wrap(err);
  } finally {
    await psa.flush().catch(() => undefined);
  }
}
