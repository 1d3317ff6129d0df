import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatMoney, type BillingOverviewPlan, type BillingOverviewSubscription } from '@vigil/contract';
import { gridColumnHelper, type GridColumnDef } from '../../../../components/grid';
import { SUBSCRIPTION_STATUS, subscriptionStatusLabel } from '../../../../lib/subscriptionStatus';
import { formatUtc } from '../../../../lib/utcFormat';

const sub = gridColumnHelper<BillingOverviewSubscription>();
const plan = gridColumnHelper<BillingOverviewPlan>();

/** "$99 / month"; a dash without a plan. */
export function amountText(cents: number | null, interval: string | null): string {
  if (cents === null) return '—';
  return `${formatMoney(cents, { compact: true })}${interval ? ` / ${interval}` : ''}`;
}

export function StatusChip({ status }: { status: string }) {
  const s = SUBSCRIPTION_STATUS[status];
  return <Chip size="small" color={s?.color ?? 'default'} variant="outlined" label={subscriptionStatusLabel(status)} />;
}

export const subscriptionColumns: GridColumnDef<BillingOverviewSubscription>[] = [
  sub.accessor('TenantName', {
    id: 'tenant',
    header: 'Tenant',
    size: 240,
    enableHiding: false,
    sortFn: 'text',
    meta: { tile: 'title' },
    cell: (c) => (
      <Box component="span" sx={{ fontWeight: 600 }}>
        {c.getValue()}
      </Box>
    ),
  }),
  sub.accessor((r) => r.PlanName ?? '', {
    id: 'plan',
    meta: { tile: 'subtitle' },
    header: 'Plan',
    size: 170,
    sortFn: 'text',
  }),
  sub.accessor('Status', {
    id: 'status',
    meta: { tile: 'field' },
    header: 'Status',
    size: 140,
    sortFn: 'text',
    cell: (c) => <StatusChip status={c.getValue()} />,
  }),
  sub.accessor((r) => r.CurrentPeriodEnd ?? r.TrialEndsAt ?? '', {
    id: 'periodEnd',
    meta: { tile: 'field' },
    header: 'Period end',
    size: 140,
    sortFn: 'text',
    cell: (c) => (c.getValue() ? formatUtc(c.getValue(), 'MM/DD/yyyy') : '—'),
  }),
  sub.accessor((r) => r.AmountCents ?? -1, {
    id: 'amount',
    meta: { tile: 'field' },
    header: 'Amount',
    size: 140,
    sortFn: 'basic',
    cell: (c) => amountText(c.row.original.AmountCents, c.row.original.Interval),
  }),
  sub.accessor('ProviderName', { id: 'provider', header: 'Provider', size: 150, sortFn: 'text' }),
];

export const planColumns: GridColumnDef<BillingOverviewPlan>[] = [
  plan.accessor('Name', {
    id: 'name',
    header: 'Plan',
    size: 200,
    enableHiding: false,
    sortFn: 'text',
    meta: { tile: 'title' },
    cell: (c) => (
      <Box component="span" sx={{ fontWeight: 600 }}>
        {c.getValue()}
      </Box>
    ),
  }),
  plan.accessor('Handle', { id: 'handle', header: 'Handle', size: 140, sortFn: 'text' }),
  plan.accessor('PriceCents', {
    id: 'price',
    meta: { tile: 'field' },
    header: 'Price',
    size: 140,
    sortFn: 'basic',
    cell: (c) => amountText(c.getValue(), c.row.original.Interval),
  }),
  plan.accessor((r) => r.UnitLimit ?? Number.MAX_SAFE_INTEGER, {
    id: 'units',
    meta: { tile: 'field' },
    header: 'Active units',
    size: 130,
    sortFn: 'basic',
    cell: (c) => (c.row.original.UnitLimit === null ? 'Unlimited' : c.row.original.UnitLimit.toLocaleString('en-US')),
  }),
  plan.accessor((r) => (r.IsActive ? (r.IsPublic ? 'Public' : 'Hidden') : 'Retired'), {
    id: 'offer',
    meta: { tile: 'field' },
    header: 'Offered',
    size: 120,
    sortFn: 'text',
  }),
  plan.accessor('Subscribers', {
    id: 'subscribers',
    meta: { tile: 'field' },
    header: 'Tenants',
    size: 110,
    sortFn: 'basic',
  }),
];
