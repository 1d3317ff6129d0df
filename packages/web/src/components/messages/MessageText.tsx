import Markdown, { type Components } from 'react-markdown';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

/** Markdown of an app message. Raw HTML is never rendered; links open in a new tab. */
const components: Components = {
  a: ({ href, children }) => (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="inherit" sx={{ fontWeight: 600 }}>
      {children}
    </Link>
  ),
  h1: ({ children }) => <strong>{children}</strong>,
  h2: ({ children }) => <strong>{children}</strong>,
  h3: ({ children }) => <strong>{children}</strong>,
  img: ({ alt }) => <>{alt}</>,
};

export function MessageText({ text }: { text: string }) {
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        '& p': { m: 0 },
        '& p + p, & ul, & ol': { mt: 0.5 },
        '& ul, & ol': { mb: 0, pl: 2.5 },
        '& code': { fontFamily: 'monospace', fontSize: '0.92em', px: 0.5, borderRadius: 0.5, bgcolor: 'action.hover' },
      }}
    >
      <Markdown components={components}>{text}</Markdown>
    </Box>
  );
}
