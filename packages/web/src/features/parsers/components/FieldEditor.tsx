import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ParserField } from '@vigil/contract';

const KINDS: { value: ParserField['Kind']; label: string }[] = [
  { value: 'anchor', label: 'Text after' },
  { value: 'pattern', label: 'Pattern' },
  { value: 'fixed', label: 'Always' },
  { value: 'none', label: 'Not read' },
];

function switchKind(kind: ParserField['Kind'], current: ParserField): ParserField {
  const text =
    current.Kind === 'anchor'
      ? current.Anchor
      : current.Kind === 'pattern'
        ? current.Pattern
        : current.Kind === 'fixed'
          ? current.Value
          : '';
  switch (kind) {
    case 'anchor':
      return { Kind: 'anchor', Anchor: text };
    case 'pattern':
      return { Kind: 'pattern', Pattern: text };
    case 'fixed':
      return { Kind: 'fixed', Value: text };
    case 'none':
      return { Kind: 'none' };
  }
}

/** One field of a rule, editable: how it is read and the anchor, pattern or value. */
export function FieldEditor({
  label,
  field,
  onChange,
  error,
  noneLabel,
}: {
  label: string;
  field: ParserField;
  onChange: (f: ParserField) => void;
  error?: string;
  /** What "Not read" means for this field. */
  noneLabel?: string;
}) {
  const id = `field-${label.toLowerCase().replace(/\W+/g, '-')}`;
  const value =
    field.Kind === 'anchor'
      ? field.Anchor
      : field.Kind === 'pattern'
        ? field.Pattern
        : field.Kind === 'fixed'
          ? field.Value
          : '';
  const set = (text: string) =>
    onChange(
      field.Kind === 'anchor'
        ? { Kind: 'anchor', Anchor: text }
        : field.Kind === 'pattern'
          ? { Kind: 'pattern', Pattern: text }
          : { Kind: 'fixed', Value: text },
    );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '150px minmax(0, 1fr)' }, gap: 1 }}>
      <TextField
        select
        size="small"
        id={`${id}-kind`}
        label={label}
        value={field.Kind}
        onChange={(e) => onChange(switchKind(e.target.value as ParserField['Kind'], field))}
      >
        {KINDS.map((k) => (
          <MenuItem key={k.value} value={k.value}>
            {k.value === 'none' && noneLabel ? noneLabel : k.label}
          </MenuItem>
        ))}
      </TextField>
      {field.Kind !== 'none' && (
        <TextField
          size="small"
          id={id}
          label={
            field.Kind === 'anchor'
              ? `${label}: anchor`
              : field.Kind === 'pattern'
                ? `${label}: pattern`
                : `${label}: value`
          }
          value={value}
          onChange={(e) => set(e.target.value)}
          error={!!error}
          helperText={
            error ??
            (field.Kind === 'anchor'
              ? 'The text after this, up to the end of its line'
              : field.Kind === 'pattern'
                ? 'A regular expression; its first group is the value'
                : undefined)
          }
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, monospace' } } }}
        />
      )}
    </Box>
  );
}
