// Delete of a tag after a confirmation that says how many backups lose it.
import { useCallback, useState } from 'react';
import type { Tag } from '@vigil/contract';
import type { ConfirmRequest } from '../../../../components/ConfirmDialog';
import { useSnackbar } from '../../../../components/snackbar';
import { useDeleteTag } from '../../../../lib/tagsApi';
import { plural } from './tagText';

export function useDeleteTagConfirm() {
  const snackbar = useSnackbar();
  const remove = useDeleteTag();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const askDelete = useCallback(
    (t: Tag) =>
      setConfirm({
        title: 'Delete tag',
        subject: t.BackupCount ? `${t.TagValue} (removed from ${plural(t.BackupCount, 'backup')})` : t.TagValue,
        confirmLabel: 'Yes, Delete',
        action: async () => {
          await remove.mutateAsync(t.Id);
          snackbar.success('Successfully deleted');
        },
      }),
    [remove, snackbar],
  );
  return { askDelete, confirm, closeConfirm: () => setConfirm(null) };
}
