import type { PsaTicketInput } from '../src/modules/integrations/psa/types.ts';

/** A ticket for a PSA client's createTicket: the given fields, every optional one left empty. */
export function psaTicketInput(
  fields: Pick<PsaTicketInput, 'companyId' | 'summary' | 'description'> & Partial<PsaTicketInput>,
): PsaTicketInput {
  return {
    boardId: null,
    boardName: null,
    priorityId: null,
    statusId: null,
    typeId: null,
    subTypeId: null,
    itemId: null,
    sourceId: null,
    ticketTypeId: null,
    categoryId: null,
    category: null,
    subcategory: null,
    urgency: null,
    impact: null,
    groupId: null,
    callerId: null,
    publicNotes: false,
    noteTypeId: null,
    ...fields,
  };
}
