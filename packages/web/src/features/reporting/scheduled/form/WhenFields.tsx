// The days of the week a scheduled report goes out, and the hour (in the tenant's zone and time format).
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ScheduledReportInput } from '@vigil/contract';
import { ALL_DAYS, DAY_NAMES, DAY_SHORT, dayFlag, hourText, weekdaysText } from '../../../../lib/schedule';
import { useTenantFormats, useTenantTimeFormat } from '../../../../lib/tenantFormats';
import { HOURS } from './scheduledInput';
import type { ScheduledErrors, SetScheduled } from './useScheduledForm';

export function WhenFields({
  value,
  set,
  errors,
}: {
  value: ScheduledReportInput;
  set: SetScheduled;
  errors: ScheduledErrors;
}) {
  const f = useTenantFormats();
  const timeFormat = useTenantTimeFormat();
  const dayValues = DAY_SHORT.map((_, i) => i).filter((i) => value.Weekdays & dayFlag(i));
  return (
    <>
      <Box>
        <Typography component="div" sx={{ fontSize: 13, color: 'text.secondary', mb: 0.75 }} id="scheduled-days-label">
          Days · {weekdaysText(value.Weekdays)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <ToggleButtonGroup
            size="small"
            color="primary"
            aria-labelledby="scheduled-days-label"
            value={dayValues}
            onChange={(_, days: number[]) => set({ Weekdays: days.reduce((m, i) => m | dayFlag(i), 0) })}
            sx={{ flexWrap: 'wrap' }}
          >
            {DAY_SHORT.map((d, i) => (
              <ToggleButton key={d} value={i} aria-label={DAY_NAMES[i]} sx={{ px: 1.25, minWidth: 44 }}>
                {d}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <ToggleButton
            size="small"
            color="primary"
            value="all"
            selected={value.Weekdays === ALL_DAYS}
            onChange={() => set({ Weekdays: value.Weekdays === ALL_DAYS ? 0 : ALL_DAYS })}
            sx={{ px: 1.5 }}
          >
            All
          </ToggleButton>
        </Box>
        {errors.Weekdays && <FormHelperText error>{errors.Weekdays}</FormHelperText>}
      </Box>
      <TextField
        select
        id="scheduled-hour"
        label="Hour"
        value={value.Hour}
        onChange={(e) => set({ Hour: Number(e.target.value) })}
        error={!!errors.Hour}
        helperText={errors.Hour ?? `Sent at this hour, ${f.timeZone}`}
        sx={{ maxWidth: 320 }}
      >
        {HOURS.map((h) => (
          <MenuItem key={h} value={h}>
            {hourText(h, timeFormat)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
