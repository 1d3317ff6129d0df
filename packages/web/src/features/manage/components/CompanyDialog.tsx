import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/errors';
import { useCreateCompany, useUpdateCompany } from '../api/companies';

const NAME_MAX = 200;

/** A company being created (no Id) or edited. */
export interface CompanyDraft {
  Id?: number;
  Name: string;
  Code: string;
}

/** Create a company (a name) or edit one (name and plus-address code). */
export function CompanyDialog({ draft, onClose }: { draft: CompanyDraft | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const [shown, setShown] = useState<CompanyDraft | null>(draft);
  const [value, setValue] = useState<CompanyDraft | null>(draft);
  const [errors, setErrors] = useState<{ Name?: string; Code?: string }>({});
  if (draft && draft !== shown) {
    setShown(draft);
    setValue(draft);
    setErrors({});
  }
  const editing = shown?.Id !== undefined;
  const busy = create.isPending || update.isPending;

  const submit = async () => {
    if (!value) return;
    const name = value.Name.trim();
    if (!name) return setErrors({ Name: 'Name is a required field' });
    try {
      if (value.Id === undefined) await create.mutateAsync(name);
      else await update.mutateAsync({ Id: value.Id, Name: name, Code: value.Code.trim() || null });
      snackbar.success(editing ? 'Successfully updated' : 'Successfully added');
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      if (fields.Name || fields.Code) setErrors({ Name: fields.Name, Code: fields.Code });
      else snackbar.error(err);
    }
  };

  return (
    <Dialog open={!!draft} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="company-dlg">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="company-dlg">{editing ? 'Rename company' : 'New company'}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <TextField
            autoFocus
            id="company-name"
            label="Name"
            required
            value={value?.Name ?? ''}
            onChange={(e) => {
              setValue((v) => v && { ...v, Name: e.target.value.replace(/^\s+/, '') });
              setErrors({});
            }}
            error={!!errors.Name}
            helperText={errors.Name ?? ' '}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            sx={{ mt: 1 }}
          />
          {editing && (
            <TextField
              id="company-code"
              label="Plus-address code"
              value={value?.Code ?? ''}
              onChange={(e) => {
                setValue((v) => v && { ...v, Code: e.target.value.trim() });
                setErrors({});
              }}
              error={!!errors.Code}
              helperText={errors.Code ?? 'Backups e-mailed to your address with +code go to this company.'}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {editing ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
