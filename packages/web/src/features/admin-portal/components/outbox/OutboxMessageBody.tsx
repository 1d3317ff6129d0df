// The body of a sent e-mail: its text, or its HTML in a sandboxed frame.
import Box from '@mui/material/Box';
import type { OutboxMessage } from '@vigil/contract';

export function OutboxMessageBody({ message, view }: { message: OutboxMessage; view: 'text' | 'html' }) {
  return view === 'text' ? (
    <Box
      component="pre"
      data-testid="outbox-text"
      sx={{
        m: 0,
        p: 3,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontSize: 13.5,
        lineHeight: 1.6,
        fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
      }}
    >
      {message.Text}
    </Box>
  ) : (
    <Box
      component="iframe"
      title="Message HTML"
      sandbox=""
      srcDoc={message.Html ?? ''}
      sx={{ display: 'block', width: '100%', height: '60vh', border: 0, bgcolor: '#fff' }}
    />
  );
}
