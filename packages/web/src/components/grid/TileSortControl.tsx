import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import type { SortingState } from '@tanstack/react-table';

/** Sorting for the tile view, which has no column headers: a column and a direction. */
export function TileSortControl({
  id,
  columns,
  sorting,
  onChange,
}: {
  id: string;
  columns: readonly { id: string; label: string; descFirst: boolean }[];
  sorting: SortingState;
  onChange: (sorting: SortingState) => void;
}) {
  if (columns.length === 0) return null;
  const current = sorting[0];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <TextField
        id={`${id}-sort`}
        select
        size="small"
        label="Sort by"
        value={current?.id ?? ''}
        fullWidth={false}
        sx={{ minWidth: 140 }}
        onChange={(e) => {
          const col = columns.find((c) => c.id === e.target.value);
          onChange(col ? [{ id: col.id, desc: col.descFirst }] : []);
        }}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {columns.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      {current && (
        <Tooltip title={current.desc ? 'Descending' : 'Ascending'}>
          <IconButton
            size="small"
            aria-label={current.desc ? 'Sort ascending' : 'Sort descending'}
            onClick={() => onChange([{ id: current.id, desc: !current.desc }])}
          >
            {current.desc ? <ArrowDownwardRoundedIcon fontSize="small" /> : <ArrowUpwardRoundedIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
