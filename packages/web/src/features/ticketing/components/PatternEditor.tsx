import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import TextField from '@mui/material/TextField';
import { PROFILE_MESSAGES, parsePattern, type TicketGroupByValue } from '@vigil/contract';
import { PatternHelp } from './pattern/PatternHelp';
import { PatternHighlight } from './pattern/PatternHighlight';
import { PatternPreview } from './pattern/PatternPreview';
import { PatternVariableChips } from './pattern/PatternVariableChips';
import { useInsertVariable } from './pattern/useInsertVariable';
import { usePatternPreview } from './pattern/usePatternPreview';

/**
 * A subject or description pattern (features §5.2): the text box, chips that insert a
 * `{variable}` at the cursor, the parser's errors under the box with the offending text marked,
 * and a preview from `pattern-example` 500 ms after the last keystroke.
 */
export function PatternEditor({
  id,
  label,
  value,
  onChange,
  groupBy,
  multiline,
  required,
  error,
  helperText,
  emptyPreview = PROFILE_MESSAGES.previewPlaceholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  groupBy: TicketGroupByValue;
  multiline?: boolean;
  required?: boolean;
  error?: string;
  helperText?: string;
  /** What the preview says while the box is empty. */
  emptyPreview?: string;
}) {
  const { input, insert } = useInsertVariable(value, onChange);
  const [helpOpen, setHelpOpen] = useState(false);
  const parsed = useMemo(() => parsePattern(value, groupBy), [value, groupBy]);
  const errors = parsed.errors;
  const preview = usePatternPreview(value, groupBy, errors.length === 0);

  const errorText = error ?? (errors.length ? errors.map((e) => e.message).join(' · ') : undefined);

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        id={id}
        label={label}
        required={required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        multiline={multiline}
        minRows={multiline ? 12 : undefined}
        inputRef={input}
        error={!!errorText}
        helperText={errorText ?? helperText}
        slotProps={{
          htmlInput: { spellCheck: false, 'aria-describedby': `${id}-preview` },
          input: { sx: multiline ? { maxHeight: 289, overflow: 'auto', alignItems: 'flex-start' } : undefined },
        }}
      />
      {errors.length > 0 && (
        <Box
          sx={{ p: 1, borderRadius: 1, border: 1, borderColor: 'error.main', bgcolor: 'background.default' }}
          aria-label="Where the errors are"
        >
          <PatternHighlight pattern={value} errors={errors} />
        </Box>
      )}
      <PatternVariableChips
        label={label}
        groupBy={groupBy}
        onInsert={insert}
        helpOpen={helpOpen}
        onToggleHelp={() => setHelpOpen((o) => !o)}
      />
      <Collapse in={helpOpen} unmountOnExit>
        <PatternHelp />
      </Collapse>
      <PatternPreview
        id={id}
        value={value}
        text={preview.text}
        hasErrors={errors.length > 0}
        emptyPreview={emptyPreview}
      />
    </Box>
  );
}
