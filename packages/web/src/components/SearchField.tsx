import { useEffect, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ClearRoundedIcon from '@mui/icons-material/ClearRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { SEARCH_DEBOUNCE_MS } from '@vigil/contract';

/** A compact search box with a visible label; a clear button appears once something is typed. */
export function SearchField({
  label,
  value,
  onChange,
  id,
  onEnter,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  id: string;
  onEnter?: () => void;
}) {
  return (
    <TextField
      id={id}
      label={label}
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/^\s+/, ''))}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && onEnter) {
          e.preventDefault();
          onEnter();
        } else if (e.key === 'Escape' && value) {
          onChange('');
        }
      }}
      sx={{ maxWidth: 340 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRoundedIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label="Clear search" onClick={() => onChange('')}>
                <ClearRoundedIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

/**
 * A search box whose value is committed 500 ms after the last keystroke (features §2.6), at
 * once on Enter or when cleared. `value` seeds it (e.g. from the address bar).
 */
export function DebouncedSearchField({
  value,
  onCommit,
  delay = SEARCH_DEBOUNCE_MS,
  ...rest
}: {
  label: string;
  id: string;
  value: string;
  onCommit: (v: string) => void;
  delay?: number;
}) {
  const [draft, setDraft] = useState(value);
  // A value changed from outside (filters cleared, back button) replaces what is typed.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const commitNow = (v: string) => {
    window.clearTimeout(timer.current);
    onCommit(v);
  };
  const change = (v: string) => {
    setDraft(v);
    window.clearTimeout(timer.current);
    if (!v) commitNow(v);
    else timer.current = window.setTimeout(() => onCommit(v), delay);
  };
  return <SearchField {...rest} value={draft} onChange={change} onEnter={() => commitNow(draft)} />;
}
