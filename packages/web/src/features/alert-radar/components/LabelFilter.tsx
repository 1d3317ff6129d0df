import { useEffect, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { SEARCH_DEBOUNCE_MS } from '@vigil/contract';
import { useMarkerSearch } from '../api/alertRadar';

/**
 * The labels filter: a multi-select whose choices come from the marker search, asked 500 ms
 * after the last keystroke (features §9).
 */
export function LabelFilter({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const markers = useMarkerSearch(search);
  const options = [...new Set((markers.data ?? []).map((m) => m.Label))];

  return (
    <Autocomplete
      id="alert-labels"
      multiple
      size="small"
      disableCloseOnSelect
      options={options}
      value={value}
      loading={markers.isFetching}
      filterOptions={(o) => o}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        if (reason === 'reset') return;
        setInput(v);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setSearch(v.trim()), SEARCH_DEBOUNCE_MS);
      }}
      onChange={(_e, next) => onChange(next)}
      noOptionsText={search ? 'No label matches' : 'No labels yet'}
      renderValue={(items, getItemProps) =>
        items.map((l, index) => {
          const { key, ...chip } = getItemProps({ index });
          return <Chip key={key} size="small" label={l} {...chip} />;
        })
      }
      renderInput={(params) => <TextField {...params} label="Labels" />}
      sx={{ minWidth: 200 }}
    />
  );
}
