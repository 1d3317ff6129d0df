// The ticket statuses of a profile: new, closed, and those to leave alone; they hang off the board or ticket type.
import Box from '@mui/material/Box';
import type { PsaOption } from '@vigil/contract';
import { usePsaLookup } from '../../api/lookups';
import { LookupMultiSelect } from '../LookupMultiSelect';
import { LookupSelect } from '../LookupSelect';
import { psaLabels, type PsaPartProps } from './psaKinds';

export function PsaStatusFields({
  crmType,
  crmId,
  v,
  onChange,
  set,
  errors,
  kind: { usesBoard, helpdesk },
}: PsaPartProps) {
  const labels = psaLabels(crmType);
  // Statuses hang off the board; Halo's off the ticket type; ServiceNow and Syncro use board "0".
  const statusParent = helpdesk ? v.TicketTypeId : usesBoard ? v.DefaultCrmBoard : '0';
  const statuses = usePsaLookup(crmId, 'board-statuses', { parent: statusParent, enabled: !!statusParent });
  const idle = { data: undefined, isLoading: false, isError: false };
  const statusHint = !statusParent
    ? `Choose the ${helpdesk ? 'ticket type' : (labels.DefaultCrmBoard ?? 'board').toLowerCase()} first`
    : undefined;
  const statusLookup = statusParent ? statuses : idle;
  const open = { ...statusLookup, data: statusLookup.data?.filter((s: PsaOption) => !s.IsClosed) ?? statusLookup.data };
  const closed = {
    ...statusLookup,
    // Closed statuses first: the usual choice for closing.
    data: statusLookup.data
      ? [...statusLookup.data].sort((a, b) => Number(!!b.IsClosed) - Number(!!a.IsClosed))
      : statusLookup.data,
  };
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <LookupSelect
          id="profile-new-status"
          label={labels.NewTicketStatusId!}
          lookup={open}
          value={v.NewTicketStatusId}
          onChange={set('NewTicketStatusId')}
          required
          disabled={!statusParent}
          helperText={statusHint}
          error={errors.NewTicketStatusId}
        />
        <LookupSelect
          id="profile-closed-status"
          label={labels.ClosedTicketStatusId!}
          lookup={closed}
          value={v.ClosedTicketStatusId}
          onChange={set('ClosedTicketStatusId')}
          required
          disabled={!statusParent}
          helperText={statusHint}
          error={errors.ClosedTicketStatusId}
        />
      </Box>
      <LookupMultiSelect
        id="profile-ignore-statuses"
        label="Ignore tickets in these statuses"
        lookup={statusLookup}
        value={v.IgnoreTicketStatusIds}
        onChange={(IgnoreTicketStatusIds) => onChange({ IgnoreTicketStatusIds })}
        disabled={!statusParent}
        helperText="A ticket in one of these statuses is treated as handled: no new notes, no reopening"
      />
    </>
  );
}
