// The backup policy editor, opened from a suggestion's row.
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { PolicyEditor } from '../../../components/policy/PolicyEditor';

export function InsightPolicyDialog({
  editing,
  small,
  onClose,
}: {
  /** The policy being edited, or null when the dialog is closed. */
  editing: number | null;
  small: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={editing !== null}
      onClose={() => onClose()}
      fullWidth
      maxWidth="md"
      fullScreen={small}
      aria-labelledby="policy-editor-title"
    >
      <DialogContent>
        {editing !== null && (
          <PolicyEditor ids={[editing]} activate={false} onCancel={() => onClose()} onDone={() => onClose()} />
        )}
      </DialogContent>
    </Dialog>
  );
}
