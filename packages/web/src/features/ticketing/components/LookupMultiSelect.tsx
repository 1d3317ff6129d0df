// Several options of a PSA lookup as chips (the statuses a profile leaves alone).
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { LookupState } from './LookupSelect';

/** Several statuses (the ignore list). */
export function LookupMultiSelect({
  id,
  label,
  lookup,
  value,
  onChange,
  helperText,
  disabled,
}: {
  id: string;
  label: string;
  lookup: LookupState;
  value: readonly string[];
  onChange: (value: string[]) => void;
  helperText?: string;
  disabled?: boolean;
}) {
  if (lookup.data === null) return null;
  const options = lookup.data ?? [];
  const byId = new Map(options.map((o) => [o.Id, o]));
  return (
    <Autocomplete
      multiple
      id={id}
      disableCloseOnSelect
      disabled={disabled}
      options={options.map((o) => o.Id)}
      value={[...value]}
      loading={lookup.isLoading}
      getOptionLabel={(v) => byId.get(v)?.Name ?? `#${v}`}
      onChange={(_, next) => onChange(next)}
      limitTags={2}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={byId.get(item)?.Name ?? `#${item}`} {...props} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}
