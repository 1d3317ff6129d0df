import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import {
  addDays,
  DATE_PRESET_LABELS,
  DATE_PRESETS,
  dayProblem,
  daysInRange,
  formatDay,
  presetRange,
  shortDayLabel,
  weekdayName,
  type DatePreset,
  type DayRange,
  type IsoDay,
} from '../lib/days';

/**
 * One day at a time: a date field (no future days, features §5.4), previous and next day
 * buttons and, with `presets`, the quick choices of §5.4. A range preset selects its latest
 * day and hands the range back so the screen can offer its days as a strip.
 */
export function DayPicker({
  id,
  label = 'Date',
  value,
  today,
  onChange,
  presets = false,
  dateFormat,
}: {
  id: string;
  label?: string;
  value: IsoDay;
  today: IsoDay;
  onChange: (day: IsoDay, range?: DayRange & { preset: DatePreset }) => void;
  presets?: boolean;
  dateFormat?: string;
}) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const problem = draft === value ? null : dayProblem(draft, today);

  const step = (n: number) => {
    const next = addDays(value, n);
    if (next <= today) onChange(next);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, flexWrap: 'wrap' }}>
      <Tooltip title="Previous day">
        <IconButton aria-label="Previous day" onClick={() => step(-1)} sx={{ mt: 0.25 }}>
          <ChevronLeftRoundedIcon />
        </IconButton>
      </Tooltip>
      <TextField
        id={id}
        label={label}
        type="date"
        size="small"
        value={draft}
        onChange={(e) => {
          const v = e.target.value;
          setDraft(v);
          if (!dayProblem(v, today)) onChange(v);
        }}
        error={!!problem}
        helperText={problem ?? undefined}
        fullWidth={false}
        sx={{ width: 172 }}
        slotProps={{
          htmlInput: { max: today, 'aria-describedby': `${id}-weekday` },
          inputLabel: { shrink: true },
        }}
      />
      <Tooltip title="Next day">
        <span>
          <IconButton aria-label="Next day" onClick={() => step(1)} disabled={value >= today} sx={{ mt: 0.25 }}>
            <ChevronRightRoundedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Typography
        id={`${id}-weekday`}
        sx={{ alignSelf: 'center', color: 'text.secondary', fontSize: 13.5, mx: 0.5, whiteSpace: 'nowrap' }}
      >
        {value === today ? 'Today' : value === addDays(today, -1) ? 'Yesterday' : weekdayName(value)}
        {dateFormat ? ` · ${formatDay(value, dateFormat)}` : ''}
      </Typography>
      {presets && (
        <>
          <Button
            id={`${id}-presets`}
            size="small"
            startIcon={<EventRoundedIcon />}
            aria-haspopup="menu"
            aria-expanded={menu ? 'true' : undefined}
            aria-controls={menu ? `${id}-presets-menu` : undefined}
            onClick={(e) => setMenu(e.currentTarget)}
            sx={{ alignSelf: 'center' }}
          >
            Quick dates
          </Button>
          <Menu
            id={`${id}-presets-menu`}
            anchorEl={menu}
            open={!!menu}
            onClose={() => setMenu(null)}
            slotProps={{ list: { dense: true, 'aria-labelledby': `${id}-presets` } }}
          >
            {DATE_PRESETS.map((p) => {
              const r = presetRange(p, today);
              return (
                <MenuItem
                  key={p}
                  onClick={() => {
                    setMenu(null);
                    onChange(r.to, { ...r, preset: p });
                  }}
                >
                  <ListItemText
                    primary={DATE_PRESET_LABELS[p]}
                    secondary={
                      r.from === r.to ? shortDayLabel(r.from) : `${shortDayLabel(r.from)} – ${shortDayLabel(r.to)}`
                    }
                  />
                </MenuItem>
              );
            })}
          </Menu>
        </>
      )}
    </Box>
  );
}

/** The days of a chosen range as a strip of toggle buttons, latest last. */
export function DayStrip({
  range,
  value,
  onChange,
  label,
}: {
  range: DayRange;
  value: IsoDay;
  onChange: (day: IsoDay) => void;
  label: string;
}) {
  const days = daysInRange(range.from, range.to);
  if (days.length < 2) return null;
  return (
    <Box sx={{ overflowX: 'auto', pb: 0.5 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        onChange={(_e, v: IsoDay | null) => v && onChange(v)}
        aria-label={label}
        sx={{ flexWrap: 'nowrap' }}
      >
        {days.map((d) => (
          <ToggleButton
            key={d}
            value={d}
            aria-label={shortDayLabel(d)}
            sx={{ px: 1, py: 0.25, lineHeight: 1.25, flexDirection: 'column', minWidth: 46 }}
          >
            <Box component="span" sx={{ fontSize: 11, opacity: 0.75 }}>
              {shortDayLabel(d).slice(0, 3)}
            </Box>
            <Box component="span" sx={{ fontSize: 13, fontWeight: 700 }}>
              {Number(d.slice(8, 10))}
            </Box>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
