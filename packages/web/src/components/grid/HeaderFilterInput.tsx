import { useEffect, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import ClearRoundedIcon from '@mui/icons-material/ClearRounded';
import { GRID_FILTER_DEBOUNCE_MS } from './constants';
import { createDelay } from './debounce';

/**
 * The text filter of one column in the header's filter row. What is typed is committed
 * 500 ms after the last keystroke, at once on Enter or when cleared; a value changed from
 * outside ("Clear filters", the server) replaces the draft.
 */
export function HeaderFilterInput({
  value,
  label,
  onCommit,
}: {
  value: string;
  /** The column's name, for the accessible label "Filter <name>". */
  label: string;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  });
  const [commitLater] = useState(() => createDelay(GRID_FILTER_DEBOUNCE_MS));
  useEffect(() => () => commitLater.flush(), [commitLater]);

  const commitNow = (v: string) => {
    commitLater.cancel();
    onCommit(v);
  };
  const change = (v: string) => {
    setDraft(v);
    if (!v) commitNow(v);
    else commitLater.schedule(() => commitRef.current(v));
  };
  return (
    <InputBase
      value={draft}
      placeholder="Filter"
      onChange={(e) => change(e.target.value.replace(/^\s+/, ''))}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commitNow(draft);
        } else if (e.key === 'Escape' && draft) {
          e.stopPropagation();
          change('');
        }
      }}
      inputProps={{ 'aria-label': `Filter ${label}` }}
      endAdornment={
        draft ? (
          <IconButton size="small" aria-label={`Clear ${label} filter`} onClick={() => change('')} sx={{ p: 0.25 }}>
            <ClearRoundedIcon sx={{ fontSize: 16 }} />
          </IconButton>
        ) : undefined
      }
      sx={{
        width: '100%',
        height: 30,
        px: 1,
        fontSize: '0.8125rem',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        '&.Mui-focused': { borderColor: 'primary.main' },
      }}
    />
  );
}
