import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import HourglassEmptyRoundedIcon from '@mui/icons-material/HourglassEmptyRounded';
import PlayCircleOutlineRoundedIcon from '@mui/icons-material/PlayCircleOutlineRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import type { QueueStatus } from '@vigil/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { formatDate, relativeTime } from '../../../lib/format';
import { StatTile } from '../components/StatTile';
import { useQueueStatus } from '../api/operations';

const num = (v: number) => v.toLocaleString('en-US');
const ago = (v: string | null) =>
  v ? (
    <Box component="span" title={formatDate(v, 'MM/DD/yyyy hh:mm:ss A')}>
      {relativeTime(v)}
    </Box>
  ) : (
    'Never'
  );

const columns: Column<QueueStatus>[] = [
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

/** `/admin/functions`: every job queue of the platform, refreshed every 10 seconds. */
export default function FunctionsPage() {
  const status = useQueueStatus();
  const queues = status.data?.Queues ?? [];
  const sum = (f: (q: QueueStatus) => number) => num(queues.reduce((n, q) => n + f(q), 0));
  const loading = status.isPending;
  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Functions"
        subtitle={
          status.data
            ? `Background jobs of every node, checked ${relativeTime(status.data.CheckedAt)}. Failed jobs are kept for a week; their errors are in Error Logs.`
            : 'Background jobs of every node.'
        }
      />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatTile label="Queues" value={num(queues.length)} icon={<ScheduleRoundedIcon />} loading={loading} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatTile
            label="Running"
            value={sum((q) => q.Active)}
            icon={<PlayCircleOutlineRoundedIcon />}
            loading={loading}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatTile
            label="Queued"
            value={sum((q) => q.Queued + q.Retrying)}
            icon={<HourglassEmptyRoundedIcon />}
            loading={loading}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatTile
            label="Failed"
            value={sum((q) => q.Failed)}
            icon={<ErrorOutlineRoundedIcon />}
            tone={queues.some((q) => q.Failed > 0) ? 'error' : 'primary'}
            loading={loading}
          />
        </Grid>
      </Grid>
      {status.data && !status.data.Available && (
        <Alert severity="info" sx={{ mb: 2 }}>
          No worker has started against this database yet, so there are no job queues to show.
        </Alert>
      )}
      {status.isError ? (
        <QueryError error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <DataTable
          caption="Job queues"
          columns={columns}
          rows={status.data?.Queues}
          rowKey={(q) => q.Name}
          loading={loading}
          emptyText="No job queues."
        />
      )}
    </>
  );
}
