import Box from '@mui/material/Box';
import type { usePsaLookup } from '../api/lookups';
import type { ProfileField, ProfileFormValues } from '../profileForm';
import { CompanyField } from './CompanyField';
import { LookupSelect } from './LookupSelect';
import { BoardTypeFields } from './psa/BoardTypeFields';
import { PsaCategoryField, PsaClassFields } from './psa/PsaClassFields';
import { PsaExtraFields, PsaSourceField } from './psa/PsaExtraFields';
import { psaKind, psaLabels } from './psa/psaKinds';
import { PsaStatusFields } from './psa/PsaStatusFields';
import { ServiceNowFields } from './psa/ServiceNowFields';

export { BOARD_LABEL, psaLabels } from './psa/psaKinds';

type Lookup = ReturnType<typeof usePsaLookup>;

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
  const kind = psaKind(crmType);
  const labels = psaLabels(crmType);
  const set = (f: ProfileField) => (value: string) => onChange({ [f]: value } as Partial<ProfileFormValues>);
  const parts = { crmType, crmId, v, onChange, errors, kind, set };

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
      {kind.usesBoard && (
        <LookupSelect
          id="profile-board"
          label={labels.DefaultCrmBoard!}
          lookup={boards}
          value={v.DefaultCrmBoard}
          onChange={set('DefaultCrmBoard')}
          required={kind.boardRequired}
          error={errors.DefaultCrmBoard}
        />
      )}
      <PsaClassFields {...parts} />
      <BoardTypeFields {...parts} />
      <PsaCategoryField {...parts} />
      {kind.serviceNow && <ServiceNowFields {...parts} />}
      <PsaSourceField {...parts} sources={sources} />
      <PsaStatusFields {...parts} />
      <PsaExtraFields {...parts} />
    </Box>
  );
}
