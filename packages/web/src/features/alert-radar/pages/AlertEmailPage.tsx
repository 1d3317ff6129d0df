import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { AnalysisVersions } from '../../../components/alerts/AnalysisVersions';
import { AnalyzeButton } from '../../../components/alerts/AnalyzeButton';
import { AlertEmailView } from '../../../components/alerts/AlertEmailView';
import { useReparseRun } from '../../../components/alerts/useReparseRun';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { toLocalAnnotation } from '../../../lib/alerts';
import { useAuth } from '../../../lib/queries';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { refreshAlert, reparsePaths, useAlertEmail, useAlertVersions } from '../api/alertRadar';
import { FeedbackThumbs } from '../components/FeedbackThumbs';

/** `/app/alerts-alpha/:id`: one alert e-mail, its annotations, versions, reanalysis and feedback. */
export default function AlertEmailPage() {
  const id = Number(useParams().id);
  const tenantId = useAuth()?.tenantId ?? null;
  const fmt = useTenantFormats();
  const snackbar = useSnackbar();
  const email = useAlertEmail(id);
  const versions = useAlertVersions(id);
  const run = useReparseRun({
    ...reparsePaths(id),
    onCompleted: () => {
      refreshAlert(tenantId, id);
      snackbar.success('Alert e-mail analysed');
    },
    onError: (err) => snackbar.error(err),
  });
  const e = email.data;
  const annotations = useMemo(() => (e?.Annotations ?? []).map(toLocalAnnotation), [e]);

  return (
    <>
      <Button component={RouterLink} to="/app/alerts-alpha" startIcon={<ArrowBackRoundedIcon />} sx={{ mb: 2 }}>
        Alert e-mails
      </Button>
      {email.isError && <QueryError error={email.error} onRetry={() => void email.refetch()} />}
      {!e && email.isPending && <Skeleton variant="rounded" height={320} />}
      {e && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 340px' } }}>
          <AlertEmailView
            email={e}
            annotations={annotations}
            receivedText={fmt.dateTime(e.ReceivedAt)}
            actions={
              <>
                <AnalyzeButton run={run} versionsCount={e.VersionsCount} disabled={!e.CanReparse} />
                <Box sx={{ flex: 1 }} />
                <FeedbackThumbs emailId={e.Id} feedback={e.Feedback} />
              </>
            }
          />
          <Paper variant="outlined" sx={{ borderRadius: '14px', p: 2, alignSelf: 'start' }}>
            <Typography component="h2" sx={{ fontWeight: 700, fontSize: 16, mb: 1.5 }}>
              Analysis versions
            </Typography>
            {versions.isError ? (
              <QueryError error={versions.error} onRetry={() => void versions.refetch()} />
            ) : (
              <AnalysisVersions versions={versions.data} formatTime={fmt.dateTime} />
            )}
          </Paper>
        </Box>
      )}
    </>
  );
}
