import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import type { AlertTypeItem, AlertTypesInput } from '@vigil/contract';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useAlertTypes, useSaveAlertTypes } from '../api/catalogue';

const KINDS = ['Backup', 'Alert'];

/** Alert types (features §3.2 alert kind Backup 0, Alert 1): edited as a list, saved at once. */
export function AlertTypesPanel() {
  const types = useAlertTypes();
  const save = useSaveAlertTypes();
  const snackbar = useSnackbar();
  const [draft, setDraft] = useState<AlertTypesInput | null>(null);
  const list: AlertTypesInput = draft ?? (types.data ?? []).map((t: AlertTypeItem) => ({ ...t }));
  const set = (i: number, patch: Partial<AlertTypesInput[number]>) =>
    setDraft(list.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  const valid = list.every((t) => t.label.trim());

  const submit = async () => {
    try {
      await save.mutateAsync(list.map((t) => ({ ...t, label: t.label.trim() })));
      setDraft(null);
      snackbar.success('Alert types saved');
    } catch (err) {
      snackbar.error(err);
    }
  };

  return (
    <Paper variant="outlined" sx={{ borderRadius: '14px', p: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: 16, mb: 1.5 }}>
        Alert types
      </Typography>
      {types.isError && <QueryError error={types.error} onRetry={() => void types.refetch()} />}
      <Box sx={{ display: 'grid', gap: 1 }}>
        {list.map((t, i) => (
          <Box key={t.id ?? `new-${i}`} sx={{ display: 'grid', gridTemplateColumns: '1fr 130px auto', gap: 1 }}>
            <TextField
              size="small"
              label="Type"
              value={t.label}
              error={!t.label.trim()}
              onChange={(e) => set(i, { label: e.target.value })}
            />
            <TextField
              size="small"
              select
              label="Kind"
              value={String(t.kind)}
              onChange={(e) => set(i, { kind: Number(e.target.value) })}
            >
              {KINDS.map((k, v) => (
                <MenuItem key={k} value={String(v)}>
                  {k}
                </MenuItem>
              ))}
            </TextField>
            <IconButton
              aria-label={`Remove ${t.label || 'type'}`}
              onClick={() => setDraft(list.filter((_, j) => j !== i))}
            >
              <CloseRoundedIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
        <Button onClick={() => setDraft([...list, { label: '', kind: 1 }])}>Add type</Button>
        <Box sx={{ flex: 1 }} />
        <Button disabled={!draft} onClick={() => setDraft(null)}>
          Reset
        </Button>
        <Button variant="contained" disabled={!draft || !valid || save.isPending} onClick={() => void submit()}>
          Save types
        </Button>
      </Box>
    </Paper>
  );
}
