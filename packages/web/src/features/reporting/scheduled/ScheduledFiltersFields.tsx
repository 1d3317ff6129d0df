import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { REPORT_TYPES, type DatePreset, type ReportFilters, type ReportType } from '@vigil/contract';
import { MultiSelect } from '../../../components/MultiSelect';
import { useAuditOptions } from '../../../components/audit/auditApi';
import { DATE_PRESET_LABELS, DATE_PRESETS } from '../../../lib/days';
import { useStatusOptions } from '../../dashboard/components/TileFiltersFields';

/**
 * The filters a scheduled report runs with: only those its type uses (REPORT_TYPES), choices from
 * the audit's sources, dates as presets so each run covers a fresh range (a custom range is kept
 * when one is set).
 */
export function ScheduledFiltersFields({
  type,
  filters,
  onChange,
  errors,
}: {
  type: ReportType;
  filters: ReportFilters;
  onChange: (next: ReportFilters) => void;
  errors: Record<string, string | undefined>;
}) {
  const uses = new Set(REPORT_TYPES[type].filters);
  const options = useAuditOptions();
  const statusOptions = useStatusOptions();
  const companies = (options.data?.companies ?? [])
    .filter((c): c is { id: number; name: string } => c.id !== null)
    .map((c) => ({ value: c.id, label: c.name }));
  const vendors = (options.data?.vendors ?? []).map((v) => ({ value: v.id, label: v.name }));
  const tags = (options.data?.tags ?? []).map((t) => ({ value: t, label: t }));
  const range = filters.DateRange;
  const set = (patch: Partial<ReportFilters>) => onChange({ ...filters, ...patch });

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {uses.has('dateRange') && (
        <TextField
          select
          size="small"
          id="scheduled-date-range"
          label="Date range"
          value={range.Preset}
          onChange={(e) => {
            const Preset = e.target.value as DatePreset;
            set({ DateRange: Preset === 'custom' ? { ...range, Preset } : { Preset } });
          }}
          helperText="Counted back from each run"
        >
          {DATE_PRESETS.map((p) => (
            <MenuItem key={p} value={p}>
              {DATE_PRESET_LABELS[p]}
            </MenuItem>
          ))}
          <MenuItem value="custom">Custom range</MenuItem>
        </TextField>
      )}
      {uses.has('statuses') && (
        <MultiSelect
          id="scheduled-statuses"
          label="Statuses"
          placeholder="All statuses"
          options={statusOptions}
          value={filters.Statuses}
          onChange={(Statuses) => set({ Statuses })}
        />
      )}
      {uses.has('dateRange') && range.Preset === 'custom' && (
        <>
          <TextField
            size="small"
            type="date"
            label="Date Filter From"
            value={range.From ?? ''}
            onChange={(e) => set({ DateRange: { ...range, From: e.target.value || undefined } })}
            error={!!errors['Filters.DateRange.From']}
            helperText={errors['Filters.DateRange.From']}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label="Date Filter To"
            value={range.To ?? ''}
            onChange={(e) => set({ DateRange: { ...range, To: e.target.value || undefined } })}
            error={!!errors['Filters.DateRange.To']}
            helperText={errors['Filters.DateRange.To']}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
      {uses.has('companies') && (
        <MultiSelect
          id="scheduled-companies"
          label="Companies"
          placeholder="All companies"
          options={companies}
          loading={options.isPending}
          value={filters.Companies}
          onChange={(Companies) => set({ Companies })}
        />
      )}
      {uses.has('vendors') && (
        <MultiSelect
          id="scheduled-vendors"
          label="Vendors"
          placeholder="All vendors"
          options={vendors}
          loading={options.isPending}
          value={filters.Vendors}
          onChange={(Vendors) => set({ Vendors })}
        />
      )}
      {uses.has('tags') && (
        <MultiSelect
          id="scheduled-tags"
          label="Tags"
          placeholder="Any tag"
          options={tags}
          loading={options.isPending}
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
