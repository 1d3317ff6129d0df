import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { usePsaLookup } from '../api/lookups';
import type { ProfileFormValues } from '../profileForm';
import { ProfileChannelSection } from './profile/ProfileChannelSection';
import { ProfileFormActions } from './profile/ProfileFormActions';
import { ProfileFormatting } from './profile/ProfileFormatting';
import { ProfileMethodField } from './profile/ProfileMethodField';
import { useProfileForm } from './profile/useProfileForm';

/** Features §9: the ticket profile panel is 650 wide. */
export const PROFILE_PANEL_WIDTH = 650;

type Lookup = ReturnType<typeof usePsaLookup>;

/**
 * The ticket profile form (features §2.4, §3.3, §5.1): name, generation method, the PSA or
 * e-mail settings, then Formatting with the grouping, the subject and (PSA) the description.
 */
export function ProfileForm({
  id,
  initial,
  psa,
  boards,
  sources,
  hasWebhookSecret,
  onSaved,
  onCancel,
}: {
  id: number | null;
  initial: ProfileFormValues;
  psa: { crmType: number; crmId: number | null; vendorName: string | null };
  boards: Lookup;
  sources: Lookup;
  hasWebhookSecret: boolean;
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const { values, change, errors, labels, submit, saving } = useProfileForm({
    id,
    initial,
    psa,
    boards,
    hasWebhookSecret,
    onSaved,
  });
  const hasPsa = psa.crmType > 0 && psa.crmId !== null;

  return (
    <Box
      component="form"
      noValidate
      aria-label={id ? 'Edit ticket profile' : 'Create ticket profile'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ position: 'relative', display: 'grid', gap: 3, maxWidth: PROFILE_PANEL_WIDTH, width: '100%' }}
    >
      <TextField
        id="profile-name"
        label={labels.Name}
        required
        autoFocus={!id}
        value={values.Name}
        onChange={(e) => change({ Name: e.target.value.trimStart() })}
        error={!!errors.Name}
        helperText={errors.Name}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <ProfileMethodField
        type={values.Type}
        onType={(Type) => change({ Type })}
        vendorName={psa.vendorName}
        hasPsa={hasPsa}
      />
      <ProfileChannelSection
        values={values}
        change={change}
        errors={errors}
        psa={psa}
        hasPsa={hasPsa}
        boards={boards}
        sources={sources}
        hasWebhookSecret={hasWebhookSecret}
      />
      <ProfileFormatting values={values} change={change} errors={errors} groupByLabel={labels.GroupBy} />

      <ProfileFormActions id={id} error={errors.form} saving={saving} onCancel={onCancel} />
    </Box>
  );
}
