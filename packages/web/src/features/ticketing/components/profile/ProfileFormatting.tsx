// The profile's formatting: how backups are grouped into tickets, the subject and the description.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TICKET_GROUP_LABELS, type TicketGroupByValue } from '@vigil/contract';
import type { ProfileFormValues } from '../../profileForm';
import { IncludeSwitches } from '../channel/IncludeSwitches';
import { ProfilePatterns } from './ProfilePatterns';
import { ProfileSection as Section, type ChangeProfile, type ProfileErrors } from './ProfileSection';

export function ProfileFormatting({
  values,
  change,
  errors,
  groupByLabel,
}: {
  values: ProfileFormValues;
  change: ChangeProfile;
  errors: ProfileErrors;
  groupByLabel: string;
}) {
  const groupBy = values.GroupBy === '' ? null : (Number(values.GroupBy) as TicketGroupByValue);
  return (
    <Section title="Formatting">
      <TextField
        select
        id="profile-group-by"
        label={groupByLabel}
        required
        value={values.GroupBy}
        onChange={(e) => change({ GroupBy: e.target.value as ProfileFormValues['GroupBy'] })}
        error={!!errors.GroupBy}
        helperText={errors.GroupBy ?? 'One ticket per group while the problem lasts'}
      >
        {([0, 1, 2, 3] as const).map((g) => (
          <MenuItem key={g} value={String(g)}>
            {TICKET_GROUP_LABELS[g]}
          </MenuItem>
        ))}
      </TextField>
      {groupBy !== null && (
        <>
          <ProfilePatterns values={values} change={change} errors={errors} groupBy={groupBy} />
          {values.Type === 'PSA' && (
            <IncludeSwitches values={values} onChange={change} errors={errors} company={false} />
          )}
        </>
      )}
    </Section>
  );
}
