import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { useAppSession } from '../../../app/session';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { formatDate } from '../../../lib/format';
import { useSystemStatus } from '../api/systemStatus';
import { StatusRow } from '../components/StatusRow';
import { assess, overall } from '../systemStatus';

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
