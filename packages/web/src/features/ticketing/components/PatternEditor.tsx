import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  PATTERN_TOOLTIPS,
  PATTERN_VARIABLE_HELP,
  PATTERN_VARIABLES,
  PROFILE_MESSAGES,
  exampleValues,
  parsePattern,
  renderPattern,
  type PatternError,
  type PatternVariable,
  type TicketGroupByValue,
} from '@vigil/contract';
import { ApiError } from '../../../lib/errors';
import { fetchPatternExample } from '../api/subjects';

/** Features §5.2: {job} and {device} only for the groupings that have them. */
function disabledReason(name: PatternVariable, groupBy: TicketGroupByValue): string | null {
  if (name === 'job' && (groupBy === 1 || groupBy === 3)) return PATTERN_TOOLTIPS.job;
  if (name === 'device' && (groupBy === 1 || groupBy === 2)) return PATTERN_TOOLTIPS.device;
  return null;
}

/** The pattern with each error's text marked, so the offending part is easy to find. */
function Highlighted({ pattern, errors }: { pattern: string; errors: readonly PatternError[] }) {
  const pieces: { text: string; bad: boolean }[] = [];
  const sorted = [...errors].sort((a, b) => a.start - b.start);
  let at = 0;
  for (const e of sorted) {
    const start = Math.max(e.start, at);
    if (start > at) pieces.push({ text: pattern.slice(at, start), bad: false });
    if (e.end > start) pieces.push({ text: pattern.slice(start, e.end), bad: true });
    at = Math.max(at, e.end);
  }
  if (at < pattern.length) pieces.push({ text: pattern.slice(at), bad: false });
  return (
    <Box
      data-testid="pattern-highlight"
      sx={{ fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {pieces.map((p, i) =>
        p.bad ? (
          <Box
            component="mark"
            key={i}
            sx={{
              bgcolor: 'error.main',
              color: 'error.contrastText',
              borderRadius: 0.5,
              px: 0.25,
            }}
          >
            {p.text}
          </Box>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </Box>
  );
}

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
  const input = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const parsed = useMemo(() => parsePattern(value, groupBy), [value, groupBy]);
  const errors = parsed.errors;
  const preview = usePreview(value, groupBy, errors.length === 0);

  const insert = (name: PatternVariable) => {
    const el = input.current;
    const token = `{${name}}`;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    // Put the cursor after the inserted variable once React has written the value.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

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
          <Highlighted pattern={value} errors={errors} />
        </Box>
      )}
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
        role="group"
        aria-label={`Insert a variable into ${label}`}
      >
        {PATTERN_VARIABLES.map((name) => {
          const reason = disabledReason(name, groupBy);
          const chip = (
            <Chip
              size="small"
              variant="outlined"
              label={`{${name}}`}
              disabled={!!reason}
              onClick={() => insert(name)}
              sx={{ fontFamily: 'monospace' }}
            />
          );
          return (
            <Tooltip key={name} title={reason ?? PATTERN_VARIABLE_HELP[name]}>
              <span>{chip}</span>
            </Tooltip>
          );
        })}
        <Link component="button" type="button" onClick={() => setHelpOpen((o) => !o)} sx={{ fontSize: 13, ml: 0.5 }}>
          {helpOpen ? 'Hide help' : 'Formats help'}
        </Link>
      </Box>
      <Collapse in={helpOpen} unmountOnExit>
        <PatternHelp />
      </Collapse>
      <Box
        id={`${id}-preview`}
        aria-live="polite"
        sx={{ p: 1.25, borderRadius: 1, bgcolor: 'action.hover', minHeight: 40 }}
        data-testid={`${id}-preview`}
      >
        <Typography sx={{ fontSize: 12, color: 'text.secondary', mb: 0.25 }}>Preview</Typography>
        <Typography
          sx={{
            fontSize: 14,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            color: preview.text ? 'text.primary' : 'text.secondary',
            fontStyle: preview.text ? 'normal' : 'italic',
          }}
        >
          {value.trim() ? preview.text || (errors.length ? 'Fix the errors to see a preview' : '…') : emptyPreview}
        </Typography>
      </Box>
    </Box>
  );
}

/** The example text for a valid pattern, fetched 500 ms after the last change. */
function usePreview(pattern: string, groupBy: TicketGroupByValue, valid: boolean): { text: string } {
  // The answer remembers what it is for, so an edited pattern never shows a stale example.
  const [answer, setAnswer] = useState<{ for: string; text: string }>({ for: '', text: '' });
  const key = `${groupBy}|${pattern}`;
  useEffect(() => {
    if (!valid || !pattern.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // The example endpoint takes patterns up to 1000 characters; longer descriptions are filled here.
      const local = () => renderPattern(pattern, exampleValues(groupBy));
      if (pattern.length > 1000) return setAnswer({ for: key, text: local() });
      fetchPatternExample({ Pattern: pattern, GroupBy: groupBy }, controller.signal)
        .then((r) => setAnswer({ for: key, text: r.Example }))
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          // A 400 means the server disagrees with the parser: show nothing rather than a guess.
          setAnswer({ for: key, text: err instanceof ApiError && err.status === 400 ? '' : local() });
        });
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [pattern, groupBy, valid, key]);
  return { text: valid && answer.for === key ? answer.text : '' };
}

/** Date formats, languages and the tag ignore list (features §5.2). */
export function PatternHelp() {
  const row = (code: string, text: string) => (
    <Box component="li" sx={{ mb: 0.5 }}>
      <Box component="code" sx={{ fontFamily: 'monospace', bgcolor: 'action.selected', px: 0.5, borderRadius: 0.5 }}>
        {code}
      </Box>{' '}
      {text}
    </Box>
  );
  return (
    <Box sx={{ fontSize: 13, color: 'text.secondary', p: 1.25, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {row(
          '{date|dd MMM yyyy}',
          'the creation date with a format: d dd ddd dddd, MM MMM MMMM, yy yyyy, HH hh mm ss tt',
        )}
        {row(
          '{date|dddd d MMMM|de}',
          'month and day names in a language (a two-letter ISO 639-1 code such as de, fr, es)',
        )}
        {row('{tag}', 'all the backup’s tags, comma separated; {tag|f} only the first alphabetically')}
        {row('{tag|f|Servers,Critical}', 'ignore these tags; write \\, for a comma inside a tag name')}
        {row('{job} {device}', 'only when grouping by Backup, or by Job Name / Device Name respectively')}
      </Box>
    </Box>
  );
}
