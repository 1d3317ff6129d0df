import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import RemoveCircleOutlineRoundedIcon from '@mui/icons-material/RemoveCircleOutlineRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import { useAppSession } from '../../../app/session';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { formatDate, relativeTime } from '../../../lib/format';
import { useSystemStatus } from '../api/systemStatus';
import { assess, overall, type Assessment, type HealthState } from '../systemStatus';

const LOOK: Record<HealthState, { label: string; color: 'success' | 'warning' | 'default'; icon: React.ReactElement }> =
  {
    ok: { label: 'OK', color: 'success', icon: <CheckCircleRoundedIcon /> },
    warning: { label: 'Needs attention', color: 'warning', icon: <WarningAmberRoundedIcon /> },
    idle: { label: 'Not started', color: 'default', icon: <RemoveCircleOutlineRoundedIcon /> },
  };

function StatusRow({ item, dateTime, timeZone }: { item: Assessment; dateTime: string; timeZone: string }) {
  const look = LOOK[item.state];
  return (
    <Paper
      variant="outlined"
      component="li"
      data-testid={`status-${item.key}`}
      data-state={item.state}
      sx={{
        listStyle: 'none',
        borderRadius: '12px',
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
        borderLeftWidth: 4,
        borderLeftColor: item.state === 'warning' ? 'warning.main' : item.state === 'ok' ? 'success.main' : 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: 15.5 }}>
          {item.name}
        </Typography>
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
          {item.detail}
          {item.lastAt && (
            <>
              {' · '}
              <Box component="span" title={formatDate(item.lastAt, dateTime, timeZone)}>
                {relativeTime(item.lastAt)}
              </Box>
            </>
          )}
        </Typography>
        {item.advice && <Typography sx={{ fontSize: 14, mt: 0.5 }}>{item.advice}</Typography>}
      </Box>
      <Chip
        icon={look.icon}
        label={look.label}
        color={look.color}
        variant={item.state === 'ok' ? 'outlined' : 'filled'}
        sx={{ justifySelf: { xs: 'start', sm: 'end' }, fontWeight: 600 }}
      />
    </Paper>
  );
}

/** `/app/settings/status`: is Vigil receiving, reading and reporting for this tenant? */
export default function SystemStatusPage() {
  const { settings } = useAppSession();
  const status = useSystemStatus();
  // The moment the data was read: ages are judged against it, not against each re-render.
  const now = new Date(status.dataUpdatedAt);
  const items = (status.data ?? []).map((f) => assess(f, now, settings.EmailDomain));
  const summary = overall(items);
  const refresh = (
    <Button
      variant="outlined"
      startIcon={status.isFetching ? <CircularProgress size={16} /> : <RefreshRoundedIcon />}
      onClick={() => void status.refetch()}
      disabled={status.isFetching}
    >
      Refresh
    </Button>
  );
  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="System status"
        subtitle="Whether your backup e-mails are arriving and being read, and whether audit, reports and tickets are keeping up. Refreshed every minute."
        actions={refresh}
      />
      {status.isPending ? (
        <CircularProgress aria-label="Loading system status" />
      ) : status.isError ? (
        <QueryError error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 900 }}>
          <Alert severity={summary.state === 'warning' ? 'warning' : 'success'} data-testid="status-summary">
            {summary.text}
            <Typography component="span" sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}>
              Checked {formatDate(now, settings.DateTimeFormat.DateTimeFormat, settings.TimeZoneId)}
            </Typography>
          </Alert>
          <Box component="ul" aria-label="System status" sx={{ display: 'grid', gap: 1.5, m: 0, p: 0 }}>
            {items.map((item) => (
              <StatusRow
                key={item.key}
                item={item}
                dateTime={settings.DateTimeFormat.DateTimeFormat}
                timeZone={settings.TimeZoneId}
              />
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}
