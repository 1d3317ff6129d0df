import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ParserField } from '@vigil/contract';
import { fieldFromSelection, type Target } from '../derive';

export interface Mark {
  target: Target;
  field: ParserField;
  /** The marked text: the expected value of the field on this e-mail. */
  value: string;
}

const TARGETS: Target[] = ['Job', 'Device', 'Status'];

/**
 * The e-mail as text: select a value and mark it as the job, device or status, or pick one of
 * the key: value lines Vigil found.
 */
export function EmailMarker({
  text,
  suggestions,
  onMark,
}: {
  text: string;
  suggestions: { Key: string; Value: string }[];
  onMark: (m: Mark) => void;
}) {
  const pre = useRef<HTMLPreElement>(null);
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);

  const readSelection = () => {
    const sel = window.getSelection();
    const el = pre.current;
    if (!sel || !el || sel.rangeCount === 0 || sel.isCollapsed) return setSelection(null);
    const range = sel.getRangeAt(0);
    if (!el.contains(range.startContainer) || !el.contains(range.endContainer)) return setSelection(null);
    const before = document.createRange();
    before.setStart(el, 0);
    before.setEnd(range.startContainer, range.startOffset);
    const start = before.toString().length;
    const end = start + range.toString().length;
    setSelection(text.slice(start, end).trim() ? { start, end } : null);
  };

  const markSelection = (target: Target) => {
    if (!selection) return;
    // Leading and trailing blanks of the selection are not part of the value.
    let { start, end } = selection;
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    onMark({ target, field: fieldFromSelection(text, start, end), value: text.slice(start, end) });
    window.getSelection()?.removeAllRanges();
    setSelection(null);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
        role="toolbar"
        aria-label="Mark the selected text"
      >
        <Typography sx={{ fontSize: 13.5, color: 'text.secondary', mr: 0.5 }}>
          {selection ? 'Mark the selection as:' : 'Select text in the e-mail, then mark it as:'}
        </Typography>
        {TARGETS.map((t) => (
          <Button key={t} size="small" variant="contained" disabled={!selection} onClick={() => markSelection(t)}>
            {t}
          </Button>
        ))}
      </Box>
      <Paper
        variant="outlined"
        sx={(t) => ({
          borderRadius: '12px',
          bgcolor: t.palette.mode === 'dark' ? alpha('#fff', 0.03) : alpha(t.palette.primary.main, 0.02),
          maxHeight: 420,
          overflow: 'auto',
        })}
      >
        <Box
          component="pre"
          ref={pre}
          data-testid="parser-email-text"
          onMouseUp={readSelection}
          onKeyUp={readSelection}
          tabIndex={0}
          aria-label="E-mail text"
          sx={{
            m: 0,
            p: 2,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontSize: 13,
            lineHeight: 1.6,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            '&::selection, & *::selection': { bgcolor: 'primary.main', color: 'primary.contrastText' },
          }}
        >
          {text}
        </Box>
      </Paper>
      {suggestions.length > 0 && (
        <Box>
          <Typography sx={{ fontWeight: 650, fontSize: 14, mb: 1 }}>Suggested lines</Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
            {suggestions.slice(0, 12).map((s) => (
              <Box
                component="li"
                key={s.Key}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, 1fr) auto',
                  alignItems: 'center',
                  gap: 1,
                  fontSize: 13.5,
                }}
              >
                <Typography noWrap sx={{ fontSize: 13.5, fontFamily: 'ui-monospace, monospace' }}>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {s.Key}
                  </Box>{' '}
                  {s.Value}
                </Typography>
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  {TARGETS.map((t) => (
                    <Button
                      key={t}
                      size="small"
                      sx={{ minWidth: 0, px: 1 }}
                      aria-label={`Use ${s.Key} ${s.Value} as ${t}`}
                      onClick={() => onMark({ target: t, field: { Kind: 'anchor', Anchor: s.Key }, value: s.Value })}
                    >
                      {t}
                    </Button>
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
