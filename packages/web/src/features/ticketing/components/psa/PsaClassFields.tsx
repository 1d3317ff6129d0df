// How a ticket is classed: the Halo ticket type and the priority; and the ticket category.
import { CrmType } from '@vigil/contract';
import { usePsaLookup } from '../../api/lookups';
import { LookupSelect } from '../LookupSelect';
import type { PsaPartProps } from './psaKinds';

export function PsaClassFields({ crmId, v, set, errors, kind }: PsaPartProps) {
  const { boardRequired, helpdesk, serviceNow, syncro } = kind;
  const priorities = usePsaLookup(crmId, 'priorities', { enabled: !serviceNow && !syncro });
  const ticketTypes = usePsaLookup(crmId, 'ticket-types', { enabled: helpdesk || syncro });
  return (
    <>
      {helpdesk && (
        <LookupSelect
          id="profile-ticket-type"
          label="Ticket type"
          lookup={ticketTypes}
          value={v.TicketTypeId}
          onChange={set('TicketTypeId')}
          required
          error={errors.TicketTypeId}
        />
      )}
      {!serviceNow && !syncro && (
        <LookupSelect
          id="profile-priority"
          label="Priority"
          lookup={priorities}
          value={v.TicketPriority}
          onChange={set('TicketPriority')}
          required={boardRequired}
          error={errors.TicketPriority}
        />
      )}
    </>
  );
}

export function PsaCategoryField({ crmType, crmId, v, set, kind: { helpdesk } }: PsaPartProps) {
  const categories = usePsaLookup(crmId, 'ticket-categories', { enabled: crmType === CrmType.Autotask || helpdesk });
  return (
    <>
      {(crmType === CrmType.Autotask || helpdesk) && (
        <LookupSelect
          id="profile-category"
          label="Ticket category"
          lookup={categories}
          value={v.TicketCategoryId}
          onChange={set('TicketCategoryId')}
        />
      )}
    </>
  );
}
