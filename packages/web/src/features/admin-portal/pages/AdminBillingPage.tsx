import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import AutorenewRoundedIcon from '@mui/icons-material/AutorenewRounded';
import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import HourglassEmptyRoundedIcon from '@mui/icons-material/HourglassEmptyRounded';
import PauseCircleOutlineRoundedIcon from '@mui/icons-material/PauseCircleOutlineRounded';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { formatMoney, type BillingOverviewSubscription } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SectionHeader } from '../../../components/SectionHeader';
import { useWindowManager } from '../../../components/WindowManagerProvider';
import { DataGrid } from '../../../components/grid';
import { useBillingOverview } from '../api/billingOverview';
import { useTenantPlanUpdates } from '../api/plan';
import { billingWindowFor, openBillingWindow } from '../billingWindow';
import { StatTile } from '../components/StatTile';
import { planColumns, subscriptionColumns } from '../components/billing/billingColumns';

/** Monthly value of the paying subscriptions (active and past due), yearly plans spread over 12 months. */
function monthlyCents(rows: readonly BillingOverviewSubscription[]): number {
  return rows
    .filter((r) => (r.Status === 'active' || r.Status === 'past_due') && r.AmountCents !== null)
    .reduce((sum, r) => sum + (r.Interval === 'year' ? Math.round(r.AmountCents! / 12) : r.AmountCents!), 0);
}

/** A grid as tall as its rows (header, toolbar and footer included), at most `max`. */
const gridHeight = (rows: number, max: number) => Math.min(max, 150 + Math.max(rows, 3) * 36);

/**
 * `/admin/billing` (platform §2): every tenant's subscription — plan, status, period end and
 * amount — and the plans on file. A row opens the tenant's manage-plan window.
 */
export default function AdminBillingPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const windows = useWindowManager();
  const overview = useBillingOverview();
  useTenantPlanUpdates();
  const subs = useMemo(() => overview.data?.Subscriptions ?? [], [overview.data]);
  const plans = overview.data?.Plans ?? [];
  const count = (status: string) => subs.filter((s) => s.Status === status).length;

  const openPlan = (r: BillingOverviewSubscription) => {
    const tenant = { Id: r.TenantId, Name: r.TenantName };
    const path = billingWindowFor(tenant);
    if (small) void navigate(path);
    else openBillingWindow(windows, tenant, path);
  };

  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Billing"
        subtitle="Plans and every tenant's subscription. Open a tenant to change its plan, link or pause its subscription."
      />
      {overview.isError && <QueryError error={overview.error} onRetry={() => void overview.refetch()} />}
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {[
          {
            label: 'Monthly recurring',
            value: formatMoney(monthlyCents(subs), { compact: true }),
            icon: <AutorenewRoundedIcon />,
            tone: 'primary' as const,
          },
          {
            label: 'Active',
            value: count('active'),
            icon: <CheckCircleOutlineRoundedIcon />,
            tone: 'success' as const,
          },
          {
            label: 'In trial',
            value: count('trialing'),
            icon: <HourglassEmptyRoundedIcon />,
            tone: 'primary' as const,
          },
          {
            label: 'Paused or payment due',
            value: count('paused') + count('past_due'),
            icon: <PauseCircleOutlineRoundedIcon />,
            tone: 'warning' as const,
          },
        ].map((t) => (
          <Grid key={t.label} size={{ xs: 6, md: 3 }}>
            <StatTile label={t.label} value={t.value} icon={t.icon} tone={t.tone} loading={overview.isPending} />
          </Grid>
        ))}
      </Grid>

      <SectionHeader title="Subscriptions" />
      <DataGrid
        id="admin-billing-subscriptions"
        label="Subscriptions"
        columns={subscriptionColumns}
        data={subs}
        getRowId={(r) => String(r.TenantId)}
        manualSorting={false}
        defaultSorting={[{ id: 'tenant', desc: false }]}
        total={subs.length}
        onRowClick={openPlan}
        loading={overview.isPending}
        emptyText="No tenants yet"
        noun="tenants"
        toolbar={
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
            {overview.data ? `${subs.length} tenant${subs.length === 1 ? '' : 's'}` : ' '}
          </Typography>
        }
        height={small ? 'calc(100dvh - 260px)' : gridHeight(subs.length, 420)}
      />

      <Box sx={{ mt: 4 }}>
        <SectionHeader title="Plans" />
        <DataGrid
          id="admin-billing-plans"
          label="Plans"
          columns={planColumns}
          data={plans}
          getRowId={(r) => String(r.Id)}
          manualSorting={false}
          total={plans.length}
          loading={overview.isPending}
          emptyText="No plans yet"
          noun="plans"
          height={small ? 420 : gridHeight(plans.length, 360)}
        />
      </Box>
    </>
  );
}
