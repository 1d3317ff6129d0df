// The two days of a custom range, "Date Filter From" and "Date Filter To" (features §5.4).
import TextField from '@mui/material/TextField';

interface Days {
  From?: string;
  To?: string;
}

/** Each end is a date field; clearing one leaves it unset. `max` keeps future days out. */
export function CustomDayFields<R extends Days>({
  range,
  onChange,
  errors,
  max,
}: {
  range: R;
  onChange: (next: R) => void;
  errors: { From?: string; To?: string };
  max?: string;
}) {
  const field = (end: keyof Days, label: string) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={range[end] ?? ''}
      onChange={(e) => onChange({ ...range, [end]: e.target.value || undefined })}
      error={!!errors[end]}
      helperText={errors[end]}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: max ? { max } : undefined }}
    />
  );
  return (
    <>
      {field('From', 'Date Filter From')}
      {field('To', 'Date Filter To')}
    </>
  );
}
