// Admin Portal → Statistics → Tenants: tenant counts, new tenants per day, tenants by subscription.
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import type { TenantStatistics } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { useTenantStatistics, type Range } from '../../api/operations';
import { StatisticsView } from './StatisticsView';
import { fixed, num } from './statisticsFormat';

const subscriptionColumns: Column<TenantStatistics['BySubscription'][number]>[] = [
  { key: 'status', header: 'Subscription', render: (r) => r.Status.replace('_', ' ') },
  { key: 'count', header: 'Tenants', align: 'right', render: (r) => num(r.Count) },
];

export function TenantsTab({ range }: { range: Range }) {
  return (
    <StatisticsView
      summary={useTenantStatistics(range)}
      tiles={[
        { label: 'Tenants', value: (s) => s.Total, icon: <ApartmentOutlinedIcon /> },
        { label: 'Enabled', value: (s) => s.Enabled, icon: <TaskAltRoundedIcon />, tone: fixed('success') },
        { label: 'Disabled', value: (s) => s.Disabled, icon: <ErrorOutlineRoundedIcon /> },
        { label: 'New in range', value: (s) => s.New, icon: <ApartmentOutlinedIcon /> },
      ]}
      chart={{
        title: 'New tenants per day',
        series: (s, theme) => [
          { label: 'New tenants', data: s.Daily.map((d) => d.New), color: theme.palette.primary.main },
        ],
      }}
      table={{
        caption: 'Tenants by subscription',
        columns: subscriptionColumns,
        rows: (s) => ({ data: s?.BySubscription, loading: !s }),
        rowKey: (r) => r.Status,
      }}
    />
  );
}
