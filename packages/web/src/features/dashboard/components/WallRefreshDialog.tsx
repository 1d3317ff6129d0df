import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { Dashboard } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { useUpdateDashboard } from '../api/dashboards';

/** The bounds the API accepts for `uiSettings.wallRefreshSeconds`. */
const MIN_SECONDS = 30;
const MAX_SECONDS = 3600;
const RANGE_MESSAGE = `Enter a whole number of seconds from ${MIN_SECONDS} to ${MAX_SECONDS}`;

/** How often the wall screen reloads this dashboard's tiles (kept with the dashboard). */
export function WallRefreshDialog({
  dashboard,
  current,
  onClose,
}: {
  dashboard: Dashboard;
  current: number;
  onClose: () => void;
}) {
  const snackbar = useSnackbar();
  const update = useUpdateDashboard();
  const [value, setValue] = useState(String(current));
  const seconds = Number(value);
  const valid = /^\d+$/.test(value.trim()) && seconds >= MIN_SECONDS && seconds <= MAX_SECONDS;

  const save = () =>
    update.mutate(
      { id: dashboard.id, body: { uiSettings: { ...dashboard.uiSettings, wallRefreshSeconds: seconds } } },
      {
        onSuccess: () => {
          snackbar.success('Wall screen refresh saved');
          onClose();
        },
        onError: (err) => snackbar.error(err),
      },
    );

  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Wall screen refresh</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          autoFocus
          fullWidth
          size="small"
          type="number"
          label="Refresh every (seconds)"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={!valid}
          helperText={valid ? 'The wall screen reloads every tile this often.' : RANGE_MESSAGE}
          slotProps={{ htmlInput: { min: MIN_SECONDS, max: MAX_SECONDS, step: 1 } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={!valid} loading={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
