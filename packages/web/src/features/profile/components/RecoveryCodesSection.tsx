import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import { useRecoveryCodesStatus, useRegenerateRecoveryCodes } from '../api/profile';
import { PasswordConfirmDialog } from './PasswordConfirmDialog';

/** New recovery codes behind the current password; the codes go up to the card, which shows them once. */
function RegenerateDialog({
  open,
  onClose,
  onCodes,
}: {
  open: boolean;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const regenerate = useRegenerateRecoveryCodes();
  return (
    <PasswordConfirmDialog
      id="recovery-regenerate"
      open={open}
      onClose={onClose}
      title="Create new recovery codes?"
      text="Your current recovery codes stop working at once. Enter your password to confirm."
      confirmLabel="Create new codes"
      pending={regenerate.isPending}
      onConfirm={async (password) => onCodes((await regenerate.mutateAsync(password)).RecoveryCodes)}
    />
  );
}

/** "n of 10 recovery codes left" and the way to a new set, on the card of an enrolled user. */
export function RecoveryCodesSection({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const status = useRecoveryCodesStatus(true);
  const [open, setOpen] = useState(false);
  const left = status.data?.Left ?? 0;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <KeyRoundedIcon sx={{ color: left > 2 ? 'text.secondary' : 'status.warning', mt: 0.25 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, fontSize: 14.5 }}>Recovery codes</Typography>
        {status.data ? (
          <Typography data-testid="recovery-codes-left" sx={{ color: 'text.secondary', fontSize: 14 }}>
            {left} of {status.data.Total} left. Each one signs you in once if you lose your phone.
          </Typography>
        ) : (
          <Skeleton width={260} />
        )}
        <Button size="small" sx={{ mt: 0.5, px: 0.5 }} onClick={() => setOpen(true)}>
          Create new recovery codes
        </Button>
      </Box>
      <RegenerateDialog open={open} onClose={() => setOpen(false)} onCodes={onCodes} />
    </Box>
  );
}
