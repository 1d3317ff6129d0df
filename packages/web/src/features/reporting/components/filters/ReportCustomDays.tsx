// The custom days of a report's range: Date Filter From and Date Filter To, up to today.
import TextField from '@mui/material/TextField';
import type { ReportFilters } from '@vigil/contract';
import type { IsoDay } from '../../../../lib/days';

export function ReportCustomDays({
  range,
  set,
  today,
  errors,
}: {
  range: ReportFilters['DateRange'];
  set: (patch: Partial<ReportFilters>) => void;
  today: IsoDay;
  errors: Record<string, string | undefined>;
}) {
  return (
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
  );
}
