import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import type { AdditionalBackupField, AdditionalFieldType } from '@vigil/contract';
import { useSaveAdditionalFields } from '../../lib/backupFieldsApi';
import { useSnackbar } from '../snackbar';

const TYPES: { value: AdditionalFieldType; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
  { value: 'choice', label: 'Choice' },
];

interface Row {
  key: string;
  Id?: number;
  Name: string;
  Type: AdditionalFieldType;
  /** Choices, comma-separated. */
  Choices: string;
}

/** The tenant's extra backup fields: add, rename, retype, remove (saved as one set). */
export function ManageFieldsDialog({ fields, onClose }: { fields: AdditionalBackupField[]; onClose: () => void }) {
  const snackbar = useSnackbar();
  const save = useSaveAdditionalFields();
  const [rows, setRows] = useState<Row[]>(() =>
    fields.map((f) => ({ key: `f${f.Id}`, Id: f.Id, Name: f.Name, Type: f.Type, Choices: f.Choices.join(', ') })),
  );
  const update = (key: string, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const submit = () =>
    save.mutate(
      rows.map((r) => ({
        ...(r.Id ? { Id: r.Id } : {}),
        Name: r.Name.trim(),
        Type: r.Type,
        ...(r.Type === 'choice'
          ? {
              Choices: r.Choices.split(',')
                .map((c) => c.trim())
                .filter(Boolean),
            }
          : {}),
      })),
      {
        onSuccess: () => {
          snackbar.success('Extra fields saved');
          onClose();
        },
        onError: (err) => snackbar.error(err),
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="manage-fields-title">
      <DialogTitle id="manage-fields-title">Extra backup fields</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 2 }}>
          Fields every backup of this tenant can carry. Removing a field removes its values.
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {rows.map((r, i) => (
            <Box key={r.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <TextField
                id={`field-name-${i}`}
                label="Name"
                size="small"
                value={r.Name}
                onChange={(e) => update(r.key, { Name: e.target.value })}
                sx={{ flex: '2 1 160px' }}
              />
              <TextField
                select
                id={`field-type-${i}`}
                label="Type"
                size="small"
                value={r.Type}
                onChange={(e) => update(r.key, { Type: e.target.value as AdditionalFieldType })}
                sx={{ flex: '1 1 110px' }}
              >
                {TYPES.map((t) => (
                  <MenuItem key={t.value} value={t.value}>
                    {t.label}
                  </MenuItem>
                ))}
              </TextField>
              {r.Type === 'choice' && (
                <TextField
                  id={`field-choices-${i}`}
                  label="Choices"
                  size="small"
                  helperText="Separated by commas"
                  value={r.Choices}
                  onChange={(e) => update(r.key, { Choices: e.target.value })}
                  sx={{ flex: '2 1 160px' }}
                />
              )}
              <IconButton
                aria-label={`Remove ${r.Name || 'field'}`}
                onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
              >
                <DeleteOutlineRoundedIcon />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button
              size="small"
              onClick={() => setRows((rs) => [...rs, { key: `n${Date.now()}`, Name: '', Type: 'text', Choices: '' }])}
            >
              Add field
            </Button>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" loading={save.isPending} onClick={submit}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
