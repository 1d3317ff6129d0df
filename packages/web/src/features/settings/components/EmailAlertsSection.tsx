import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { QueryError } from '../../../components/QueryError';
import { useEmailAlerts } from '../api/emailSettings';
import { AlertsForm } from './alerts/AlertsForm';

/** Alert e-mails (api/email-settings/alerts): which ones go out and to whom. */
export function EmailAlertsSection() {
  const alerts = useEmailAlerts();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Alert e-mails"
      sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
        Alert e-mails
      </Typography>
      {alerts.isError ? (
        <QueryError error={alerts.error} onRetry={() => void alerts.refetch()} />
      ) : alerts.data ? (
        <AlertsForm key={JSON.stringify(alerts.data)} saved={alerts.data} />
      ) : (
        <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>Loading…</Typography>
      )}
    </Paper>
  );
}
