import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AdditionalBackupField } from '@vigil/contract';
import { useAdditionalFields } from '../../../lib/backupFieldsApi';

type Value = { fieldId: number; value: string }[];

/** A text, number or date filter, applied when the user leaves the field or presses Enter. */
function TypedFilter({
  field,
  value,
  onCommit,
}: {
  field: AdditionalBackupField;
  value: string;
  onCommit: (v: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft !== value) onCommit(draft);
    setDraft(null);
  };
  return (
    <TextField
      id={`audit-filter-field-${field.Id}`}
      label={field.Name}
      size="small"
      type={field.Type === 'text' ? 'text' : field.Type}
      value={draft ?? value}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      slotProps={field.Type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
}

/** Audit filters on the tenant's extra backup fields (one per field). */
export function ExtraFieldFilters({ value, onChange }: { value: Value; onChange: (v: Value) => void }) {
  const fields = useAdditionalFields();
  const of = (id: number) => value.find((x) => x.fieldId === id)?.value ?? '';
  const put = (id: number, v: string) =>
    onChange([...value.filter((x) => x.fieldId !== id), ...(v.trim() ? [{ fieldId: id, value: v }] : [])]);
  return (
    <>
      {(fields.data ?? []).map((f) =>
        f.Type === 'choice' ? (
          <TextField
            key={f.Id}
            select
            id={`audit-filter-field-${f.Id}`}
            label={f.Name}
            size="small"
            value={of(f.Id)}
            onChange={(e) => put(f.Id, e.target.value)}
          >
            <MenuItem value="">Any</MenuItem>
            {f.Choices.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TypedFilter key={f.Id} field={f} value={of(f.Id)} onCommit={(v) => put(f.Id, v)} />
        ),
      )}
    </>
  );
}
