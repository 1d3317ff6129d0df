// Admin Portal → Statistics → Public API: requests, rows and keys, per day and per tenant.
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import ApiRoundedIcon from '@mui/icons-material/ApiRounded';
import type { PublicApiStatisticsRow } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { usePublicApiStatistics, usePublicApiStatisticsRows, type Range } from '../../api/operations';
import { StatisticsView } from './StatisticsView';
import { num, when } from './statisticsFormat';

const apiColumns: Column<PublicApiStatisticsRow>[] = [
  { key: 'tenant', header: 'Tenant', render: (r) => r.TenantName },
  { key: 'requests', header: 'Requests', align: 'right', render: (r) => num(r.Requests) },
  { key: 'rows', header: 'Rows returned', align: 'right', hideBelow: 'sm', render: (r) => num(r.Rows) },
  { key: 'keys', header: 'Keys used', align: 'right', hideBelow: 'md', render: (r) => num(r.Keys) },
  { key: 'last', header: 'Last used', hideBelow: 'lg', nowrap: true, render: (r) => when(r.LastUsedAt) },
];

export function PublicApiTab({ range }: { range: Range }) {
  const rows = usePublicApiStatisticsRows(range);
  return (
    <StatisticsView
      summary={usePublicApiStatistics(range)}
      tiles={[
        { label: 'Requests', value: (s) => s.Requests, icon: <ApiRoundedIcon /> },
        { label: 'Rows returned', value: (s) => s.Rows, icon: <ApiRoundedIcon /> },
        { label: 'Keys used', value: (s) => s.Keys, icon: <ApiRoundedIcon /> },
        { label: 'Tenants using it', value: (s) => s.Tenants, icon: <ApartmentOutlinedIcon /> },
      ]}
      chart={{
        title: 'Public API requests per day',
        series: (s, theme) => [
          { label: 'Requests', data: s.Daily.map((d) => d.Requests), color: theme.palette.primary.main },
        ],
      }}
      table={{
        caption: 'Public API use per tenant',
        columns: apiColumns,
        rows: () => ({ data: rows.data, loading: rows.isPending }),
        rowKey: (r) => r.TenantId,
        emptyText: 'No public API requests in this range.',
      }}
    />
  );
}
