// Which report a schedule sends, grouped by category, with what it shows.
import { useMemo } from 'react';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { REPORT_TYPES, type ReportType, type ScheduledReportInput } from '@vigil/contract';
import { useReportCatalogue } from '../../api/reports';
import { catalogueOrDefault } from './scheduledCatalogue';
import type { ScheduledErrors, SetScheduled } from './useScheduledForm';

export function ReportTypeField({
  value,
  set,
  errors,
}: {
  value: ScheduledReportInput;
  set: SetScheduled;
  errors: ScheduledErrors;
}) {
  const catalogue = useReportCatalogue();
  const groups = useMemo(() => catalogueOrDefault(catalogue.data), [catalogue.data]);
  const info = REPORT_TYPES[value.ReportType];
  return (
    <TextField
      select
      id="scheduled-type"
      label="Report"
      value={value.ReportType}
      onChange={(e) => set({ ReportType: e.target.value as ReportType })}
      error={!!errors.ReportType}
      helperText={errors.ReportType ?? info.description}
    >
      {groups.flatMap((g) => [
        <ListSubheader key={`h-${g.category}`}>{g.category}</ListSubheader>,
        ...g.reports.map((r) => (
          <MenuItem key={r.type} value={r.type}>
            {r.title}
          </MenuItem>
        )),
      ])}
    </TextField>
  );
}
