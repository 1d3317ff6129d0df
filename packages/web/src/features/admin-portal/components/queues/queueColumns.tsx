// The columns of the job queues table: queue and schedule, what runs now, failures, last runs.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { QueueStatus } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { relativeTime } from '../../../../lib/format';
import { formatUtc } from '../../../../lib/utcFormat';

export const num = (v: number) => v.toLocaleString('en-US');
const ago = (v: string | null) =>
  v ? (
    <Box component="span" title={formatUtc(v, 'MM/DD/yyyy hh:mm:ss A')}>
      {relativeTime(v)}
    </Box>
  ) : (
    'Never'
  );

export const queueColumns: Column<QueueStatus>[] = [
  {
    key: 'name',
    header: 'Queue',
    render: (q) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="code"
          sx={{ fontFamily: '"JetBrains Mono", Menlo, Consolas, monospace', fontSize: 13, fontWeight: 600 }}
        >
          {q.Name}
        </Typography>
        {q.Cron && (
          <Typography sx={{ color: 'text.secondary', fontSize: 12.5 }}>
            Schedule <code>{q.Cron}</code>
            {q.Timezone ? ` (${q.Timezone})` : ''}
          </Typography>
        )}
      </Box>
    ),
  },
  {
    key: 'state',
    header: 'Now',
    render: (q) => (
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {q.Active > 0 && <Chip size="small" color="primary" label={`${num(q.Active)} running`} />}
        {q.Queued > 0 && <Chip size="small" variant="outlined" label={`${num(q.Queued)} queued`} />}
        {q.Retrying > 0 && (
          <Chip size="small" color="warning" variant="outlined" label={`${num(q.Retrying)} retrying`} />
        )}
        {q.Active + q.Queued + q.Retrying === 0 && <Chip size="small" variant="outlined" label="Idle" />}
      </Box>
    ),
  },
  {
    key: 'failed',
    header: 'Failed',
    align: 'right',
    render: (q) =>
      q.Failed > 0 ? (
        <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
          {num(q.Failed)}
        </Box>
      ) : (
        0
      ),
  },
  { key: 'completed', header: 'Last completed', hideBelow: 'sm', nowrap: true, render: (q) => ago(q.LastCompletedAt) },
  { key: 'lastFailed', header: 'Last failed', hideBelow: 'md', nowrap: true, render: (q) => ago(q.LastFailedAt) },
];
