import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions } from '../../../lib/permissions';
import { useInsightOverview, useRecomputeInsights } from '../api/insights';
import { InsightCard } from '../components/InsightCard';
import { InsightCardSkeleton } from '../components/InsightCardSkeleton';
import { InsightsSummary } from '../components/InsightsSummary';
import { plural } from '../../../lib/insightText';

/** `/app/insights/overview`: a card per insight type (features §2.6, §9). */
export default function InsightsOverviewPage() {
  const overview = useInsightOverview();
  const recompute = useRecomputeInsights();
  const snackbar = useSnackbar();
  const canOpen = usePermissions(['insight.getInsightDetails']);
  const data = overview.data;

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
      <InsightsSummary data={data} />
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
