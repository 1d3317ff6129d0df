import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdditionalBackupField } from '@vigil/contract';
import { useAdditionalFields, useBackupFieldValues, useSaveBackupFieldValues } from '../../lib/backupFieldsApi';
import { useSnackbar } from '../snackbar';
import { ManageFieldsDialog } from './ManageFieldsDialog';

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: AdditionalBackupField;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = `extra-field-${field.Id}`;
  if (field.Type === 'choice')
    return (
      <TextField select id={id} label={field.Name} value={value} onChange={(e) => onChange(e.target.value)}>
        <MenuItem value="">—</MenuItem>
        {field.Choices.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <TextField
      id={id}
      label={field.Name}
      type={field.Type === 'text' ? 'text' : field.Type}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={field.Type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
}

/** The tenant's extra fields on one backup (saved on their own), and the fields themselves. */
export function AdditionalFieldsEditor({ backupId }: { backupId: number }) {
  const snackbar = useSnackbar();
  const fields = useAdditionalFields();
  const stored = useBackupFieldValues(backupId);
  const save = useSaveBackupFieldValues(backupId);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [managing, setManaging] = useState(false);
  const list = fields.data ?? [];
  const valueOf = (id: number) => edits[String(id)] ?? stored.data?.[String(id)] ?? '';
  const changed = Object.keys(edits).length > 0;
  const submit = () =>
    save.mutate(Object.fromEntries(Object.entries(edits).map(([k, v]) => [k, v.trim() || null])), {
      onSuccess: () => {
        setEdits({});
        snackbar.success('Extra fields saved');
      },
      onError: (err) => snackbar.error(err),
    });
  return (
    <Paper variant="outlined" id="extra-fields" sx={{ p: 2, gridColumn: { sm: '1 / -1' } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: list.length ? 2 : 0 }}>
        <Typography sx={{ fontWeight: 650, fontSize: 14, flex: 1 }}>Extra fields</Typography>
        {!list.length && !fields.isPending && (
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>None yet</Typography>
        )}
        <Button size="small" onClick={() => setManaging(true)}>
          Manage fields
        </Button>
      </Box>
      {list.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {list.map((f) => (
            <FieldInput
              key={f.Id}
              field={f}
              value={valueOf(f.Id)}
              onChange={(v) => setEdits((e) => ({ ...e, [String(f.Id)]: v }))}
            />
          ))}
          <Box sx={{ gridColumn: { sm: '1 / -1' }, display: 'flex', justifyContent: 'flex-end' }}>
            <Button size="small" variant="outlined" disabled={!changed} loading={save.isPending} onClick={submit}>
              Save fields
            </Button>
          </Box>
        </Box>
      )}
      {managing && <ManageFieldsDialog fields={list} onClose={() => setManaging(false)} />}
    </Paper>
  );
}
