// The frame of an Admin Portal statistics tab: tiles, a per-day chart and a table.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Grid from '@mui/material/Grid';
import { useTheme, type Theme } from '@mui/material/styles';
import { DataTable, type Column } from '../../../../components/DataTable';
import { QueryError } from '../../../../components/QueryError';
import { StatTile, type StatTone } from '../StatTile';
import { DailyChart, type Series } from './DailyChart';
import { num } from './statisticsFormat';

/** One figure of a statistics tab, read from its summary. */
interface TileSpec<S> {
  label: string;
  icon: ReactNode;
  value: (s: S) => number;
  tone?: (s: S) => StatTone;
  caption?: (s: S) => string;
}

/** A statistics tab: four tiles and a per-day chart from the summary, and a per-tenant (or other) table. */
export function StatisticsView<S extends { Daily: { Day: string }[] }, R>({
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
