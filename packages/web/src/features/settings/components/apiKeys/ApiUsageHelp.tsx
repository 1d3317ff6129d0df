// How to call the public API with a key: header, page size, rate limit and an example request.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { API_KEY_HEADER, PUBLIC_API_MAX_PAGE_SIZE, PUBLIC_API_RATE_LIMIT } from '@vigil/contract';
import { CopyButton } from '../../../../components/CopyButton';
import { count, mono } from './apiKeyFormat';

/** Where the public API lives and how to call it: what a technician wiring up a tool needs. */
export function ApiUsageHelp() {
  const base = `${window.location.origin}/api/public/v1`;
  const example = `curl -H "${API_KEY_HEADER}: <your key>" "${base}/backups?Active=true&Page=1&Size=100"`;
  return (
    <Paper variant="outlined" component="section" aria-label="Using the API" sx={{ borderRadius: '14px', p: 2, mb: 2 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        Using the API
      </Typography>
      <Typography sx={{ fontSize: 14, color: 'text.secondary', mb: 1 }}>
        Read-only endpoints for backups, results, companies and daily history. Send the key in the{' '}
        <code>{API_KEY_HEADER}</code> header. Pages hold up to {count(PUBLIC_API_MAX_PAGE_SIZE)} rows; each key may make{' '}
        {PUBLIC_API_RATE_LIMIT} requests a minute. Every endpoint and field is described in the{' '}
        <Link href="/api/docs" target="_blank" rel="noopener">
          API reference
        </Link>
        .
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          pl: 1.5,
          pr: 0.5,
          py: 0.5,
        }}
      >
        <Typography component="code" sx={{ ...mono, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {example}
        </Typography>
        <CopyButton text={example} label="Copy example request" size="small" />
      </Box>
    </Paper>
  );
}
