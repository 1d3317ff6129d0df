import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DatePreset, TileFilters } from '@vigil/contract';
import { CustomDayFields } from '../../../components/CustomDayFields';
import { MultiSelect } from '../../../components/MultiSelect';
import { useFilterChoices } from '../../../components/filterChoices';
import { DATE_PRESET_LABELS, DATE_PRESETS } from '../../../lib/days';

export type FieldErrors = Record<string, string | undefined>;

/**
 * A tile's filters (features §3.1): statuses, companies, vendors, tags, the date range (presets
 * of §5.4 or custom From/To) and days without success. Choices come from the audit's sources.
 */
export function TileFiltersFields({
  filters,
  daysWithoutSuccess,
  onChange,
  onDaysChange,
  errors,
  note,
  alerts = false,
}: {
  filters: TileFilters;
  daysWithoutSuccess: number | null;
  onChange: (next: TileFilters) => void;
  onDaysChange: (next: number | null) => void;
  errors: FieldErrors;
  /** One line under the pickers saying what the tile counts over its range. */
  note?: string;
  /** Alert Radar tiles: only companies and the date range (the other filters are about backups). */
  alerts?: boolean;
}) {
  const { companies, vendors, tags, statusOptions, loading } = useFilterChoices();
  const range = filters.DateRange;
  const set = (patch: Partial<TileFilters>) => onChange({ ...filters, ...patch });

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {!alerts && (
        <MultiSelect
          id="tile-statuses"
          label="Statuses"
          placeholder="All statuses"
          options={statusOptions}
          value={filters.Status}
          onChange={(Status) => set({ Status })}
        />
      )}
      <MultiSelect
        id="tile-companies"
        label="Companies"
        placeholder="All companies"
        options={companies}
        loading={loading}
        value={filters.Companies}
        onChange={(Companies) => set({ Companies })}
      />
      {!alerts && (
        <>
          <MultiSelect
            id="tile-vendors"
            label="Vendors"
            placeholder="All vendors"
            options={vendors}
            loading={loading}
            value={filters.Vendors}
            onChange={(Vendors) => set({ Vendors })}
          />
          <MultiSelect
            id="tile-tags"
            label="Tags"
            placeholder="Any tag"
            options={tags}
            loading={loading}
            value={filters.Tags}
            onChange={(Tags) => set({ Tags })}
          />
        </>
      )}
      {filters.Companies.length > 0 && (
        <FormControlLabel
          sx={{ gridColumn: '1 / -1', mt: -1 }}
          control={
            <Checkbox
              checked={!!filters.IncludeNoCompany}
              onChange={(e) => set({ IncludeNoCompany: e.target.checked })}
            />
          }
          label={alerts ? 'Also alerts with no company' : 'Also backups with no company'}
        />
      )}
      <TextField
        select
        size="small"
        label="Date range"
        value={range.Preset}
        onChange={(e) => {
          const Preset = e.target.value as DatePreset;
          set({ DateRange: Preset === 'custom' ? { ...range, Preset } : { Preset } });
        }}
      >
        {DATE_PRESETS.map((p) => (
          <MenuItem key={p} value={p}>
            {DATE_PRESET_LABELS[p]}
          </MenuItem>
        ))}
        <MenuItem value="custom">Custom range</MenuItem>
      </TextField>
      {!alerts && (
        <TextField
          size="small"
          type="number"
          label="Days without success"
          value={daysWithoutSuccess ?? ''}
          onChange={(e) => {
            const raw = e.target.value.trim();
            onDaysChange(raw === '' ? null : Math.trunc(Number(raw)));
          }}
          error={!!errors.daysWithoutSuccess}
          helperText={errors.daysWithoutSuccess ?? 'Only backups whose last success is at least this old'}
          slotProps={{ htmlInput: { min: 0, max: 3650, step: 1 } }}
        />
      )}
      {range.Preset === 'custom' && (
        <CustomDayFields
          range={range}
          onChange={(DateRange) => set({ DateRange })}
          errors={{ From: errors['filters.DateRange.From'], To: errors['filters.DateRange.To'] }}
        />
      )}
      {note && (
        <Typography
          id="tile-filters-note"
          variant="body2"
          sx={{ gridColumn: '1 / -1', mt: -1, color: 'text.secondary' }}
        >
          {note}
        </Typography>
      )}
    </Box>
  );
}
