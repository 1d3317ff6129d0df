import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { REPORT_TYPES, type ReportFilters, type ReportType } from '@vigil/contract';
import type { IsoDay } from '../../../lib/days';
import { ReportChoiceFields } from './filters/ReportChoiceFields';
import { ReportDateRangeFields } from './filters/ReportDateRangeFields';

/**
 * The filters of one report type (only those REPORT_TYPES lists): the date range with the
 * features §5.4 presets or custom "Date Filter From"/"Date Filter To", companies, statuses,
 * vendors and tags, with the choices the audit offers. On demand, a preset shows the days it
 * covers today; a scheduled report (`relative`) counts its preset back from each run instead.
 */
export function ReportFiltersFields({
  type,
  filters,
  onChange,
  today,
  formatDay,
  relative = false,
  errors = {},
  idPrefix = 'report',
}: {
  type: ReportType;
  filters: ReportFilters;
  onChange: (next: ReportFilters) => void;
  today: IsoDay;
  formatDay: (day: IsoDay) => string;
  relative?: boolean;
  /** Server field errors by path ("Filters.DateRange.From"). */
  errors?: Record<string, string | undefined>;
  idPrefix?: string;
}) {
  const uses = new Set(REPORT_TYPES[type].filters);
  const set = (patch: Partial<ReportFilters>) => onChange({ ...filters, ...patch });

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {uses.has('dateRange') && (
        <ReportDateRangeFields
          filters={filters}
          set={set}
          today={today}
          formatDay={formatDay}
          relative={relative}
          errors={errors}
          idPrefix={idPrefix}
        />
      )}
      <ReportChoiceFields uses={uses} filters={filters} set={set} idPrefix={idPrefix} />
      {uses.has('companies') && filters.Companies.length > 0 && (
        <FormControlLabel
          sx={{ gridColumn: '1 / -1', mt: -1 }}
          control={
            <Checkbox
              checked={!!filters.IncludeNoCompany}
              onChange={(e) => set({ IncludeNoCompany: e.target.checked })}
            />
          }
          label="Also backups with no company"
        />
      )}
    </Box>
  );
}
