// A scheduled report opened in a dialog over the list: new, edit or copy.
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ScheduledReport } from '@vigil/contract';
import { ScheduledReportForm, type ScheduledFormMode } from '../ScheduledReportForm';
import { scheduledEditorTitle } from '../windows';

export function ScheduledEditorDialog({
  editing,
  small,
  onClose,
}: {
  editing: { mode: ScheduledFormMode; report: ScheduledReport | null } | null;
  small: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={!!editing}
      onClose={() => onClose()}
      fullWidth
      maxWidth="md"
      fullScreen={small}
      aria-labelledby="scheduled-editor-title"
    >
      <DialogTitle id="scheduled-editor-title">
        {editing ? scheduledEditorTitle(editing.mode, editing.report?.Id ?? null) : ''}
      </DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        {editing && (
          <ScheduledReportForm
            mode={editing.mode}
            id={editing.report?.Id ?? null}
            source={editing.report}
            onSaved={() => onClose()}
            onCancel={() => onClose()}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
