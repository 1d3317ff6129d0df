import { useMemo, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { moreText, selectedText } from '../lib/audit';
import { srOnly } from './srOnly';

export interface MultiSelectOption<V extends string | number> {
  value: V;
  label: string;
  /** Shown before the label in the list (e.g. a status colour). */
  adornment?: ReactNode;
}

/** Visible rows of the dropdown and their heights (features §9). */
const VISIBLE_ROWS = 8;
const ROW_HEIGHT = 36;
const ROW_HEIGHT_SMALL = 48;
const CHIPS_SHOWN = 2;

/**
 * A multi-select with search: the first two choices as chips, then "+N more" (features §9),
 * at most 8 rows visible in the list (36 px each, 48 on small screens), at most 500 wide.
 */
export function MultiSelect<V extends string | number>({
  id,
  label,
  options,
  value,
  onChange,
  loading,
  placeholder,
  noOptionsText = 'No options',
}: {
  id: string;
  label: string;
  options: readonly MultiSelectOption<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  loading?: boolean;
  placeholder?: string;
  noOptionsText?: string;
}) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const rowHeight = small ? ROW_HEIGHT_SMALL : ROW_HEIGHT;
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  // A chosen value the options do not (yet) know still shows, by its value.
  const selected = value.map((v) => byValue.get(v) ?? { value: v, label: String(v) });

  return (
    <Autocomplete
      id={id}
      multiple
      disableCloseOnSelect
      // Chips are removed one by one; the panels have their own "Clear" for everything.
      disableClearable
      size="small"
      options={options as MultiSelectOption<V>[]}
      value={selected}
      loading={loading}
      noOptionsText={noOptionsText}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_e, next) => onChange(next.map((o) => o.value))}
      renderOption={(props, option, state) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ minHeight: rowHeight, gap: 1 }}>
            <Checkbox size="small" checked={state.selected} sx={{ p: 0.25 }} tabIndex={-1} disableRipple />
            {option.adornment}
            <Box component="span" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {option.label}
            </Box>
          </Box>
        );
      }}
      renderValue={(items, getItemProps) => {
        const shown = items.slice(0, CHIPS_SHOWN);
        const rest = items.slice(CHIPS_SHOWN);
        return (
          <>
            {shown.map((o, index) => {
              const { key, ...chipProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={o.label} title={o.label} {...chipProps} />;
            })}
            {rest.length > 0 && (
              <Tooltip title={rest.map((o) => o.label).join(', ')}>
                <Chip size="small" variant="outlined" label={moreText(rest.length)} sx={{ flexShrink: 0, m: '3px' }} />
              </Tooltip>
            )}
            <Box component="span" sx={srOnly} aria-live="polite">
              {selectedText(items.length)}
            </Box>
          </>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={value.length ? undefined : placeholder} />
      )}
      slotProps={{
        listbox: { sx: { maxHeight: VISIBLE_ROWS * rowHeight + 16 } },
        popper: { sx: { maxWidth: 500 } },
      }}
      sx={{
        minWidth: 0,
        // Two chips and the text box share one line; longer names end in an ellipsis (title shows all).
        '& .MuiAutocomplete-tag': { maxWidth: value.length > 1 ? 'calc(50% - 12px)' : 'calc(100% - 40px)' },
        '&:not(.Mui-focused) .MuiAutocomplete-input': { minWidth: 12 },
      }}
    />
  );
}
