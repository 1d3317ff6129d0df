// What a tile shows besides its type: the insight type of an insight tile, else the date range.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { INSIGHT_TYPES, InsightType, type DatePreset } from '@vigil/contract';
import type { TileDraft } from '../../layoutDraft';
import { PRESET_LABELS } from './tileLabels';

export function TileShowField({
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
  // Custom ranges need days the editor does not ask for; only a tile saved with one keeps it.
  const presets = (Object.keys(PRESET_LABELS) as DatePreset[]).filter(
    (p) => p !== 'custom' || tile.base?.filters.DateRange.Preset === 'custom',
  );
  return tile.type === 'Insight' ? (
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
  );
}
