import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { DATE_PRESET_LABELS, INSIGHT_TYPES, InsightType, TileType, type DatePreset } from '@vigil/contract';
import { withType, type TileDraft } from '../layoutDraft';

export const TILE_TYPE_LABELS: Record<TileType, string> = {
  Histogram: 'Histogram',
  PieChart: 'Pie chart',
  Count: 'Count',
  Bar: 'Bar',
  Column: 'Column',
  Insight: 'Insight',
};

const PRESET_LABELS: Record<DatePreset, string> = { ...DATE_PRESET_LABELS, custom: 'Custom (saved days)' };

/** One tile of a layout: what it shows and where it sits on the 12-column grid. */
export function LayoutTileRow({
  tile,
  index,
  errors,
  onChange,
  onRemove,
}: {
  tile: TileDraft;
  index: number;
  errors: Record<string, string>;
  onChange: (tile: TileDraft) => void;
  onRemove: () => void;
}) {
  const err = (f: string) => errors[`tiles.${index}.${f}`];
  const id = (f: string) => `layout-tile-${index}-${f}`;
  // Custom ranges need days the editor does not ask for; only a tile saved with one keeps it.
  const presets = (Object.keys(PRESET_LABELS) as DatePreset[]).filter(
    (p) => p !== 'custom' || tile.base?.filters.DateRange.Preset === 'custom',
  );
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
    <Paper
      variant="outlined"
      component="li"
      aria-label={`Tile ${index + 1}${tile.title ? `: ${tile.title}` : ''}`}
      sx={{ p: 1.5, listStyle: 'none', display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flex: 1, minWidth: 0 }}>
        <TextField
          id={id('title')}
          label="Title"
          size="small"
          required
          value={tile.title}
          onChange={(e) => onChange({ ...tile, title: e.target.value })}
          error={!!err('title')}
          helperText={err('title')}
          sx={{ flex: '1 1 200px' }}
        />
        <TextField
          id={id('type')}
          select
          label="Type"
          size="small"
          value={tile.type}
          onChange={(e) => onChange(withType(tile, e.target.value as TileType))}
          sx={{ flex: '1 1 140px' }}
        >
          {TileType.options.map((t) => (
            <MenuItem key={t} value={t}>
              {TILE_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        {tile.type === 'Insight' ? (
          <TextField
            id={id('insightType')}
            select
            label="Insight type"
            size="small"
            value={tile.insightType ?? ''}
            onChange={(e) => onChange({ ...tile, insightType: e.target.value as InsightType })}
            error={!!err('insightType')}
            helperText={err('insightType')}
            sx={{ flex: '1 1 220px' }}
          >
            {InsightType.options.map((t) => (
              <MenuItem key={t} value={t}>
                {INSIGHT_TYPES[t].title}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            id={id('preset')}
            select
            label="Date range"
            size="small"
            value={tile.preset}
            onChange={(e) => onChange({ ...tile, preset: e.target.value as DatePreset })}
            sx={{ flex: '1 1 160px' }}
          >
            {presets.map((p) => (
              <MenuItem key={p} value={p}>
                {PRESET_LABELS[p]}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, width: { xs: '100%', md: 'auto' } }}>
          {num('row', 'Row')}
          {num('col', 'Column')}
          {num('sizeX', 'Width')}
          {num('sizeY', 'Height')}
        </Box>
      </Box>
      <Tooltip title="Remove tile">
        <IconButton aria-label={`Remove tile ${index + 1}`} onClick={onRemove}>
          <DeleteOutlineRoundedIcon />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
