// Where a tile sits on the 12-column grid: row, column, width and height.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { TileDraft } from '../../layoutDraft';

export function TilePositionFields({
  tile,
  err,
  id,
  onChange,
}: {
  tile: TileDraft;
  err: (field: string) => string | undefined;
  id: (field: string) => string;
  onChange: (tile: TileDraft) => void;
}) {
  const num = (f: 'row' | 'col' | 'sizeX' | 'sizeY', label: string) => (
    <TextField
      id={id(f)}
      label={label}
      type="number"
      size="small"
      value={Number.isNaN(tile[f]) ? '' : tile[f]}
      onChange={(e) => onChange({ ...tile, [f]: e.target.value === '' ? NaN : Number(e.target.value) })}
      error={!!err(f)}
      helperText={err(f)}
      slotProps={{ htmlInput: { min: 0, step: 1 } }}
      sx={{ width: { xs: 'calc(50% - 4px)', sm: 96 } }}
    />
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, width: { xs: '100%', md: 'auto' } }}>
      {num('row', 'Row')}
      {num('col', 'Column')}
      {num('sizeX', 'Width')}
      {num('sizeY', 'Height')}
    </Box>
  );
}
