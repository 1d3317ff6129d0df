// Delete of a ticket profile after a confirmation.
import { useState } from 'react';
import type { TicketProfileListItem } from '@vigil/contract';
import type { ConfirmRequest } from '../../../../components/ConfirmDialog';
import { useSnackbar } from '../../../../components/snackbar';
import { useDeleteProfile } from '../../api/profileChanges';

export function useProfileDelete() {
  const snackbar = useSnackbar();
  const remove = useDeleteProfile();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const askDelete = (p: TicketProfileListItem) =>
    setConfirm({
      title: 'Delete ticket profile',
      subject: p.Name,
      confirmLabel: 'Yes, Delete',
      action: async () => {
        await remove.mutateAsync(p.Id);
        snackbar.success('Successfully deleted');
      },
    });
  return { askDelete, confirm, closeConfirm: () => setConfirm(null) };
}
