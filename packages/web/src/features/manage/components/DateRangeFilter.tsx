import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ClearRoundedIcon from '@mui/icons-material/ClearRounded';
import DateRangeRoundedIcon from '@mui/icons-material/DateRangeRounded';
import { useSnackbar } from '../../../components/snackbar';
import {
  DATE_PRESET_LABELS,
  DATE_PRESETS,
  dayProblem,
  presetRange,
  type DayRange,
  type IsoDay,
} from '../../../lib/days';

export interface OptionalDayRange {
  from: IsoDay | null;
  to: IsoDay | null;
}

const FROM_LABEL = 'Date Filter From';
const TO_LABEL = 'Date Filter To';

/**
 * A range of days, either end optional (features §5.4): no future days, the end not before the
 * start ("Date Filter To must be later than Date Filter From"), problems shown in a snackbar,
 * and the quick presets. A typed day applies once it is valid.
 */
export function DateRangeFilter({
  id,
  value,
  today,
  onChange,
}: {
  id: string;
  value: OptionalDayRange;
  today: IsoDay;
  onChange: (range: OptionalDayRange) => void;
}) {
  const snackbar = useSnackbar();
  const [menu, setMenu] = useState<HTMLElement | null>(null);

  const apply = (next: OptionalDayRange) => {
    for (const [day, label] of [
      [next.from, FROM_LABEL],
      [next.to, TO_LABEL],
    ] as const) {
      const problem = day ? dayProblem(day, today) : null;
      if (problem) {
        snackbar.error(`${label}: ${problem}`);
        return;
      }
    }
    if (next.from && next.to && next.to < next.from) {
      snackbar.error(`${TO_LABEL} must be later than ${FROM_LABEL}`);
      return;
    }
    onChange(next);
  };
  const field = (end: 'from' | 'to', label: string) => (
    <TextField
      id={`${id}-${end}`}
      label={label}
      type="date"
      size="small"
      value={value[end] ?? ''}
      onChange={(e) => apply({ ...value, [end]: e.target.value || null })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
      sx={{ width: 170 }}
    />
  );

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {field('from', 'From')}
      {field('to', 'To')}
      <Tooltip title="Quick ranges">
        <IconButton
          aria-label="Quick date ranges"
          aria-haspopup="menu"
          aria-controls={menu ? `${id}-presets` : undefined}
          onClick={(e) => setMenu(e.currentTarget)}
          size="small"
        >
          <DateRangeRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {(value.from || value.to) && (
        <Tooltip title="Any date">
          <IconButton aria-label="Clear the date range" onClick={() => onChange({ from: null, to: null })} size="small">
            <ClearRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Menu id={`${id}-presets`} anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        {DATE_PRESETS.map((p) => (
          <MenuItem
            key={p}
            onClick={() => {
              const r: DayRange = presetRange(p, today);
              setMenu(null);
              onChange(r);
            }}
          >
            <ListItemText>{DATE_PRESET_LABELS[p]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
