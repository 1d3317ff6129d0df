// Offers to link a profile made for another PSA to the current one.
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useSnackbar } from '../../../../components/snackbar';
import { queryClient } from '../../../../lib/queries';
import { api } from '../../../../lib/session';
import { ticketKeys, useTenantId } from '../../api/keys';

const PROFILE_MESSAGES_RELINKED = 'The profile now uses the current PSA';

export function RelinkProfileAlert({ profileId, vendorLabel }: { profileId: number; vendorLabel: string | null }) {
  const t = useTenantId();
  const snackbar = useSnackbar();
  const relink = useMutation({
    mutationFn: (id: number) => api.patch<unknown>(`/api/ticket/profiles/psa/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.profiles(t) }),
  });
  return (
    <Alert
      severity="warning"
      action={
        <Button
          color="inherit"
          size="small"
          loading={relink.isPending}
          onClick={() =>
            relink.mutate(profileId, {
              onSuccess: () => snackbar.success(PROFILE_MESSAGES_RELINKED),
              onError: (e) => snackbar.error(e),
            })
          }
        >
          Link to {vendorLabel ?? 'this PSA'}
        </Button>
      }
    >
      This profile was made for another PSA. Link it to the current one, then choose its settings again.
    </Alert>
  );
}
