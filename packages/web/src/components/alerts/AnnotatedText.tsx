import { useRef } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { alpha, useTheme } from '@mui/material/styles';
import { annotationTitle, labelHue, splitHighlights, type LocalAnnotation } from '../../lib/alerts';

/** The colour of a label's highlight: one hue per label, readable in light and dark mode. */
export function useLabelColor(): (label: string) => { bg: string; border: string } {
  const dark = useTheme().palette.mode === 'dark';
  return (label) => {
    const h = labelHue(label);
    return dark
      ? { bg: `hsla(${h}, 70%, 55%, 0.28)`, border: `hsl(${h}, 70%, 65%)` }
      : { bg: `hsla(${h}, 85%, 60%, 0.2)`, border: `hsl(${h}, 70%, 40%)` };
  };
}

/**
 * The subject or the body with its annotations highlighted (features §3.2): each label has its
 * colour, the tooltip gives label and score. With `onSelect` a selection of text is reported as
 * offsets into `text`; with `onPick` a highlight can be clicked.
 */
export function AnnotatedText({
  text,
  annotations,
  source,
  label,
  multiline,
  onSelect,
  onPick,
}: {
  text: string;
  annotations: readonly LocalAnnotation[];
  source: number;
  /** Accessible name, e.g. "E-mail body". */
  label: string;
  multiline?: boolean;
  onSelect?: (range: { start: number; end: number } | null) => void;
  onPick?: (annotation: LocalAnnotation) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const color = useLabelColor();
  const theme = useTheme();
  const parts = splitHighlights(text, annotations, source);

  const readSelection = () => {
    if (!onSelect) return;
    const sel = window.getSelection();
    const el = box.current;
    if (!sel || !el || sel.rangeCount === 0 || sel.isCollapsed) return onSelect(null);
    const range = sel.getRangeAt(0);
    if (!el.contains(range.startContainer) || !el.contains(range.endContainer)) return onSelect(null);
    const before = document.createRange();
    before.setStart(el, 0);
    before.setEnd(range.startContainer, range.startOffset);
    const start = before.toString().length;
    onSelect({ start, end: start + range.toString().length });
  };

  return (
    <Box
      ref={box}
      role="document"
      aria-label={label}
      data-testid={`alert-text-${source === 0 ? 'subject' : 'body'}`}
      onMouseUp={readSelection}
      onKeyUp={readSelection}
      tabIndex={onSelect ? 0 : undefined}
      sx={{
        m: 0,
        fontFamily: multiline ? 'ui-monospace, SFMono-Regular, Menlo, monospace' : undefined,
        fontSize: multiline ? 13 : 17,
        fontWeight: multiline ? 400 : 650,
        lineHeight: multiline ? 1.7 : 1.5,
        whiteSpace: multiline ? 'pre-wrap' : 'normal',
        overflowWrap: 'anywhere',
        '&::selection, & *::selection': {
          bgcolor: alpha(theme.palette.primary.main, 0.35),
        },
      }}
    >
      {parts.map((p) => {
        const a = p.annotation;
        if (!a) return <span key={`t${p.start}`}>{p.text}</span>;
        const c = color(a.tag);
        return (
          <Tooltip key={`a${a.id}`} title={annotationTitle(a)} arrow>
            <Box
              component="mark"
              data-label={a.tag}
              aria-label={`${p.text} (${annotationTitle(a)})`}
              onClick={onPick ? () => onPick(a) : undefined}
              sx={{
                color: 'inherit',
                bgcolor: c.bg,
                borderBottom: `2px solid ${c.border}`,
                borderRadius: '3px',
                px: '1px',
                cursor: onPick ? 'pointer' : 'help',
              }}
            >
              {p.text}
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );
}
