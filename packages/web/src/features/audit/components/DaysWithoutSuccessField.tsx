import { useState } from 'react';
import TextField from '@mui/material/TextField';

const DAYS_MAX = 3650;
const DAYS_MESSAGE = 'Value must be greater than 0 and less than 3650';

/** Days without success (features §3.4): whole days up to 3650; empty means any. */
export function DaysWithoutSuccessField({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (v: number | null) => void;
}) {
  const [draft, setDraft] = useState(value === null ? '' : String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value === null ? '' : String(value));
  }
  const n = Number(draft);
  const problem = draft !== '' && (!/^\d+$/.test(draft) || n > DAYS_MAX) ? DAYS_MESSAGE : null;
  return (
    <TextField
      id="audit-filter-days"
      label="Days without success"
      size="small"
      value={draft}
      inputMode="numeric"
      placeholder="Any"
      onChange={(e) => {
        const v = e.target.value.replace(/[^\d]/g, '').slice(0, 4);
        setDraft(v);
        if (v === '') onChange(null);
        else if (Number(v) <= DAYS_MAX) onChange(Number(v));
      }}
      error={!!problem}
      helperText={problem}
      title="Days since the last success (or never)"
      slotProps={{ htmlInput: { 'aria-describedby': problem ? 'audit-filter-days-helper-text' : undefined } }}
    />
  );
}
