import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { CompanyOption } from '@vigil/contract';
import { useDebouncedValue } from '../useDebouncedValue';
import { useCompanyOptions } from '../api/lookups';
import { useCompanyNames } from './useCompanyNames';

/**
 * Companies by search (api/company/autocomplete, re-queried 250 ms after typing stops,
 * features §4.8). One company or several; `psaOnly` lists PSA companies only.
 */
export function CompanyField({
  id,
  label,
  value,
  onChange,
  psaOnly,
  multiple,
  required,
  error,
  helperText,
}: {
  id: string;
  label: string;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  psaOnly?: boolean;
  multiple?: boolean;
  required?: boolean;
  error?: string;
  helperText?: string;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, 250);
  const list = useCompanyOptions(search, !!psaOnly);
  const names = useCompanyNames(value);
  const options = list.data?.Results ?? [];
  const nameOf = (cid: number) =>
    options.find((o) => o.Id === cid)?.Name ?? names.data?.get(cid) ?? (names.isLoading ? 'Loading…' : `#${cid}`);
  const single = !multiple;

  const field = (params: object) => (
    <TextField {...params} id={id} label={label} required={required} error={!!error} helperText={error ?? helperText} />
  );

  if (single) {
    const current: CompanyOption | null = value.length ? { Id: value[0], Name: nameOf(value[0]), Type: 0 } : null;
    return (
      <Autocomplete
        options={options}
        value={current}
        loading={list.isFetching}
        filterOptions={(x) => x}
        isOptionEqualToValue={(a, b) => a.Id === b.Id}
        getOptionLabel={(o) => o.Name}
        onInputChange={(_, v, reason) => reason === 'input' && setInput(v)}
        onChange={(_, o) => onChange(o ? [o.Id] : [])}
        noOptionsText={list.isFetching ? 'Loading...' : 'No options'}
        renderInput={field}
      />
    );
  }
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options.map((o) => o.Id)}
      value={[...value]}
      loading={list.isFetching}
      filterOptions={(x) => x}
      getOptionLabel={nameOf}
      onInputChange={(_, v, reason) => reason === 'input' && setInput(v)}
      onChange={(_, next) => onChange(next)}
      noOptionsText={list.isFetching ? 'Loading...' : 'No options'}
      limitTags={2}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={nameOf(item)} {...props} />;
        })
      }
      renderInput={field}
    />
  );
}
