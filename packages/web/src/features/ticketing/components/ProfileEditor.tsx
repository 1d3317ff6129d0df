import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useMutation } from '@tanstack/react-query';
import { BOARD_TYPES, CRM_VENDORS, SOURCE_TYPES, vendorOfType } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { ticketKeys, useTenantId } from '../api/keys';
import { usePsaLookup, useSmtpSettings } from '../api/lookups';
import { useProfile, useProfilePsa } from '../api/profiles';
import { defaultSourceId, emptyProfile, profileToForm } from '../profileForm';
import { ProfileForm } from './ProfileForm';

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
  const t = useTenantId();
  const snackbar = useSnackbar();
  const psa = useProfilePsa();
  // A failed PSA config load counts as no PSA: the form still works for e-mail and webhooks.
  const crmType = psa.isError ? 0 : (psa.data?.CrmTypeId ?? 0);
  const crmId = psa.isError ? null : (psa.data?.Id ?? null);
  const boards = usePsaLookup(crmId, 'service-boards', { enabled: BOARD_TYPES.includes(crmType as never) });
  const sources = usePsaLookup(crmId, 'sources', { enabled: SOURCE_TYPES.includes(crmType as never) });
  const profile = useProfile(profileId);
  // A new e-mail profile starts on the tenant's default SMTP setting.
  const smtp = useSmtpSettings();
  const relink = useMutation({
    mutationFn: (id: number) => api.patch<unknown>(`/api/ticket/profiles/psa/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.profiles(t) }),
  });

  useEffect(() => {
    if (profileId && profile.isError) {
      snackbar.error(profile.error);
      onFail();
    }
  }, [profileId, profile.isError, profile.error, snackbar, onFail]);

  const vendor = vendorOfType(crmType);
  const waiting =
    psa.isPending ||
    (!!profileId && profile.isPending) ||
    (!profileId && smtp.isPending) ||
    (BOARD_TYPES.includes(crmType as never) && boards.isPending && !!crmId) ||
    (SOURCE_TYPES.includes(crmType as never) && sources.isPending && !!crmId);
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
      {stale && (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              loading={relink.isPending}
              onClick={() =>
                relink.mutate(profileId!, {
                  onSuccess: () => snackbar.success(PROFILE_MESSAGES_RELINKED),
                  onError: (e) => snackbar.error(e),
                })
              }
            >
              Link to {vendor ? CRM_VENDORS[vendor].label : 'this PSA'}
            </Button>
          }
        >
          This profile was made for another PSA. Link it to the current one, then choose its settings again.
        </Alert>
      )}
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

const PROFILE_MESSAGES_RELINKED = 'The profile now uses the current PSA';
