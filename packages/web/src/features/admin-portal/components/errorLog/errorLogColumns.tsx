// The error log's type labels and colours, and the columns of its table.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ErrorLogRow, ErrorLogType } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { formatUtc } from '../../../../lib/utcFormat';

export const TYPE_LABELS: Record<ErrorLogType, string> = { server: 'Server', client: 'Browser', job: 'Job' };
export const typeColor: Record<string, 'error' | 'warning' | 'info'> = {
  server: 'error',
  job: 'warning',
  client: 'info',
};
export const mono = { fontFamily: '"JetBrains Mono", Menlo, Consolas, monospace' };

export const errorLogColumns: Column<ErrorLogRow>[] = [
  { key: 'at', header: 'When', nowrap: true, render: (e) => formatUtc(e.At, 'MM/DD/yyyy hh:mm:ss A') },
  {
    key: 'type',
    header: 'Type',
    render: (e) => (
      <Chip
        size="small"
        variant="outlined"
        color={typeColor[e.Type]}
        label={TYPE_LABELS[e.Type as ErrorLogType] ?? e.Type}
      />
    ),
  },
  {
    key: 'message',
    header: 'Error',
    render: (e) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontSize: 14, fontWeight: 600, overflowWrap: 'anywhere' }}>{e.Message}</Typography>
        <Typography sx={{ ...mono, fontSize: 12, color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {e.Source}
        </Typography>
      </Box>
    ),
  },
  {
    key: 'who',
    header: 'Tenant / user',
    hideBelow: 'md',
    render: (e) => (
      <Box>
        <Typography sx={{ fontSize: 13.5 }}>{e.TenantName ?? '—'}</Typography>
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{e.UserEmail ?? ''}</Typography>
      </Box>
    ),
  },
];
