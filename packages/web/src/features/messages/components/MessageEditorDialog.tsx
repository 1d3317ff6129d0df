import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AppMessage } from '@vigil/contract';
import { MessageLocationsField } from './editor/MessageLocationsField';
import { MessageOptionsRow } from './editor/MessageOptionsRow';
import { MessageScheduleFields } from './editor/MessageScheduleFields';
import { MessageTextTabs } from './editor/MessageTextTabs';
import { useMessageEditor } from './editor/useMessageEditor';

/** Create or edit an app message: markdown with a preview, severity, dismissible, where and when. */
export function MessageEditorDialog({
  open,
  message,
  onClose,
}: {
  open: boolean;
  message: AppMessage | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { draft, set, tab, setTab, errors, pendingLocation, setPendingLocation, submit, saving } = useMessageEditor(
    message,
    onClose,
  );

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle>{message ? 'Edit message' : 'New message'}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: '8px !important' }}>
        <MessageOptionsRow draft={draft} set={set} />
        <MessageTextTabs draft={draft} set={set} error={errors.Text} tab={tab} setTab={setTab} />
        <MessageLocationsField
          draft={draft}
          set={set}
          error={errors.Locations}
          pendingLocation={pendingLocation}
          setPendingLocation={setPendingLocation}
        />
        <MessageScheduleFields draft={draft} set={set} errors={errors} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={saving}>
          {message ? 'Save' : 'Publish'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
