// Delete of a PSA integration, after a confirmation that says what happens to its companies.
import { useState } from 'react';
import Button from '@mui/material/Button';
import type { CrmIntegration } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../../components/ConfirmDialog';
import { useSnackbar } from '../../../../components/snackbar';
import { useDeletePsa } from '../../api/psaIntegration';

export function PsaDeleteButton({
  label,
  current,
  disabled,
  onDeleted,
}: {
  label: string;
  current: CrmIntegration;
  disabled: boolean;
  onDeleted?: () => void;
}) {
  const snackbar = useSnackbar();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const del = useDeletePsa();

  const askDelete = () =>
    setConfirm({
      title: `Delete the ${label} integration`,
      message: (
        <>
          Companies synced from {label} become local companies (their backups stay assigned to them) and no more tickets
          go to {label}. Are you sure you want to delete:
        </>
      ),
      subject: current.Name,
      confirmLabel: 'Yes, Delete',
      action: async () => {
        await del.mutateAsync(current.Id);
        snackbar.success(`${label} integration deleted`);
        onDeleted?.();
      },
    });

  return (
    <>
      <Button color="error" onClick={askDelete} disabled={disabled}>
        Delete integration
      </Button>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
