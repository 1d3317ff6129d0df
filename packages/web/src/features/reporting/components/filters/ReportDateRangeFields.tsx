// A report's date range: a preset (with the days it covers today, or "counted back" when scheduled) or custom days.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { DatePreset, ReportFilters } from '@vigil/contract';
import { DATE_PRESET_LABELS, DATE_PRESETS, type IsoDay } from '../../../../lib/days';
import { reportPresetRange } from '../../reportStorage';
import { CustomDayFields } from '../../../../components/CustomDayFields';

export function ReportDateRangeFields({
  filters,
  set,
  today,
  formatDay,
  relative,
  errors,
  idPrefix,
}: {
  filters: ReportFilters;
  set: (patch: Partial<ReportFilters>) => void;
  today: IsoDay;
  formatDay: (day: IsoDay) => string;
  relative: boolean;
  errors: Record<string, string | undefined>;
  idPrefix: string;
}) {
  const range = filters.DateRange;
  const resolved = range.Preset === 'custom' ? null : reportPresetRange(range.Preset, today);
  return (
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
        <CustomDayFields
          range={range}
          onChange={(DateRange) => set({ DateRange })}
          errors={{ From: errors['Filters.DateRange.From'], To: errors['Filters.DateRange.To'] }}
          max={today}
        />
      )}
    </>
  );
}
