// The source of a PSA profile; and after the statuses, the note type, Syncro's problem type and public notes.
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { CrmType } from '@vigil/contract';
import { usePsaLookup } from '../../api/lookups';
import { LookupSelect } from '../LookupSelect';
import type { PsaPartProps } from './psaKinds';

export function PsaExtraFields({ crmType, crmId, v, set, onChange, kind: { helpdesk, syncro } }: PsaPartProps) {
  const ticketTypes = usePsaLookup(crmId, 'ticket-types', { enabled: helpdesk || syncro });
  const noteTypes = usePsaLookup(crmId, 'note-types', {
    enabled: crmType === CrmType.Autotask || crmType === CrmType.KaseyaBms || helpdesk,
  });
  return (
    <>
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
    </>
  );
}

export function PsaSourceField({
  crmType,
  v,
  set,
  sources,
}: PsaPartProps & { sources: ReturnType<typeof usePsaLookup> }) {
  return (
    <>
      {crmType !== CrmType.SyncroMsp && crmType !== CrmType.KaseyaBms && (
        <LookupSelect
          id="profile-source"
          label="Source"
          lookup={sources}
          value={v.SourceId}
          onChange={set('SourceId')}
        />
      )}
    </>
  );
}
