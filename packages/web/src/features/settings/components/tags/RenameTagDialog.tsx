// Rename a tag; a value another tag already has merges the two, which the dialog says before saving.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { Tag } from '@vigil/contract';
import { MAX_LENGTH, plural } from './tagText';
import { useRenameTagForm } from './useRenameTagForm';

export function RenameTagDialog({
  tag,
  tags,
  onClose,
}: {
  tag: Tag | null;
  tags: readonly Tag[];
  onClose: () => void;
}) {
  const { shown, value, change, error, other, save, saving } = useRenameTagForm(tag, tags, onClose);

  return (
    <Dialog open={!!tag} onClose={saving ? undefined : onClose} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogTitle>Rename tag</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, fontSize: 14 }}>
            The new name replaces <strong>{shown?.TagValue}</strong> on {plural(shown?.BackupCount ?? 0, 'backup')}, and
            in the templates and backup plans that add it.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            id="tag-rename"
            label="Tag"
            value={value}
            onChange={(e) => change(e.target.value)}
            error={!!error}
            helperText={
              error ??
              (other
                ? `"${other.TagValue}" already exists: the two tags are merged into "${other.TagValue}" and this one is removed.`
                : ' ')
            }
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {other ? 'Merge' : 'Rename'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
