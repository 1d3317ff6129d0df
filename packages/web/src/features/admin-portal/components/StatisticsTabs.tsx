import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import ApiRoundedIcon from '@mui/icons-material/ApiRounded';
import BackupOutlinedIcon from '@mui/icons-material/BackupOutlined';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import { BarChart } from '@mui/x-charts/BarChart';
import type {
  BackupStatisticsRow,
  EmailStatisticsRow,
  PublicApiStatisticsRow,
  TenantStatistics,
} from '@vigil/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDate } from '../../../lib/format';
import { shortDayLabel, type IsoDay } from '../../../lib/days';
import { StatTile, type StatTone } from './StatTile';
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

/** Per-day bars; the axis shows short day labels. */
function DailyChart({ title, days, series }: { title: string; days: string[]; series: Series[] }) {
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

interface Series {
  label: string;
  data: number[];
  color: string;
  stack?: string;
}

/** One figure of a statistics tab, read from its summary. */
interface TileSpec<S> {
  label: string;
  icon: ReactNode;
  value: (s: S) => number;
  tone?: (s: S) => StatTone;
  caption?: (s: S) => string;
}

/** A statistics tab: four tiles and a per-day chart from the summary, and a per-tenant (or other) table. */
function StatisticsView<S extends { Daily: { Day: string }[] }, R>({
  summary,
  tiles,
  chart,
  table,
}: {
  summary: UseQueryResult<S>;
  tiles: TileSpec<S>[];
  chart: { title: string; series: (s: S, theme: Theme) => Series[] };
  table: {
    caption: string;
    columns: Column<R>[];
    rows: (s: S | undefined) => { data: R[] | undefined; loading: boolean };
    rowKey: (r: R) => string | number;
    emptyText?: string;
  };
}) {
  const theme = useTheme();
  if (summary.isError) return <QueryError error={summary.error} onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  const rows = table.rows(s);
  return (
    <>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {tiles.map((t) => (
          <Grid key={t.label} size={{ xs: 6, md: 3 }}>
            <StatTile
              label={t.label}
              value={s ? num(t.value(s)) : '—'}
              icon={t.icon}
              tone={s && t.tone ? t.tone(s) : 'primary'}
              caption={s && t.caption ? t.caption(s) : undefined}
              loading={!s}
            />
          </Grid>
        ))}
      </Grid>
      {s && <DailyChart title={chart.title} days={s.Daily.map((d) => d.Day)} series={chart.series(s, theme)} />}
      <DataTable
        caption={table.caption}
        columns={table.columns}
        rows={rows.data}
        rowKey={table.rowKey}
        loading={rows.loading}
        emptyText={table.emptyText}
      />
    </>
  );
}

const fixed = (tone: StatTone) => (): StatTone => tone;

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
