// A credential secret field that keeps a stored secret hidden until the user changes it.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { PasswordField } from '../../../../components/PasswordField';
import type { CredentialField } from '../../psaForm';

/** A stored secret is never shown: "••••• (stored)" until the user chooses to change it. */
export function PsaSecretInput({
  field,
  stored,
  value,
  error,
  disabled,
  onChange,
}: {
  field: CredentialField;
  stored: boolean;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  const [changing, setChanging] = useState(!stored);
  if (stored && !changing)
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label={field.label}
          value="••••• (stored)"
          fullWidth
          slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
          helperText="Kept as stored; never shown again."
        />
        <Button
          sx={{ mt: 1 }}
          onClick={() => setChanging(true)}
          disabled={disabled}
          aria-label={`Change ${field.label}`}
        >
          Change
        </Button>
      </Box>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <PasswordField
        label={field.label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={!stored}
        fullWidth
        autoComplete="new-password"
        disabled={disabled}
        error={!!error}
        helperText={error ?? field.help ?? (stored ? 'Leave blank to keep the stored value' : ' ')}
      />
      {stored && (
        <Button
          sx={{ mt: 1, whiteSpace: 'nowrap' }}
          onClick={() => {
            onChange('');
            setChanging(false);
          }}
          disabled={disabled}
        >
          Keep stored
        </Button>
      )}
    </Box>
  );
}
