// Add an alias: a local part or a whole address on the inbound domain, checked as typed.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../../lib/errors';
import { parseAlias } from '../../../../lib/ingest';
import { useAddAlias } from '../../api/mailboxes';

export function AddAliasForm({ domain }: { domain: string }) {
  const snackbar = useSnackbar();
  const add = useAddAlias();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const parsed = parseAlias(value, domain);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    try {
      const row = await add.mutateAsync(parsed.local);
      setValue('');
      snackbar.success(`Alias ${row.Email} added`);
    } catch (err) {
      setError((err instanceof ApiError && err.fieldErrors.Email) || resolveErrorMessage(err));
    }
  };

  const typed = parseAlias(value, domain);
  const preview = value.trim() && 'local' in typed ? `${typed.local}@${domain}` : null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <TextField
        id="alias-new"
        label="New alias"
        size="small"
        value={value}
        disabled={!domain}
        onChange={(e) => {
          setValue(e.target.value.replace(/^\s+/, ''));
          if (error) setError(null);
        }}
        placeholder="backups"
        error={!!error}
        helperText={error ?? (preview ? `Reports sent to ${preview} will arrive here` : `An address on ${domain}`)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, maxLength: 320 },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<AddRoundedIcon />}
        loading={add.isPending}
        disabled={!domain}
        sx={{ flexShrink: 0, height: 40 }}
      >
        Add alias
      </Button>
    </Box>
  );
}
