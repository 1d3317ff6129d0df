import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import ApiRoundedIcon from '@mui/icons-material/ApiRounded';
import BackupOutlinedIcon from '@mui/icons-material/BackupOutlined';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import { BarChart } from '@mui/x-charts/BarChart';
import type { BackupStatisticsRow, EmailStatisticsRow, PublicApiStatisticsRow } from '@vigil/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDate } from '../../../lib/format';
import { shortDayLabel, type IsoDay } from '../../../lib/days';
import { StatTile } from '../../admin/components/StatTile';
import {
  useBackupStatistics,
  useBackupStatisticsRows,
  useEmailStatistics,
  useEmailStatisticsRows,
  usePublicApiStatistics,
  usePublicApiStatisticsRows,
  useTenantStatistics,
  type Range,
} from '../api/operations';

/** The four parts of Admin Portal → Statistics: tiles, a per-day chart and a per-tenant table each. */

const num = (v: number) => v.toLocaleString('en-US');
const when = (v: string | null) => (v ? formatDate(v, 'MM/DD/yyyy hh:mm A') : '—');

function Tiles({ children }: { children: ReactNode[] }) {
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      {children.map((c, i) => (
        <Grid key={i} size={{ xs: 6, md: 3 }}>
          {c}
        </Grid>
      ))}
    </Grid>
  );
}

/** Per-day bars; the axis shows short day labels. */
function DailyChart({
  title,
  days,
  series,
}: {
  title: string;
  days: string[];
  series: { label: string; data: number[]; color: string; stack?: string }[];
}) {
  return (
    <Paper variant="outlined" sx={{ borderRadius: '14px', p: 2, m: 0, mb: 2 }} component="figure" aria-label={title}>
      <Typography variant="subtitle2" component="figcaption" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ height: 260 }}>
        <BarChart
          skipAnimation
          xAxis={[{ scaleType: 'band', data: days.map((d) => shortDayLabel(d as IsoDay)), tickLabelMinGap: 12 }]}
          yAxis={[{ min: 0, width: 48, tickMinStep: 1 }]}
          series={series.map((s) => ({ ...s, id: s.label }))}
          margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        />
      </Box>
    </Paper>
  );
}

export function TenantsTab({ range }: { range: Range }) {
  const q = useTenantStatistics(range);
  const theme = useTheme();
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const s = q.data;
  return (
    <>
      <Tiles>
        {[
          <StatTile
            key="t"
            label="Tenants"
            value={s ? num(s.Total) : '—'}
            icon={<ApartmentOutlinedIcon />}
            loading={!s}
          />,
          <StatTile
            key="e"
            label="Enabled"
            value={s ? num(s.Enabled) : '—'}
            icon={<TaskAltRoundedIcon />}
            tone="success"
            loading={!s}
          />,
          <StatTile
            key="d"
            label="Disabled"
            value={s ? num(s.Disabled) : '—'}
            icon={<ErrorOutlineRoundedIcon />}
            loading={!s}
          />,
          <StatTile
            key="n"
            label="New in range"
            value={s ? num(s.New) : '—'}
            icon={<ApartmentOutlinedIcon />}
            loading={!s}
          />,
        ]}
      </Tiles>
      {s && (
        <DailyChart
          title="New tenants per day"
          days={s.Daily.map((d) => d.Day)}
          series={[{ label: 'New tenants', data: s.Daily.map((d) => d.New), color: theme.palette.primary.main }]}
        />
      )}
      <DataTable
        caption="Tenants by subscription"
        columns={[
          { key: 'status', header: 'Subscription', render: (r) => r.Status.replace('_', ' ') },
          { key: 'count', header: 'Tenants', align: 'right', render: (r) => num(r.Count) },
        ]}
        rows={s?.BySubscription}
        rowKey={(r) => r.Status}
        loading={!s}
      />
    </>
  );
}

const emailColumns: Column<EmailStatisticsRow>[] = [
  { key: 'tenant', header: 'Tenant', render: (r) => r.TenantName },
  { key: 'total', header: 'E-mails', align: 'right', render: (r) => num(r.Total) },
  { key: 'processed', header: 'Processed', align: 'right', hideBelow: 'sm', render: (r) => num(r.Processed) },
  { key: 'inactive', header: 'Inactive', align: 'right', hideBelow: 'md', render: (r) => num(r.Inactive) },
  { key: 'other', header: 'Not parsed', align: 'right', hideBelow: 'md', render: (r) => num(r.Other) },
  { key: 'last', header: 'Last received', hideBelow: 'lg', nowrap: true, render: (r) => when(r.LastReceivedAt) },
];

export function EmailsTab({ range }: { range: Range }) {
  const q = useEmailStatistics(range);
  const rows = useEmailStatisticsRows(range);
  const theme = useTheme();
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const s = q.data;
  return (
    <>
      <Tiles>
        {[
          <StatTile
            key="t"
            label="E-mails received"
            value={s ? num(s.Total) : '—'}
            icon={<MailOutlineRoundedIcon />}
            loading={!s}
          />,
          <StatTile
            key="p"
            label="Processed"
            value={s ? num(s.Processed) : '—'}
            icon={<TaskAltRoundedIcon />}
            tone="success"
            loading={!s}
          />,
          <StatTile
            key="i"
            label="Inactive backups"
            value={s ? num(s.Inactive) : '—'}
            icon={<BackupOutlinedIcon />}
            loading={!s}
          />,
          <StatTile
            key="o"
            label="Not parsed"
            value={s ? num(s.Other) : '—'}
            icon={<ErrorOutlineRoundedIcon />}
            tone={s && s.Other > 0 ? 'warning' : 'primary'}
            loading={!s}
          />,
        ]}
      </Tiles>
      {s && (
        <DailyChart
          title="E-mails per day"
          days={s.Daily.map((d) => d.Day)}
          series={[
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
          ]}
        />
      )}
      <DataTable
        caption="E-mails per tenant"
        columns={emailColumns}
        rows={rows.data}
        rowKey={(r) => r.TenantId}
        loading={rows.isPending}
        emptyText="No e-mails in this range."
      />
    </>
  );
}

const backupColumns: Column<BackupStatisticsRow>[] = [
  { key: 'tenant', header: 'Tenant', render: (r) => r.TenantName },
  { key: 'active', header: 'Active', align: 'right', render: (r) => num(r.Active) },
  { key: 'inactive', header: 'Inactive', align: 'right', hideBelow: 'md', render: (r) => num(r.Inactive) },
  { key: 'retired', header: 'Retired', align: 'right', hideBelow: 'md', render: (r) => num(r.Retired) },
  { key: 'results', header: 'Results', align: 'right', hideBelow: 'sm', render: (r) => num(r.Results) },
  { key: 'failure', header: 'Failures', align: 'right', render: (r) => num(r.Failure) },
];

export function BackupsTab({ range }: { range: Range }) {
  const q = useBackupStatistics(range);
  const rows = useBackupStatisticsRows(range);
  const theme = useTheme();
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const s = q.data;
  return (
    <>
      <Tiles>
        {[
          <StatTile
            key="a"
            label="Active backups"
            value={s ? num(s.Active) : '—'}
            icon={<BackupOutlinedIcon />}
            loading={!s}
            caption={s ? `${num(s.Inactive)} inactive · ${num(s.Retired)} retired` : undefined}
          />,
          <StatTile
            key="r"
            label="Results in range"
            value={s ? num(s.Results) : '—'}
            icon={<TaskAltRoundedIcon />}
            loading={!s}
          />,
          <StatTile
            key="s"
            label="Successes"
            value={s ? num(s.Success) : '—'}
            icon={<TaskAltRoundedIcon />}
            tone="success"
            loading={!s}
          />,
          <StatTile
            key="f"
            label="Failures"
            value={s ? num(s.Failure) : '—'}
            icon={<ErrorOutlineRoundedIcon />}
            tone={s && s.Failure > 0 ? 'error' : 'primary'}
            loading={!s}
            caption={s ? `${num(s.Warning)} warnings` : undefined}
          />,
        ]}
      </Tiles>
      {s && (
        <DailyChart
          title="Results per day"
          days={s.Daily.map((d) => d.Day)}
          series={[
            { label: 'Success', data: s.Daily.map((d) => d.Success), color: theme.palette.status.success, stack: 'r' },
            { label: 'Warning', data: s.Daily.map((d) => d.Warning), color: theme.palette.status.warning, stack: 'r' },
            { label: 'Failure', data: s.Daily.map((d) => d.Failure), color: theme.palette.status.failure, stack: 'r' },
          ]}
        />
      )}
      <DataTable
        caption="Backups per tenant"
        columns={backupColumns}
        rows={rows.data}
        rowKey={(r) => r.TenantId}
        loading={rows.isPending}
        emptyText="No backups yet."
      />
    </>
  );
}

const apiColumns: Column<PublicApiStatisticsRow>[] = [
  { key: 'tenant', header: 'Tenant', render: (r) => r.TenantName },
  { key: 'requests', header: 'Requests', align: 'right', render: (r) => num(r.Requests) },
  { key: 'rows', header: 'Rows returned', align: 'right', hideBelow: 'sm', render: (r) => num(r.Rows) },
  { key: 'keys', header: 'Keys used', align: 'right', hideBelow: 'md', render: (r) => num(r.Keys) },
  { key: 'last', header: 'Last used', hideBelow: 'lg', nowrap: true, render: (r) => when(r.LastUsedAt) },
];

export function PublicApiTab({ range }: { range: Range }) {
  const q = usePublicApiStatistics(range);
  const rows = usePublicApiStatisticsRows(range);
  const theme = useTheme();
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const s = q.data;
  return (
    <>
      <Tiles>
        {[
          <StatTile
            key="r"
            label="Requests"
            value={s ? num(s.Requests) : '—'}
            icon={<ApiRoundedIcon />}
            loading={!s}
          />,
          <StatTile
            key="w"
            label="Rows returned"
            value={s ? num(s.Rows) : '—'}
            icon={<ApiRoundedIcon />}
            loading={!s}
          />,
          <StatTile key="k" label="Keys used" value={s ? num(s.Keys) : '—'} icon={<ApiRoundedIcon />} loading={!s} />,
          <StatTile
            key="t"
            label="Tenants using it"
            value={s ? num(s.Tenants) : '—'}
            icon={<ApartmentOutlinedIcon />}
            loading={!s}
          />,
        ]}
      </Tiles>
      {s && (
        <DailyChart
          title="Public API requests per day"
          days={s.Daily.map((d) => d.Day)}
          series={[{ label: 'Requests', data: s.Daily.map((d) => d.Requests), color: theme.palette.primary.main }]}
        />
      )}
      <DataTable
        caption="Public API use per tenant"
        columns={apiColumns}
        rows={rows.data}
        rowKey={(r) => r.TenantId}
        loading={rows.isPending}
        emptyText="No public API requests in this range."
      />
    </>
  );
}
