import { useEffect, useMemo, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { CompanyType, type CompanyOption } from '@vigil/contract';
import { useCompanyOptions } from '../api/companies';

/** Features §4.8: the dropdown re-queries 250 ms after typing stops and loads the next page 100 ms after reaching the bottom. */
const TYPE_DEBOUNCE_MS = 250;
const SCROLL_DEBOUNCE_MS = 100;
/** Features §8: a company with no name is labelled like this in pickers. */
export const NO_COMPANY_OPTION: CompanyOption = { Id: 0, Name: ' - No company assigned - ', Type: 1 };

/**
 * The company dropdown (GET api/company/autocomplete). `allowNone` adds " - No company
 * assigned - " at the top (Id 0), for places where clearing the company makes sense; the API
 * serves real companies only.
 */
export function CompanyPicker({
  id,
  label,
  value,
  onChange,
  excludeId,
  allowNone = false,
  disabled = false,
  error,
  size = 'medium',
}: {
  id: string;
  label: string;
  value: CompanyOption | null;
  onChange: (c: CompanyOption | null) => void;
  excludeId?: number;
  allowNone?: boolean;
  disabled?: boolean;
  error?: string | null;
  size?: 'small' | 'medium';
}) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(input), TYPE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  const list = useCompanyOptions(search, open);
  const options = useMemo(() => {
    const found = (list.data?.pages ?? []).flatMap((p) => p.Results).filter((c) => c.Id !== excludeId);
    return allowNone && !search.trim() ? [NO_COMPANY_OPTION, ...found] : found;
  }, [list.data, excludeId, allowNone, search]);
  const scrollTimer = useRef<number | undefined>(undefined);

  return (
    <Autocomplete
      id={id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_, v, reason) => setInput(reason === 'reset' ? '' : v)}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.Name}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      loading={list.isFetching}
      disabled={disabled}
      size={size}
      noOptionsText={list.isPending ? 'Loading...' : 'No options'}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Box component="span" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {o.Name}
            </Box>
            {o.Type === CompanyType.Psa && o.Id !== 0 && <Chip label="PSA" size="small" color="primary" />}
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error ?? undefined} />}
      slotProps={{
        listbox: {
          sx: { maxHeight: 8 * 36 + 16 },
          onScroll: (e: React.UIEvent<HTMLElement>) => {
            const el = e.currentTarget;
            window.clearTimeout(scrollTimer.current);
            scrollTimer.current = window.setTimeout(() => {
              if (el.scrollTop + el.clientHeight >= el.scrollHeight - 4 && list.hasNextPage && !list.isFetching) {
                void list.fetchNextPage();
              }
            }, SCROLL_DEBOUNCE_MS);
          },
        },
      }}
    />
  );
}
