// Publish or withdraw a dashboard layout, and delete one after a confirmation.
import { useState } from 'react';
import type { DashboardLayout } from '@vigil/contract';
import type { ConfirmRequest } from '../../../../components/ConfirmDialog';
import { useSnackbar } from '../../../../components/snackbar';
import { useDeleteLayout, usePublishLayout } from '../../api/layouts';

export function useLayoutActions() {
  const publish = usePublishLayout();
  const remove = useDeleteLayout();
  const snackbar = useSnackbar();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const toggle = async (l: DashboardLayout, on: boolean) => {
    try {
      await publish.mutateAsync({ id: l.id, publish: on });
      snackbar.success(on ? `"${l.name}" is published` : `"${l.name}" is no longer published`);
    } catch (err) {
      snackbar.error(err);
    }
  };

  const askDelete = (l: DashboardLayout) =>
    setConfirm({
      title: 'Delete dashboard layout',
      subject: l.name,
      action: async () => {
        await remove.mutateAsync(l.id);
        snackbar.success(`Layout "${l.name}" deleted`);
      },
    });

  return { toggle, askDelete, confirm, setConfirm };
}
