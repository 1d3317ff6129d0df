import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ProcessingState } from '@vigil/contract';
import { STATE_INFO, type EmailFilters } from '../../lib/ingest';
import { DebouncedSearchField } from '../SearchField';

/** Search (debounced), state and "unrecognised only" filters above an e-mail list. */
export function EmailFilterBar({
  idPrefix,
  filters,
  onChange,
  searchLabel = 'Search e-mails',
  extra,
}: {
  idPrefix: string;
  filters: EmailFilters;
  onChange: (next: Partial<EmailFilters>) => void;
  searchLabel?: string;
  /** More filters (e.g. the tenant) placed after the state filter. */
  extra?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 240px', maxWidth: { sm: 340 } }}>
        <DebouncedSearchField
          id={`${idPrefix}-search`}
          label={searchLabel}
          value={filters.search}
          onCommit={(search) => onChange({ search, page: 1 })}
        />
      </Box>
      <TextField
        select
        id={`${idPrefix}-state`}
        label="State"
        size="small"
        value={filters.state}
        onChange={(e) => onChange({ state: e.target.value as EmailFilters['state'], page: 1 })}
        sx={{ width: { xs: '100%', sm: 180 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">All states</MenuItem>
        {ProcessingState.map((s) => (
          <MenuItem key={s} value={s}>
            {STATE_INFO[s].label}
          </MenuItem>
        ))}
      </TextField>
      {extra}
      <FormControlLabel
        sx={{ ml: 0, mr: 0 }}
        control={
          <Switch
            checked={filters.unrecognised}
            onChange={(_e, on) => onChange({ unrecognised: on, page: 1 })}
            slotProps={{ input: { id: `${idPrefix}-unrecognised` } }}
          />
        }
        label={<Typography sx={{ fontSize: 14 }}>Unrecognised only</Typography>}
      />
    </Box>
  );
}

/** "Page 1 of 3 · 52 e-mails" with page buttons. */
export function PageFooter({
  page,
  totalPages,
  total,
  noun = 'e-mail',
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  noun?: string;
  onPage: (page: number) => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>
        Page {page} of {Math.max(1, totalPages)} · {total.toLocaleString()} {noun}
        {total === 1 ? '' : 's'}
      </Typography>
      {totalPages > 1 && (
        <Pagination
          count={totalPages}
          page={page}
          shape="rounded"
          color="primary"
          size="small"
          siblingCount={0}
          onChange={(_e, p) => onPage(p)}
        />
      )}
    </Box>
  );
}
