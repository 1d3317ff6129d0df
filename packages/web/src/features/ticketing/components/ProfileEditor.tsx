import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { CRM_VENDORS, vendorOfType } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { defaultSourceId, emptyProfile, profileToForm } from '../profileForm';
import { ProfileForm } from './ProfileForm';
import { RelinkProfileAlert } from './profile/RelinkProfileAlert';
import { useProfileEditorData } from './profile/useProfileEditorData';

/**
 * Loads what the profile form needs (features §2.4): the linked PSA, its boards and sources
 * where the PSA type has them, and the profile when editing; then shows the form. A failed
 * profile load calls `onFail` (back to the return path).
 */
export function ProfileEditor({
  profileId,
  onSaved,
  onCancel,
  onFail,
}: {
  profileId: number | null;
  onSaved: (id: number) => void;
  onCancel: () => void;
  onFail: () => void;
}) {
  const snackbar = useSnackbar();
  const { psa, crmType, crmId, boards, sources, profile, smtp, waiting } = useProfileEditorData(profileId);

  useEffect(() => {
    if (profileId && profile.isError) {
      snackbar.error(profile.error);
      onFail();
    }
  }, [profileId, profile.isError, profile.error, snackbar, onFail]);

  const vendor = vendorOfType(crmType);
  if (waiting || (profileId && !profile.data)) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
        <CircularProgress aria-label="Loading ticket profile" />
      </Box>
    );
  }

  const hasPsa = crmType > 0 && crmId !== null;
  const smtpDefault = smtp.data?.find((x) => x.IsDefault) ?? smtp.data?.[0];
  let initial = profile.data
    ? profileToForm(profile.data, boards.data, sources.data)
    : emptyProfile(hasPsa, smtpDefault ? String(smtpDefault.Id) : '');
  if (!profile.data) initial = { ...initial, SourceId: defaultSourceId(sources.data) };
  // Features §5.1: without a PSA the method is forced to Email.
  if (initial.Type === 'PSA' && !hasPsa) initial = { ...initial, Type: 'Email' };
  const stale = profile.data && profile.data.Type === 1 && hasPsa && profile.data.CrmTypeId !== crmType;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {psa.isError && (
        <Alert severity="error">The PSA integration could not be loaded; PSA settings are unavailable.</Alert>
      )}
      {stale && <RelinkProfileAlert profileId={profileId!} vendorLabel={vendor ? CRM_VENDORS[vendor].label : null} />}
      <ProfileForm
        key={`${profile.data?.Id ?? 'new'}-${profile.data?.UpdatedAt ?? ''}-${crmType}`}
        id={profileId}
        initial={initial}
        psa={{ crmType, crmId, vendorName: vendor ? CRM_VENDORS[vendor].label : null }}
        boards={boards}
        sources={sources}
        hasWebhookSecret={!!profile.data?.HasWebhookSecret}
        onSaved={onSaved}
        onCancel={onCancel}
      />
    </Box>
  );
}
