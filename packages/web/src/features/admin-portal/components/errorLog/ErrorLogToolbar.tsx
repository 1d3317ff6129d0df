// The error log's filters above its table: the error types, a search, and how many errors match.
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ErrorLogTypes, type ErrorLogType } from '@vigil/contract';
import { SearchField } from '../../../../components/SearchField';
import { TYPE_LABELS } from './errorLogColumns';

export function ErrorLogToolbar({
  types,
  search,
  total,
  update,
}: {
  types: ErrorLogType[];
  search: string;
  /** How many errors match, once loaded. */
  total: number | undefined;
  update: (next: { types?: ErrorLogType[]; search?: string }) => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <ToggleButtonGroup
        size="small"
        value={types}
        aria-label="Error types"
        onChange={(_, v: ErrorLogType[]) => update({ types: v })}
      >
        {ErrorLogTypes.map((t) => (
          <ToggleButton key={t} value={t}>
            {TYPE_LABELS[t]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <SearchField id="error-search" label="Search errors" value={search} onChange={(v) => update({ search: v })} />
      <Typography sx={{ color: 'text.secondary', fontSize: 13.5, ml: 'auto' }}>
        {total !== undefined ? `${total.toLocaleString('en-US')} ${total === 1 ? 'error' : 'errors'}` : ''}
      </Typography>
    </Box>
  );
}
