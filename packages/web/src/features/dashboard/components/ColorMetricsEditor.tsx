import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import DragIndicatorRoundedIcon from '@mui/icons-material/DragIndicatorRounded';
import SwapVertRoundedIcon from '@mui/icons-material/SwapVertRounded';
import { validateColorMetrics, type ColorMetric } from '@vigil/contract';
import { moveEntry } from '../lib/tiles';
import { metricColour } from './charts';

const COLOUR_LABEL: Record<ColorMetric['color'], string> = {
  red: 'Red',
  yellow: 'Yellow',
  green: 'Green',
  default: 'Default',
};

/**
 * Count thresholds (features §3.1, §4.1, §5.3): a "Conditional colouring" switch (off by default;
 * turning it on enables all three entries), the entries reorderable by drag and reversible, each
 * with its own validation message, and the fill style.
 */
export function ColorMetricsEditor({
  metrics,
  fill,
  onChange,
  onFillChange,
  showErrors,
}: {
  metrics: ColorMetric[];
  fill: 0 | 1 | 2;
  onChange: (next: ColorMetric[]) => void;
  onFillChange: (next: 0 | 1 | 2) => void;
  showErrors: boolean;
}) {
  const theme = useTheme();
  const [dragged, setDragged] = useState<number | null>(null);
  const on = metrics.some((m) => m.isEnabled);
  const errors = validateColorMetrics(metrics);
  const set = (i: number, patch: Partial<ColorMetric>) =>
    onChange(metrics.map((m, k) => (k === i ? { ...m, ...patch } : m)));

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(e) => onChange(metrics.map((m) => ({ ...m, isEnabled: e.target.checked })))}
          />
        }
        label="Conditional colouring"
      />
      {on && (
        <>
          <Box role="list" aria-label="Colour thresholds" sx={{ display: 'grid', gap: 1 }}>
            {metrics.map((m, i) => {
              const error = errors[i];
              const swatch = metricColour(theme, m.color) ?? theme.palette.text.primary;
              return (
                <Box
                  key={m.color}
                  role="listitem"
                  aria-label={`${COLOUR_LABEL[m.color]} threshold`}
                  draggable
                  onDragStart={(e) => {
                    setDragged(i);
                    e.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault();
                    if (dragged !== null) onChange(moveEntry(metrics, dragged, i));
                    setDragged(null);
                  }}
                  onDragEnd={() => setDragged(null)}
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'auto auto 1fr 2fr',
                    alignItems: 'start',
                    gap: 1,
                    opacity: dragged === i ? 0.5 : 1,
                  }}
                >
                  <DragIndicatorRoundedIcon sx={{ mt: 1, color: 'text.disabled', cursor: 'grab' }} aria-hidden />
                  <Checkbox
                    checked={m.isEnabled}
                    onChange={(e) => set(i, { isEnabled: e.target.checked })}
                    slotProps={{ input: { 'aria-label': `Use ${COLOUR_LABEL[m.color]}` } }}
                  />
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
                    <Box sx={{ width: 14, height: 14, borderRadius: '4px', bgcolor: swatch }} />
                    <Typography variant="body2">{COLOUR_LABEL[m.color]}</Typography>
                  </Box>
                  <TextField
                    size="small"
                    label={`${COLOUR_LABEL[m.color]} from`}
                    value={m.value}
                    disabled={!m.isEnabled}
                    onChange={(e) => set(i, { value: e.target.value.replace(/[^\d.-]/g, '') })}
                    error={showErrors && !!error}
                    helperText={showErrors ? error : undefined}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
                  />
                </Box>
              );
            })}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <Button size="small" startIcon={<SwapVertRoundedIcon />} onClick={() => onChange([...metrics].reverse())}>
              Reverse order
            </Button>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={fill}
              aria-label="Fill style"
              onChange={(_e, v: 0 | 1 | 2 | null) => v !== null && onFillChange(v)}
            >
              <ToggleButton value={0}>Default</ToggleButton>
              <ToggleButton value={1}>Subtle</ToggleButton>
              <ToggleButton value={2}>Vibrant</ToggleButton>
            </ToggleButtonGroup>
          </Box>
        </>
      )}
    </Box>
  );
}
