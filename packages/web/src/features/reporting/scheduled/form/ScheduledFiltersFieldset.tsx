// The filters of a scheduled report; a preset range counts back from each run.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ScheduledReportInput } from '@vigil/contract';
import { useTenantFormats } from '../../../../lib/tenantFormats';
import { ReportFiltersFields } from '../../components/ReportFiltersFields';
import type { ScheduledErrors, SetScheduled } from './useScheduledForm';

export function ScheduledFiltersFieldset({
  value,
  set,
  errors,
}: {
  value: ScheduledReportInput;
  set: SetScheduled;
  errors: ScheduledErrors;
}) {
  const f = useTenantFormats();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontSize: 13, color: 'text.secondary', mb: 1 }}>
        Filters
      </Typography>
      <ReportFiltersFields
        type={value.ReportType}
        filters={value.Filters}
        onChange={(Filters) => set({ Filters })}
        today={f.today}
        formatDay={f.day}
        relative
        errors={errors}
        idPrefix="scheduled"
      />
    </Box>
  );
}
