import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import {
  describeScheduleRule,
  EVERY_DAY_FLAGS,
  SCHEDULE_MONTHS,
  SCHEDULE_NTH,
  SCHEDULE_WEEKDAYS,
  WEEKDAY_FLAGS,
  WEEKEND_FLAGS,
  type ScheduleRule,
} from '@vigil/contract';
import { isIsoDay, type IsoDay } from '../../lib/days';

export type ScheduleRuleKind = ScheduleRule['kind'];
type Nth = Extract<ScheduleRule, { kind: 'monthlyNth' }>['nth'];

const KIND_LABELS: Record<ScheduleRuleKind, string> = {
  weekly: 'Days of the week',
  interval: 'Every N days',
  monthlyNth: 'Day of the month',
};
const MAX_EVERY_DAYS = 366;

/** Why a rule cannot be saved yet, or null when it can. */
export function scheduleRuleError(rule: ScheduleRule): string | null {
  if (rule.kind === 'interval') {
    if (!Number.isInteger(rule.everyDays) || rule.everyDays < 1 || rule.everyDays > MAX_EVERY_DAYS)
      return `Repeat every 1 to ${MAX_EVERY_DAYS} days`;
    if (!isIsoDay(rule.startDate)) return 'Date must be valid';
    return null;
  }
  if (!rule.weekdays) return 'Choose at least one day';
  return null;
}

/** The rule of another kind, keeping what the two share (the weekdays and the months). */
function switchKind(rule: ScheduleRule, kind: ScheduleRuleKind, today: IsoDay): ScheduleRule {
  const months = rule.months?.length ? { months: rule.months } : {};
  const weekdays = rule.kind === 'interval' ? undefined : rule.weekdays;
  if (kind === 'weekly') return { kind, weekdays: weekdays || EVERY_DAY_FLAGS, ...months };
  if (kind === 'interval') return { kind, everyDays: 2, startDate: today, ...months };
  // One weekday reads best for "the nth … of the month": the first one chosen, else Monday.
  const first = SCHEDULE_WEEKDAYS.find((d) => weekdays && (weekdays & d.flag) !== 0)?.flag ?? 2;
  return { kind, nth: 1, weekdays: first, ...months };
}

function WeekdayPicker({
  id,
  value,
  onChange,
  presets,
  error,
}: {
  id: string;
  value: number;
  onChange: (flags: number) => void;
  presets: boolean;
  error: boolean;
}) {
  return (
    <FormControl component="fieldset" error={error} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontSize: 13, mb: 0.5 }}>
        Days
      </FormLabel>
      {presets && (
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mb: 0.5 }}>
          {(
            [
              ['Every day', EVERY_DAY_FLAGS],
              ['Weekdays', WEEKDAY_FLAGS],
              ['Weekends', WEEKEND_FLAGS],
            ] as const
          ).map(([label, flags]) => (
            <Button
              key={label}
              size="small"
              variant={value === flags ? 'contained' : 'outlined'}
              disableElevation
              onClick={() => onChange(flags)}
              aria-pressed={value === flags}
              sx={{ borderRadius: '16px', py: 0.1, px: 1.5, minWidth: 0 }}
            >
              {label}
            </Button>
          ))}
        </Box>
      )}
      <FormGroup row sx={{ columnGap: 0.5 }}>
        {SCHEDULE_WEEKDAYS.map((d) => (
          <FormControlLabel
            key={d.flag}
            control={
              <Checkbox
                id={`${id}-day-${d.flag}`}
                size="small"
                checked={(value & d.flag) !== 0}
                onChange={(e) => onChange(e.target.checked ? value | d.flag : value & ~d.flag)}
                slotProps={{ input: { 'aria-label': d.name } }}
              />
            }
            label={d.name.slice(0, 3)}
            sx={{ mr: 0.5, '& .MuiFormControlLabel-label': { fontSize: 14 } }}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

function MonthPicker({ id, value, onChange }: { id: string; value: number[]; onChange: (months: number[]) => void }) {
  const all = value.length === 0 || value.length === 12;
  return (
    <FormControl component="fieldset" sx={{ minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontSize: 13, mb: 0.5 }}>
        Months
      </FormLabel>
      <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          size="small"
          variant={all ? 'contained' : 'outlined'}
          disableElevation
          onClick={() => onChange([])}
          aria-pressed={all}
          sx={{ borderRadius: '16px', py: 0.1, px: 1.5, minWidth: 0 }}
        >
          All months
        </Button>
        {SCHEDULE_MONTHS.map((name, i) => {
          const m = i + 1;
          const on = !all && value.includes(m);
          return (
            <Button
              key={m}
              id={`${id}-month-${m}`}
              size="small"
              variant={on ? 'contained' : 'outlined'}
              color={on ? 'primary' : 'inherit'}
              disableElevation
              aria-pressed={on}
              aria-label={name}
              onClick={() => {
                const next = on ? value.filter((x) => x !== m) : [...(all ? [] : value), m];
                onChange(next.length === 12 ? [] : next.sort((a, b) => a - b));
              }}
              sx={{ borderRadius: '16px', py: 0.1, px: 1, minWidth: 44, borderColor: on ? undefined : 'divider' }}
            >
              {name.slice(0, 3)}
            </Button>
          );
        })}
      </Box>
      <FormHelperText sx={{ mx: 0 }}>None chosen means every month.</FormHelperText>
    </FormControl>
  );
}

/**
 * Edits one schedule rule (the contract's ScheduleRule): the days of the week, every N days
 * from a start date, or the nth weekday of the month, each optionally limited to some months.
 * The rule reads back as a sentence while it is edited. Used by named schedules, the backup
 * editor and templates.
 */
export function ScheduleRuleEditor({
  id,
  value,
  onChange,
  today,
  disabled = false,
  showDescription = true,
}: {
  id: string;
  value: ScheduleRule;
  onChange: (rule: ScheduleRule) => void;
  /** The tenant's today: the start date a new "every N days" rule begins with. */
  today: IsoDay;
  disabled?: boolean;
  showDescription?: boolean;
}) {
  const error = scheduleRuleError(value);
  const months = value.months ?? [];
  const setMonths = (m: number[]) => {
    const { months: _old, ...rest } = value;
    onChange((m.length ? { ...rest, months: m } : rest) as ScheduleRule);
  };

  return (
    <Box
      component="fieldset"
      disabled={disabled}
      sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value.kind}
        onChange={(_e, kind: ScheduleRuleKind | null) =>
          kind && kind !== value.kind && onChange(switchKind(value, kind, today))
        }
        aria-label="Repeat"
        sx={{ flexWrap: 'wrap' }}
      >
        {(Object.keys(KIND_LABELS) as ScheduleRuleKind[]).map((k) => (
          <ToggleButton key={k} value={k} id={`${id}-kind-${k}`} sx={{ textTransform: 'none', px: 1.5 }}>
            {KIND_LABELS[k]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      {value.kind === 'weekly' && (
        <WeekdayPicker
          id={id}
          value={value.weekdays}
          presets
          error={!!error}
          onChange={(weekdays) => onChange({ ...value, weekdays })}
        />
      )}

      {value.kind === 'interval' && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            id={`${id}-every`}
            label="Every (days)"
            type="number"
            size="small"
            value={Number.isFinite(value.everyDays) ? value.everyDays : ''}
            onChange={(e) => {
              const n = Math.trunc(Number(e.target.value.replace(/[^\d]/g, '')));
              onChange({ ...value, everyDays: Math.min(n, MAX_EVERY_DAYS) });
            }}
            slotProps={{ htmlInput: { min: 1, max: MAX_EVERY_DAYS, step: 1, inputMode: 'numeric' } }}
            sx={{ width: 140 }}
          />
          <TextField
            id={`${id}-start`}
            label="Starting on"
            type="date"
            size="small"
            value={value.startDate}
            onChange={(e) => onChange({ ...value, startDate: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 180 }}
          />
        </Box>
      )}

      {value.kind === 'monthlyNth' && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            id={`${id}-nth`}
            select
            size="small"
            label="Which"
            value={value.nth}
            onChange={(e) => onChange({ ...value, nth: Number(e.target.value) as Nth })}
            sx={{ width: 130, mt: 2.5 }}
          >
            {SCHEDULE_NTH.map((n) => (
              <MenuItem key={n.value} value={n.value}>
                {n.name}
              </MenuItem>
            ))}
          </TextField>
          <WeekdayPicker
            id={id}
            value={value.weekdays}
            presets={false}
            error={!!error}
            onChange={(weekdays) => onChange({ ...value, weekdays })}
          />
        </Box>
      )}

      <MonthPicker id={id} value={months} onChange={setMonths} />

      {showDescription && (
        <Box
          role="status"
          aria-live="polite"
          sx={(t) => ({
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1.5,
            py: 1,
            borderRadius: '10px',
            bgcolor: error ? 'transparent' : t.palette.action.hover,
            border: 1,
            borderColor: error ? 'error.main' : 'transparent',
          })}
        >
          <EventRepeatOutlinedIcon fontSize="small" color={error ? 'error' : 'action'} />
          <Typography sx={{ fontSize: 14, fontWeight: 500, color: error ? 'error.main' : 'text.primary' }}>
            {error ?? describeScheduleRule(value)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
