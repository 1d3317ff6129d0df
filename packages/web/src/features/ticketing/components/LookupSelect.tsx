// A select over a PSA lookup, hidden when the PSA has no such property.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PsaOption } from '@vigil/contract';

export interface LookupState {
  data: PsaOption[] | null | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** A select over a PSA lookup; hidden when the PSA has no such property (unless required). */
export function LookupSelect({
  id,
  label,
  lookup,
  value,
  onChange,
  required,
  error,
  disabled,
  helperText,
  allowEmpty = !required,
}: {
  id: string;
  label: string;
  lookup: LookupState;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  helperText?: string;
  allowEmpty?: boolean;
}) {
  if (lookup.data === null && !required && !value) return null;
  const options = lookup.data ?? [];
  // A saved value the PSA no longer lists still shows, by its id.
  const known = !value || options.some((o) => o.Id === value);
  return (
    <TextField
      select
      id={id}
      label={label}
      value={lookup.isLoading && !known ? '' : value}
      onChange={(e) => onChange(e.target.value)}
      required={required}
      disabled={disabled}
      error={!!error || lookup.isError}
      helperText={
        error ??
        (lookup.isError ? `${label} could not be loaded from the PSA` : lookup.isLoading ? 'Loading…' : helperText)
      }
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 8 * 36 + 16, maxWidth: 500 } } } } } }}
    >
      {allowEmpty && (
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
      )}
      {!known && !lookup.isLoading && <MenuItem value={value}>{`#${value}`}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.Id} value={o.Id}>
          {o.Name}
        </MenuItem>
      ))}
    </TextField>
  );
}
