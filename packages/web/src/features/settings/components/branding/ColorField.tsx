// A colour picker beside its hex value; empty means the product colour.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { HEX } from './brandingForm';

export function ColorField({
  id,
  label,
  value,
  fallback,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  fallback: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={`${label} picker`}
        value={HEX.test(value) ? value : fallback}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        sx={{
          width: 48,
          height: 40,
          p: 0.25,
          border: 1,
          borderColor: 'divider',
          borderRadius: '8px',
          bgcolor: 'transparent',
        }}
      />
      <TextField
        id={id}
        label={label}
        size="small"
        value={value}
        placeholder={fallback}
        onChange={(e) => onChange(e.target.value.trim())}
        error={!!error}
        helperText={error ?? (value ? ' ' : 'Product colour')}
        slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
        sx={{ flex: 1 }}
      />
    </Box>
  );
}
