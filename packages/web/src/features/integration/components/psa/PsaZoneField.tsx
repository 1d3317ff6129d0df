// The Autotask zone picker of the PSA credential form, listing the zones Autotask publishes.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { resolveErrorMessage } from '../../../../lib/errors';
import { useAutotaskRegions } from '../../api/psaIntegration';
import type { CredentialField } from '../../psaForm';

export function PsaZoneField({
  field: f,
  value,
  error,
  disabled,
  onChange,
}: {
  field: CredentialField;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  const regions = useAutotaskRegions(true);
  const zoneOptions = regions.data ?? [];
  const zoneValue = value;
  const zoneKnown = zoneOptions.some((r) => r.Url.replace(/\/+$/, '') === zoneValue.replace(/\/+$/, ''));
  return (
    <TextField
      select
      label={f.label}
      value={zoneValue}
      onChange={(e) => onChange(e.target.value)}
      required
      disabled={disabled || regions.isPending}
      error={!!error || regions.isError}
      helperText={
        error ?? (regions.isError ? resolveErrorMessage(regions.error) : 'The Autotask zone of your database')
      }
      sx={{ gridColumn: '1 / -1' }}
    >
      {!zoneKnown && zoneValue && <MenuItem value={zoneValue}>{zoneValue}</MenuItem>}
      {zoneOptions.map((r) => (
        <MenuItem key={r.Id} value={r.Url}>
          {r.Name}
        </MenuItem>
      ))}
    </TextField>
  );
}
