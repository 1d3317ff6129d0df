// The totals over every job queue: queues, running, queued and failed jobs.
import Grid from '@mui/material/Grid';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import HourglassEmptyRoundedIcon from '@mui/icons-material/HourglassEmptyRounded';
import PlayCircleOutlineRoundedIcon from '@mui/icons-material/PlayCircleOutlineRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import type { QueueStatus } from '@vigil/contract';
import { StatTile } from '../StatTile';
import { num } from './queueColumns';

export function QueueTiles({ queues, loading }: { queues: QueueStatus[]; loading: boolean }) {
  const sum = (f: (q: QueueStatus) => number) => num(queues.reduce((n, q) => n + f(q), 0));
  return (
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
  );
}
