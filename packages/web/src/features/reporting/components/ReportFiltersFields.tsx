import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { REPORT_TYPES, type DatePreset, type ReportFilters, type ReportType } from '@vigil/contract';
import { MultiSelect } from '../../../components/MultiSelect';
import { DATE_PRESET_LABELS, DATE_PRESETS, type IsoDay } from '../../../lib/days';
import { reportPresetRange } from '../reportStorage';
import { useFilterChoices } from '../../../components/filterChoices';

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
  const { companies, vendors, tags, statusOptions, loading } = useFilterChoices();
  const range = filters.DateRange;
  const set = (patch: Partial<ReportFilters>) => onChange({ ...filters, ...patch });
  const resolved = range.Preset === 'custom' ? null : reportPresetRange(range.Preset, today);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {uses.has('dateRange') && (
        <>
          <TextField
            select
            size="small"
            label="Date range"
            value={range.Preset}
            sx={{ gridColumn: '1 / -1' }}
            onChange={(e) => {
              const Preset = e.target.value as DatePreset;
              // Custom starts from the preset's days so the user only adjusts them.
              const from = resolved ?? reportPresetRange('last30days', today);
              set({
                DateRange: Preset === 'custom' ? { Preset, From: from.from, To: from.to } : { Preset },
              });
            }}
            id={`${idPrefix}-date-range`}
            helperText={
              relative
                ? 'Counted back from each run'
                : resolved
                  ? `${formatDay(resolved.from)} – ${formatDay(resolved.to)}`
                  : ' '
            }
          >
            {DATE_PRESETS.map((p) => (
              <MenuItem key={p} value={p}>
                {DATE_PRESET_LABELS[p]}
              </MenuItem>
            ))}
            <MenuItem value="custom">Custom range</MenuItem>
          </TextField>
          {range.Preset === 'custom' && (
            <>
              <TextField
                size="small"
                type="date"
                label="Date Filter From"
                value={range.From ?? ''}
                onChange={(e) => set({ DateRange: { ...range, From: e.target.value || undefined } })}
                error={!!errors['Filters.DateRange.From']}
                helperText={errors['Filters.DateRange.From']}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
              />
              <TextField
                size="small"
                type="date"
                label="Date Filter To"
                value={range.To ?? ''}
                onChange={(e) => set({ DateRange: { ...range, To: e.target.value || undefined } })}
                error={!!errors['Filters.DateRange.To']}
                helperText={errors['Filters.DateRange.To']}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
              />
            </>
          )}
        </>
      )}
      {uses.has('companies') && (
        <MultiSelect
          id={`${idPrefix}-companies`}
          label="Companies"
          placeholder="All companies"
          options={companies}
          loading={loading}
          value={filters.Companies}
          onChange={(Companies) => set({ Companies })}
        />
      )}
      {uses.has('statuses') && (
        <MultiSelect
          id={`${idPrefix}-statuses`}
          label="Statuses"
          placeholder="All statuses"
          options={statusOptions}
          value={filters.Statuses}
          onChange={(Statuses) => set({ Statuses })}
        />
      )}
      {uses.has('vendors') && (
        <MultiSelect
          id={`${idPrefix}-vendors`}
          label="Vendors"
          placeholder="All vendors"
          options={vendors}
          loading={loading}
          value={filters.Vendors}
          onChange={(Vendors) => set({ Vendors })}
        />
      )}
      {uses.has('tags') && (
        <MultiSelect
          id={`${idPrefix}-tags`}
          label="Tags"
          placeholder="Any tag"
          options={tags}
          loading={loading}
          value={filters.Tags}
          onChange={(Tags) => set({ Tags })}
        />
      )}
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
