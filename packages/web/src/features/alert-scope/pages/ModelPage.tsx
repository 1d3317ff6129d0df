import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ModelTrainingRoundedIcon from '@mui/icons-material/ModelTrainingRounded';
import type { AlertModelVersion } from '@vigil/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { usePromote, useRetrain, useAlertModel } from '../api/catalogue';
import { ScopeTabs } from '../components/ScopeTabs';

const pct = (v: number | null | undefined) => (v == null ? '—' : `${(v * 100).toFixed(1)}%`);

/**
 * `/alert-scope/model`: the active alert model, a retrain from people's corrections and feedback
 * that reports the candidate's held-out accuracy beside the current one, and promotion.
 */
export default function ModelPage() {
  const model = useAlertModel();
  const retrain = useRetrain();
  const promote = usePromote();
  const snackbar = useSnackbar();
  const fmt = useTenantFormats();
  const result = retrain.data;

  const doPromote = async (v: AlertModelVersion) => {
    try {
      await promote.mutateAsync(v.Id);
      snackbar.success(`Model ${v.Version} is now active`);
      retrain.reset();
    } catch (err) {
      snackbar.error(err);
    }
  };

  const columns: Column<AlertModelVersion>[] = [
    {
      key: 'version',
      header: 'Version',
      render: (v) => (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <strong>{v.Version}</strong>
          {v.Promoted && <Chip size="small" color="success" label="Active" />}
          {v.Id === 0 && <Chip size="small" variant="outlined" label="Shipped" />}
        </Box>
      ),
    },
    { key: 'accuracy', header: 'Held-out accuracy', align: 'right', render: (v) => pct(v.Accuracy) },
    {
      key: 'examples',
      header: 'Taught examples',
      align: 'right',
      hideBelow: 'sm',
      render: (v) => v.TrainingExamples ?? '—',
    },
    {
      key: 'created',
      header: 'Trained',
      hideBelow: 'md',
      render: (v) => (v.CreatedAt ? fmt.dateTime(v.CreatedAt) : '—'),
    },
    {
      key: 'promote',
      header: '',
      align: 'right',
      render: (v) =>
        v.Promoted ? null : (
          <Button size="small" disabled={promote.isPending} onClick={() => void doPromote(v)}>
            Promote
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow="Alert Scope"
        title="Alert model"
        subtitle="Retrain the model on the corrections, feedback and flags people gave, compare it with the active model on the held-out e-mails, and promote it when it is better."
        actions={
          <Button
            variant="contained"
            startIcon={<ModelTrainingRoundedIcon />}
            disabled={retrain.isPending}
            onClick={() => retrain.mutate(undefined, { onError: (err) => snackbar.error(err) })}
          >
            {retrain.isPending ? 'Retraining…' : 'Retrain'}
          </Button>
        }
      />
      <ScopeTabs />
      {model.isError && <QueryError error={model.error} onRetry={() => void model.refetch()} />}
      {result && (
        <Paper variant="outlined" sx={{ borderRadius: '14px', p: 2, mb: 2 }} data-testid="retrain-result">
          <Typography component="h2" sx={{ fontWeight: 700, fontSize: 16, mb: 1 }}>
            Candidate {result.Candidate.Version}
          </Typography>
          <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mb: 1.5 }}>
            <Box>
              <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>Candidate accuracy</Typography>
              <Typography sx={{ fontSize: 24, fontWeight: 700 }}>{pct(result.Candidate.Accuracy)}</Typography>
            </Box>
            <Box>
              <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>Current accuracy</Typography>
              <Typography sx={{ fontSize: 24, fontWeight: 700 }}>{pct(result.CurrentAccuracy)}</Typography>
            </Box>
            <Box>
              <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>Taught examples</Typography>
              <Typography sx={{ fontSize: 24, fontWeight: 700 }}>{result.Candidate.TrainingExamples ?? 0}</Typography>
            </Box>
          </Box>
          {result.Candidate.Accuracy != null &&
            result.CurrentAccuracy != null &&
            result.Candidate.Accuracy < result.CurrentAccuracy && (
              <Alert severity="warning" sx={{ mb: 1.5 }}>
                The candidate is less accurate than the active model on the held-out e-mails.
              </Alert>
            )}
          <Button variant="contained" disabled={promote.isPending} onClick={() => void doPromote(result.Candidate)}>
            Promote {result.Candidate.Version}
          </Button>
        </Paper>
      )}
      <DataTable
        caption="Model versions"
        columns={columns}
        rows={model.data?.Versions}
        rowKey={(v) => v.Id}
        loading={model.isPending}
      />
    </>
  );
}
