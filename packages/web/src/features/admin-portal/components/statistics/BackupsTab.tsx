// Admin Portal → Statistics → Backups: backups and their results, per day and per tenant.
import BackupOutlinedIcon from '@mui/icons-material/BackupOutlined';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import type { BackupStatisticsRow } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { useBackupStatistics, useBackupStatisticsRows, type Range } from '../../api/operations';
import { StatisticsView } from './StatisticsView';
import { fixed, num } from './statisticsFormat';

const backupColumns: Column<BackupStatisticsRow>[] = [
  { key: 'tenant', header: 'Tenant', render: (r) => r.TenantName },
  { key: 'active', header: 'Active', align: 'right', render: (r) => num(r.Active) },
  { key: 'inactive', header: 'Inactive', align: 'right', hideBelow: 'md', render: (r) => num(r.Inactive) },
  { key: 'retired', header: 'Retired', align: 'right', hideBelow: 'md', render: (r) => num(r.Retired) },
  { key: 'results', header: 'Results', align: 'right', hideBelow: 'sm', render: (r) => num(r.Results) },
  { key: 'failure', header: 'Failures', align: 'right', render: (r) => num(r.Failure) },
];

export function BackupsTab({ range }: { range: Range }) {
  const rows = useBackupStatisticsRows(range);
  return (
    <StatisticsView
      summary={useBackupStatistics(range)}
      tiles={[
        {
          label: 'Active backups',
          value: (s) => s.Active,
          icon: <BackupOutlinedIcon />,
          caption: (s) => `${num(s.Inactive)} inactive · ${num(s.Retired)} retired`,
        },
        { label: 'Results in range', value: (s) => s.Results, icon: <TaskAltRoundedIcon /> },
        { label: 'Successes', value: (s) => s.Success, icon: <TaskAltRoundedIcon />, tone: fixed('success') },
        {
          label: 'Failures',
          value: (s) => s.Failure,
          icon: <ErrorOutlineRoundedIcon />,
          tone: (s) => (s.Failure > 0 ? 'error' : 'primary'),
          caption: (s) => `${num(s.Warning)} warnings`,
        },
      ]}
      chart={{
        title: 'Results per day',
        series: (s, theme) =>
          (['Success', 'Warning', 'Failure'] as const).map((k) => ({
            label: k,
            data: s.Daily.map((d) => d[k]),
            color: theme.palette.status[k === 'Success' ? 'success' : k === 'Warning' ? 'warning' : 'failure'],
            stack: 'r',
          })),
      }}
      table={{
        caption: 'Backups per tenant',
        columns: backupColumns,
        rows: () => ({ data: rows.data, loading: rows.isPending }),
        rowKey: (r) => r.TenantId,
        emptyText: 'No backups yet.',
      }}
    />
  );
}
