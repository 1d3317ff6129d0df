// A pattern with the text of each error marked, so the offending part is easy to find.
import Box from '@mui/material/Box';
import type { PatternError } from '@vigil/contract';

/** The pattern with each error's text marked, so the offending part is easy to find. */
export function PatternHighlight({ pattern, errors }: { pattern: string; errors: readonly PatternError[] }) {
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
