// One tile of a layout being edited: title, type, what it shows and where it sits; remove it.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { TileType } from '@vigil/contract';
import { withType, type TileDraft } from '../../layoutDraft';
import { TilePositionFields } from './TilePositionFields';
import { TileShowField } from './TileShowField';
import { TILE_TYPE_LABELS } from './tileLabels';

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
        <TileShowField tile={tile} err={err} id={id} onChange={onChange} />
        <TilePositionFields tile={tile} err={err} id={id} onChange={onChange} />
      </Box>
      <Tooltip title="Remove tile">
        <IconButton aria-label={`Remove tile ${index + 1}`} onClick={onRemove}>
          <DeleteOutlineRoundedIcon />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
