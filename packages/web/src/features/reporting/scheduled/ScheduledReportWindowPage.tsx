import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { QueryError } from '../../../components/QueryError';
import { useScheduledReport } from './api';
import { ScheduledReportForm, type ScheduledFormMode } from './ScheduledReportForm';
import { scheduledEditorTitle } from './windows';

/** Window scheduled/create, scheduled/edit/{reportId} and scheduled/copy/{copyReportId}. */
export default function ScheduledReportWindowPage() {
  const params = useParams();
  const mode: ScheduledFormMode = params.reportId ? 'edit' : params.copyReportId ? 'copy' : 'create';
  const id = Number(params.reportId ?? params.copyReportId ?? 0) || null;
  const source = useScheduledReport(id ?? 0, mode !== 'create');
  const title = scheduledEditorTitle(mode, id);

  let body;
  if (mode !== 'create' && source.isPending) body = <CircularProgress aria-label="Loading scheduled report" />;
  else if (mode !== 'create' && source.isError)
    body = <QueryError error={source.error} onRetry={() => void source.refetch()} />;
  else
    body = (
      <ScheduledReportForm
        key={source.data?.Id ?? 'new'}
        mode={mode}
        id={id}
        source={mode === 'create' ? null : (source.data ?? null)}
        onSaved={() => window.close()}
        onCancel={() => window.close()}
      />
    );

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5, maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h5" component="h1">
        {mode === 'edit' && source.data ? `Edit ${source.data.Name}` : title}
      </Typography>
      {body}
    </Box>
  );
}
