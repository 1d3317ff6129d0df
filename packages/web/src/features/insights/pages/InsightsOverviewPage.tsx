import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { usePermissions } from '../../../lib/permissions';
import { useInsightOverview, useRecomputeInsights } from '../api/insights';
import { InsightCard, InsightCardSkeleton } from '../components/InsightCard';
import { computedText, plural } from '../../../lib/insightText';

/** `/app/insights/overview`: a card per insight type (features §2.6, §9). */
export default function InsightsOverviewPage() {
  const overview = useInsightOverview();
  const recompute = useRecomputeInsights();
  const snackbar = useSnackbar();
  const f = useTenantFormats();
  const canOpen = usePermissions(['insight.getInsightDetails']);
  const data = overview.data;
  const total = data?.Types.reduce((n, t) => n + t.Count, 0) ?? 0;

  const refresh = async () => {
    try {
      const next = await recompute.mutateAsync();
      const sum = next.Types.reduce((n, t) => n + t.Count, 0);
      snackbar.success(`Insights computed: ${plural(sum, 'suggestion')}`);
    } catch (err) {
      snackbar.error(err);
    }
  };

  return (
    <>
      <PageHeader
        title="Insights"
        subtitle="Suggestions worked out from your backups' results: schedules that do not match what runs, backups that went quiet, and more. Apply or dismiss them from each list."
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshRoundedIcon />}
            loading={recompute.isPending}
            disabled={!canOpen}
            loadingPosition="start"
            onClick={() => void refresh()}
          >
            Refresh insights
          </Button>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline', mb: 2 }}>
        <Typography sx={{ fontWeight: 600 }} aria-live="polite">
          {data ? plural(total, 'suggestion') : ' '}
        </Typography>
        {data && (
          <Tooltip title={data.ComputedAt ? f.dateTime(data.ComputedAt) : ''}>
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }} data-testid="insights-computed">
              {computedText(data.ComputedAt)}
            </Typography>
          </Tooltip>
        )}
      </Box>
      {overview.isError ? (
        <QueryError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <Grid container spacing={2}>
          {(data?.Types ?? Array.from({ length: 7 }, () => null)).map((item, i) => (
            <Grid key={item?.Type ?? i} size={{ xs: 12, sm: 6, lg: 4, xl: 3 }}>
              {item ? <InsightCard item={item} canOpen={canOpen} /> : <InsightCardSkeleton />}
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
