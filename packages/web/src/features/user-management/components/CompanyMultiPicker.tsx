import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { NamedRef } from '@vigil/contract';
import { useCompanyOptions } from '../api/userManagement';

/** Picks several companies by name; the list is searched on the server as the user types. */
export function CompanyMultiPicker({
  id,
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  id: string;
  label: string;
  value: NamedRef[];
  onChange: (v: NamedRef[]) => void;
  error?: boolean;
  helperText?: string;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setSearch(input.trim()), 300);
    return () => clearTimeout(h);
  }, [input]);
  const options = useCompanyOptions(search);

  return (
    <Autocomplete
      id={id}
      multiple
      disableCloseOnSelect
      filterSelectedOptions
      options={options.data ?? []}
      loading={options.isFetching}
      value={value}
      onChange={(_, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_, v, reason) => {
        if (reason !== 'reset') setInput(v);
      }}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      getOptionLabel={(o) => o.Name}
      noOptionsText={search ? 'No company matches' : 'No companies yet'}
      renderValue={(selected, getItemProps) =>
        selected.map((o, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <Chip key={key} size="small" label={o.Name} {...rest} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} error={error} helperText={helperText} />}
    />
  );
}
