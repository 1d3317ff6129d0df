import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { BOARD_REQUIRED_TYPES, CrmType, HELPDESK_TYPES, type PsaOption } from '@vigil/contract';
import { usePsaLookup } from '../api/lookups';
import type { ProfileField, ProfileFormValues } from '../profileForm';
import { CompanyField } from './CompanyField';
import { LookupMultiSelect, LookupSelect } from './LookupSelect';

type Lookup = ReturnType<typeof usePsaLookup>;

/** What each PSA calls its board (the queue, the team). */
export const BOARD_LABEL: Record<number, string> = {
  [CrmType.ConnectWise]: 'Service board',
  [CrmType.Autotask]: 'Queue',
  [CrmType.KaseyaBms]: 'Queue',
  [CrmType.HaloPsa]: 'Team',
  [CrmType.HaloITSM]: 'Team',
};

/** The field labels, so messages name fields as the form shows them. */
export function psaLabels(crmType: number): Partial<Record<ProfileField, string>> {
  return {
    DefaultCrmBoard: BOARD_LABEL[crmType] ?? 'Board',
    TicketPriority: 'Priority',
    TicketTypeId: 'Ticket type',
    CatchAllCompany: 'Catch-all company',
    NewTicketStatusId: 'New ticket status',
    ClosedTicketStatusId: 'Closed ticket status',
  };
}

/**
 * The PSA part of a ticket profile, per CRM type (features §5.1): ConnectWise, Autotask and
 * Kaseya BMS use a board with priority, type/subtype/item, source and statuses; Halo a ticket
 * type whose statuses follow it; ServiceNow category, subcategory, urgency, impact, group and
 * caller; SyncroMSP statuses and public notes. Optional properties the PSA does not have
 * (its lookup answers 404) are left out.
 */
export function PsaFields({
  crmType,
  crmId,
  values: v,
  onChange,
  errors,
  boards,
  sources,
}: {
  crmType: number;
  crmId: number;
  values: ProfileFormValues;
  onChange: (patch: Partial<ProfileFormValues>) => void;
  errors: Partial<Record<ProfileField, string>>;
  boards: Lookup;
  sources: Lookup;
}) {
  const usesBoard = crmType in BOARD_LABEL;
  const boardRequired = (BOARD_REQUIRED_TYPES as readonly number[]).includes(crmType);
  const helpdesk = (HELPDESK_TYPES as readonly number[]).includes(crmType);
  const serviceNow = crmType === CrmType.ServiceNow;
  const syncro = crmType === CrmType.SyncroMsp;
  const labels = psaLabels(crmType);
  // Statuses hang off the board; Halo's off the ticket type; ServiceNow and Syncro use board "0".
  const statusParent = helpdesk ? v.TicketTypeId : usesBoard ? v.DefaultCrmBoard : '0';

  const priorities = usePsaLookup(crmId, 'priorities', { enabled: !serviceNow && !syncro });
  const statuses = usePsaLookup(crmId, 'board-statuses', { parent: statusParent, enabled: !!statusParent });
  const types = usePsaLookup(crmId, 'board-types', {
    parent: v.DefaultCrmBoard,
    enabled: usesBoard && !helpdesk && !!v.DefaultCrmBoard,
  });
  const subtypes = usePsaLookup(crmId, 'board-subtypes', {
    parent: v.DefaultCrmBoard,
    query: { typeId: v.TypeId },
    enabled: usesBoard && !helpdesk && !!v.DefaultCrmBoard && !!v.TypeId,
  });
  const items = usePsaLookup(crmId, 'board-items', {
    parent: v.DefaultCrmBoard,
    query: { subTypeId: v.SubTypeId },
    enabled: crmType === CrmType.ConnectWise && !!v.DefaultCrmBoard && !!v.SubTypeId,
  });
  const ticketTypes = usePsaLookup(crmId, 'ticket-types', { enabled: helpdesk || syncro });
  const categories = usePsaLookup(crmId, 'ticket-categories', { enabled: crmType === CrmType.Autotask || helpdesk });
  const noteTypes = usePsaLookup(crmId, 'note-types', {
    enabled: crmType === CrmType.Autotask || crmType === CrmType.KaseyaBms || helpdesk,
  });
  const snCategories = usePsaLookup(crmId, 'categories', { enabled: serviceNow });
  const subcategories = usePsaLookup(crmId, 'subcategories', {
    query: { category: v.Category },
    enabled: serviceNow && !!v.Category,
  });
  const urgencies = usePsaLookup(crmId, 'urgencies', { enabled: serviceNow });
  const impacts = usePsaLookup(crmId, 'impacts', { enabled: serviceNow });
  const groups = usePsaLookup(crmId, 'groups', { enabled: serviceNow });
  const callers = usePsaLookup(crmId, 'callers', {
    query: { company: v.CatchAllCompany },
    enabled: serviceNow && !!v.CatchAllCompany,
  });
  const snPriorities = usePsaLookup(crmId, 'priorities', { enabled: serviceNow });

  const set = (f: ProfileField) => (value: string) => onChange({ [f]: value } as Partial<ProfileFormValues>);
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

  // ServiceNow derives the priority from urgency and impact.
  const derived =
    serviceNow && v.Urgency && v.Impact
      ? snPriorities.data?.find((p) => p.Urgency === v.Urgency && p.Impact === v.Impact)?.Name
      : undefined;

  return (
    <Box sx={{ display: 'grid', gap: 2.25 }}>
      <CompanyField
        id="profile-catch-all"
        label={labels.CatchAllCompany!}
        psaOnly
        required
        value={v.CatchAllCompany ? [Number(v.CatchAllCompany)] : []}
        onChange={(ids) => onChange({ CatchAllCompany: ids[0] ? String(ids[0]) : '' })}
        error={errors.CatchAllCompany}
        helperText="Takes the tickets of backups whose company is not a PSA company"
      />
      {usesBoard && (
        <LookupSelect
          id="profile-board"
          label={labels.DefaultCrmBoard!}
          lookup={boards}
          value={v.DefaultCrmBoard}
          onChange={set('DefaultCrmBoard')}
          required={boardRequired}
          error={errors.DefaultCrmBoard}
        />
      )}
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
      {usesBoard && !helpdesk && v.DefaultCrmBoard && (
        <>
          <LookupSelect id="profile-type" label="Type" lookup={types} value={v.TypeId} onChange={set('TypeId')} />
          {v.TypeId && (
            <LookupSelect
              id="profile-subtype"
              label="Subtype"
              lookup={subtypes}
              value={v.SubTypeId}
              onChange={set('SubTypeId')}
            />
          )}
          {crmType === CrmType.ConnectWise && v.SubTypeId && (
            <LookupSelect id="profile-item" label="Item" lookup={items} value={v.ItemId} onChange={set('ItemId')} />
          )}
        </>
      )}
      {(crmType === CrmType.Autotask || helpdesk) && (
        <LookupSelect
          id="profile-category"
          label="Ticket category"
          lookup={categories}
          value={v.TicketCategoryId}
          onChange={set('TicketCategoryId')}
        />
      )}
      {serviceNow && (
        <>
          <LookupSelect
            id="profile-sn-category"
            label="Category"
            lookup={snCategories}
            value={v.Category}
            onChange={set('Category')}
          />
          {v.Category && (
            <LookupSelect
              id="profile-sn-subcategory"
              label="Subcategory"
              lookup={subcategories}
              value={v.Subcategory}
              onChange={set('Subcategory')}
            />
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <LookupSelect
              id="profile-urgency"
              label="Urgency"
              lookup={urgencies}
              value={v.Urgency}
              onChange={set('Urgency')}
            />
            <LookupSelect
              id="profile-impact"
              label="Impact"
              lookup={impacts}
              value={v.Impact}
              onChange={set('Impact')}
            />
          </Box>
          {derived && (
            <Typography sx={{ fontSize: 13, color: 'text.secondary', mt: -1 }}>Priority: {derived}</Typography>
          )}
          <LookupSelect
            id="profile-group"
            label="Assignment group"
            lookup={groups}
            value={v.Group}
            onChange={set('Group')}
          />
          <LookupSelect
            id="profile-caller"
            label="Caller"
            lookup={v.CatchAllCompany ? callers : idle}
            value={v.Caller}
            onChange={set('Caller')}
            disabled={!v.CatchAllCompany}
            helperText={v.CatchAllCompany ? undefined : 'Choose the catch-all company first'}
          />
        </>
      )}
      {crmType !== CrmType.SyncroMsp && crmType !== CrmType.KaseyaBms && (
        <LookupSelect
          id="profile-source"
          label="Source"
          lookup={sources}
          value={v.SourceId}
          onChange={set('SourceId')}
        />
      )}
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
      {(crmType === CrmType.Autotask || crmType === CrmType.KaseyaBms || helpdesk) && (
        <LookupSelect
          id="profile-note-type"
          label="Note type"
          lookup={noteTypes}
          value={v.TicketNoteTypeId}
          onChange={set('TicketNoteTypeId')}
        />
      )}
      {syncro && (
        <LookupSelect
          id="profile-problem-type"
          label="Problem type"
          lookup={ticketTypes}
          value={v.TicketTypeId}
          onChange={set('TicketTypeId')}
        />
      )}
      {syncro && (
        <FormControlLabel
          control={<Switch checked={v.PublicNotes} onChange={(e) => onChange({ PublicNotes: e.target.checked })} />}
          label="Public notes (customers see the notes Vigil adds)"
        />
      )}
    </Box>
  );
}
