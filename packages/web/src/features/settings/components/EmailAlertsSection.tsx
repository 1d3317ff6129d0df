import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EmailAlertSettings } from '@vigil/contract';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/errors';
import { RecipientsField, type RecipientsHandle } from '../../../components/RecipientsField';
import { hourText } from '../../../lib/schedule';
import { useTenantTimeFormat } from '../../../lib/tenantFormats';
import { useEmailAlerts, useSaveEmailAlerts } from '../api/emailSettings';

const KINDS: { key: 'BackupFailed' | 'BackupMissed' | 'DailySummary' | 'ScheduledReportFailed'; label: string }[] = [
  { key: 'BackupFailed', label: 'A backup failed' },
  { key: 'BackupMissed', label: 'A backup reported no result' },
  { key: 'DailySummary', label: 'Daily summary' },
  { key: 'ScheduledReportFailed', label: 'A scheduled report could not be sent' },
];

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

function AlertsForm({ saved }: { saved: EmailAlertSettings }) {
  const snackbar = useSnackbar();
  const save = useSaveEmailAlerts();
  const timeFormat = useTenantTimeFormat();
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const field = useRef<RecipientsHandle | null>(null);

  const submit = async () => {
    const Recipients = field.current ? field.current.commit() : value.Recipients;
    if (!Recipients) return;
    try {
      await save.mutateAsync({ ...value, Recipients });
      snackbar.success('Successfully saved');
    } catch (err) {
      const f = err instanceof ApiError ? err.fieldErrors : {};
      const message = Object.entries(f).find(([k]) => k.startsWith('Recipients'))?.[1];
      if (message) setError(message);
      else snackbar.error(err);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {KINDS.map((k) => (
          <FormControlLabel
            key={k.key}
            control={
              <Checkbox
                checked={value[k.key]}
                onChange={(e) => setValue((v) => ({ ...v, [k.key]: e.target.checked }))}
              />
            }
            label={k.label}
          />
        ))}
      </FormGroup>
      {value.DailySummary && (
        <TextField
          select
          size="small"
          id="alerts-summary-hour"
          label="Daily summary at"
          value={value.SummaryHour}
          onChange={(e) => setValue((v) => ({ ...v, SummaryHour: Number(e.target.value) }))}
          sx={{ maxWidth: 220 }}
        >
          {Array.from({ length: 24 }, (_, h) => (
            <MenuItem key={h} value={h}>
              {hourText(h, timeFormat)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <RecipientsField
        id="alerts-recipients"
        value={value.Recipients}
        onChange={(Recipients) => {
          setValue((v) => ({ ...v, Recipients }));
          setError(undefined);
        }}
        error={error}
        onError={setError}
        ref={field}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Save alerts
        </Button>
      </Box>
    </Box>
  );
}
