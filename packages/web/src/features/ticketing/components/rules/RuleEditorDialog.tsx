// New or edit a ticket rule in a dialog over the rules grid.
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { TicketRule } from '@vigil/contract';
import { RuleForm } from '../RuleForm';

export function RuleEditorDialog({
  editing,
  small,
  onClose,
}: {
  /** The rule being edited (null: a new one), or null when the dialog is closed. */
  editing: { rule: TicketRule | null } | null;
  small: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={!!editing}
      onClose={() => onClose()}
      fullWidth
      maxWidth="sm"
      fullScreen={small}
      aria-labelledby="rule-editor-title"
    >
      <DialogTitle id="rule-editor-title">
        {editing?.rule ? `Edit Ticket Rule #${editing.rule.Id}` : 'New Ticket Rule'}
      </DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        {editing && <RuleForm rule={editing.rule} onSaved={() => onClose()} onCancel={() => onClose()} />}
      </DialogContent>
    </Dialog>
  );
}
