// The file format of a scheduled report.
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReportFormatValue, ScheduledReportInput } from '@vigil/contract';
import { FORMATS } from './scheduledInput';
import type { ScheduledErrors, SetScheduled } from './useScheduledForm';

export function FormatField({
  value,
  set,
  errors,
}: {
  value: ScheduledReportInput;
  set: SetScheduled;
  errors: ScheduledErrors;
}) {
  return (
    <Box>
      <Typography component="div" sx={{ fontSize: 13, color: 'text.secondary', mb: 0.75 }} id="scheduled-format-label">
        Format
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-labelledby="scheduled-format-label"
        value={value.Format}
        onChange={(_, v: ReportFormatValue | null) => v !== null && set({ Format: v })}
      >
        {FORMATS.map((x) => (
          <ToggleButton key={x.value} value={x.value} sx={{ px: 2 }}>
            {x.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {errors.Format && <FormHelperText error>{errors.Format}</FormHelperText>}
    </Box>
  );
}
