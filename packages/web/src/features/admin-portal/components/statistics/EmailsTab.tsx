// Admin Portal → Statistics → E-mails: received and processed e-mails, per day and per tenant.
import BackupOutlinedIcon from '@mui/icons-material/BackupOutlined';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import type { EmailStatisticsRow } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { useEmailStatistics, useEmailStatisticsRows, type Range } from '../../api/operations';
import { StatisticsView } from './StatisticsView';
import { fixed, num, when } from './statisticsFormat';

const emailColumns: Column<EmailStatisticsRow>[] = [
  { key: 'tenant', header: 'Tenant', render: (r) => r.TenantName },
  { key: 'total', header: 'E-mails', align: 'right', render: (r) => num(r.Total) },
  { key: 'processed', header: 'Processed', align: 'right', hideBelow: 'sm', render: (r) => num(r.Processed) },
  { key: 'inactive', header: 'Inactive', align: 'right', hideBelow: 'md', render: (r) => num(r.Inactive) },
  { key: 'other', header: 'Not parsed', align: 'right', hideBelow: 'md', render: (r) => num(r.Other) },
  { key: 'last', header: 'Last received', hideBelow: 'lg', nowrap: true, render: (r) => when(r.LastReceivedAt) },
];

export function EmailsTab({ range }: { range: Range }) {
  const rows = useEmailStatisticsRows(range);
  return (
    <StatisticsView
      summary={useEmailStatistics(range)}
      tiles={[
        { label: 'E-mails received', value: (s) => s.Total, icon: <MailOutlineRoundedIcon /> },
        { label: 'Processed', value: (s) => s.Processed, icon: <TaskAltRoundedIcon />, tone: fixed('success') },
        { label: 'Inactive backups', value: (s) => s.Inactive, icon: <BackupOutlinedIcon /> },
        {
          label: 'Not parsed',
          value: (s) => s.Other,
          icon: <ErrorOutlineRoundedIcon />,
          tone: (s) => (s.Other > 0 ? 'warning' : 'primary'),
        },
      ]}
      chart={{
        title: 'E-mails per day',
        series: (s, theme) => [
          {
            label: 'Processed',
            data: s.Daily.map((d) => d.Processed),
            color: theme.palette.status.success,
            stack: 'm',
          },
          {
            label: 'Other',
            data: s.Daily.map((d) => d.Total - d.Processed),
            color: theme.palette.status.noResult,
            stack: 'm',
          },
        ],
      }}
      table={{
        caption: 'E-mails per tenant',
        columns: emailColumns,
        rows: () => ({ data: rows.data, loading: rows.isPending }),
        rowKey: (r) => r.TenantId,
        emptyText: 'No e-mails in this range.',
      }}
    />
  );
}
