import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useVendors, type VendorChoice } from '../lib/vendors';

/**
 * A vendor chosen by its name from the vendors the server knows; the value is the vendor's id
 * (what rules and filters store), never typed by hand. A stored id the list does not know stays
 * shown as it is, so an old rule is not silently changed.
 */
export function VendorPicker({
  id,
  label = 'Vendor',
  value,
  onChange,
  disabled = false,
  error,
  size = 'small',
  sx,
}: {
  id?: string;
  label?: string;
  value: string;
  onChange: (vendorId: string) => void;
  disabled?: boolean;
  error?: string | null;
  size?: 'small' | 'medium';
  sx?: object;
}) {
  const vendors = useVendors();
  const options = useMemo<VendorChoice[]>(() => {
    const list = vendors.data ?? [];
    if (value && !list.some((v) => v.Id === value)) return [{ Id: value, Name: value, Count: 0 }, ...list];
    return list;
  }, [vendors.data, value]);
  const selected = options.find((v) => v.Id === value) ?? null;

  return (
    <Autocomplete
      id={id}
      size={size}
      options={options}
      value={selected}
      loading={vendors.isLoading}
      disabled={disabled}
      onChange={(_, v) => onChange(v?.Id ?? '')}
      getOptionLabel={(v) => v.Name}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      renderOption={({ key, ...props }, v) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
          <span>{v.Name}</span>
          {v.Count > 0 && (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: 13 }}>
              {v.Count.toLocaleString('en-US')}
            </Box>
          )}
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error ?? undefined} />}
      sx={sx}
    />
  );
}
