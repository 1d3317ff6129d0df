import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SupportAccessDays, type HubUser } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { formatDate } from '../../../lib/format';
import { useSupportAccess } from '../api/userAccess';
import { daysLabel } from '../lib/userAccess';

const DEFAULT_DAYS = 7;

/**
 * Grants (or replaces) support access for one administrator, or for all platform staff, for a chosen length.
 * Mount it with a new key for each opening.
 */
export function GrantAccessDialog({ row, onClose }: { row: HubUser | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const access = useSupportAccess();
  const [days, setDays] = useState<number>(DEFAULT_DAYS);
  // The parent remounts the dialog (key) for each opening, so "now" is the moment it opened.
  const [openedAt] = useState(() => Date.now());
  const [shown, setShown] = useState<HubUser | null>(row);
  if (row && row !== shown) setShown(row);
  const who = shown?.UserId === null ? 'All platform staff' : (shown?.Name ?? '');
  const until = formatDate(openedAt + days * 86_400_000);

  const save = async () => {
    if (!shown) return;
    try {
      await access.mutateAsync({ action: 'grant', userId: shown.UserId, days });
      snackbar.success(`${who} can enter your account until ${until}`);
      onClose();
    } catch (err) {
      snackbar.error(err);
    }
  };

  return (
    <Dialog open={row !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="grant-access-title">
      <DialogTitle id="grant-access-title">
        {shown?.HasAccess ? 'Change support access' : 'Grant support access'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {shown?.UserId === null
            ? 'Every platform staff member will be able to sign in to your account as one of your administrators'
            : `${who}${shown?.Email ? ` (${shown.Email})` : ''} will be able to sign in to your account as one of your administrators`}{' '}
          until {until}. {shown?.HasAccess ? 'This replaces the current grant.' : ''}
        </DialogContentText>
        <TextField
          select
          fullWidth
          id="grant-access-days"
          label="Access for"
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {SupportAccessDays.map((d) => (
            <MenuItem key={d} value={d}>
              {daysLabel(d)}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={access.isPending} onClick={() => void save()}>
          Grant access
        </Button>
      </DialogActions>
    </Dialog>
  );
}
