/**
 * Tile bodies (platform §3 tile types): Histogram, Pie, Count, Bar/Column and Insight. Each draws
 * the data it is given and reports clicks; where a click leads is the caller's business.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { INSIGHT_TYPES, type ColorMetric, type TileData, type TileDefinition } from '@vigil/contract';
import { dayStatusInfo } from '../../../lib/audit';
import { AlertsChart } from './AlertsTile';
import { shortDayLabel } from '../../../lib/days';
import {
  axisCount,
  chartHasData,
  countText,
  dayShares,
  drawnStatuses,
  HISTOGRAM_FIELDS,
  jobsText,
  labelledStatuses,
} from '../lib/tiles';

export type ChartPick = { status?: number | null; companyId?: number | null; companyName?: string };
type Def = Pick<TileDefinition, 'filters' | 'uiSettings' | 'barChartGroupBy' | 'insightType'>;

export function statusColour(theme: Theme, status: number): string {
  return theme.palette.status[dayStatusInfo(status).colour];
}

const Empty = ({ text = 'No data' }: { text?: string }) => (
  <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', color: 'text.secondary', p: 1 }}>
    <Typography variant="body2">{text}</Typography>
  </Box>
);

/** Stacked percentage per day; the tooltip gives the count in jobs (features §9). */
function HistogramChart({ def, data }: { def: Def; data: Extract<TileData, { kind: 'Histogram' }> }) {
  const theme = useTheme();
  const statuses = drawnStatuses(def);
  const shares = data.rows.map((r) => dayShares(r, statuses));
  if (!chartHasData(data) || !shares.some((day) => day.some((v) => v > 0))) return <Empty />;
  return (
    <BarChart
      skipAnimation
      dataset={undefined}
      xAxis={[
        { scaleType: 'band', data: data.rows.map((r) => shortDayLabel(r.Date.slice(0, 10))), tickLabelMinGap: 8 },
      ]}
      yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${Math.round(v)}%`, width: 44 }]}
      series={statuses.map((s, k) => ({
        id: String(s),
        label: dayStatusInfo(s).label,
        color: statusColour(theme, s),
        stack: 'day',
        data: shares.map((row) => row[k]),
        valueFormatter: (_v: number | null, ctx: { dataIndex: number }) =>
          jobsText(data.rows[ctx.dataIndex]?.[HISTOGRAM_FIELDS[s]] ?? 0),
      }))}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'center' } } }}
    />
  );
}

/** Slices per status with labels for the chosen statuses; a slice opens its companies. */
function PieTileChart({
  def,
  data,
  onPick,
}: {
  def: Def;
  data: Extract<TileData, { kind: 'PieChart' }>;
  onPick?: (pick: ChartPick) => void;
}) {
  const theme = useTheme();
  const [open, setOpen] = useState<number | null>(null);
  const labelled = new Set(labelledStatuses(def));
  const items = data.items.filter((i) => i.Value > 0);
  const slice = open === null ? null : (data.items.find((i) => i.Status === open) ?? null);
  if (slice) {
    return (
      <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 0.5 }}>
          <Button size="small" startIcon={<ArrowBackRoundedIcon />} onClick={() => setOpen(null)}>
            Back
          </Button>
          <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: statusColour(theme, slice.Status) }} />
          <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0 }} noWrap>
            {slice.Title} · {countText(slice.Value)}
          </Typography>
          {onPick && (
            <Button size="small" endIcon={<OpenInNewRoundedIcon />} onClick={() => onPick({ status: slice.Status })}>
              Open in Audit
            </Button>
          )}
        </Box>
        <List dense sx={{ overflow: 'auto', flex: 1 }} aria-label={`${slice.Title} by company`}>
          {slice.Drilldown.map((d) => (
            <ListItemButton
              key={`${d.CompanyId ?? 'none'}-${d.Title}`}
              disabled={!onPick}
              sx={{ '&.Mui-disabled': { opacity: 1 } }}
              onClick={() => onPick?.({ status: slice.Status, companyId: d.CompanyId, companyName: d.Title })}
            >
              <ListItemText primary={d.Title} />
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                {countText(d.Value)}
              </Typography>
            </ListItemButton>
          ))}
          {!slice.Drilldown.length && <Empty text="No companies" />}
        </List>
      </Box>
    );
  }
  if (!items.length) return <Empty />;
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <PieChart
          skipAnimation
          hideLegend
          series={[
            {
              innerRadius: '45%',
              paddingAngle: 1,
              cornerRadius: 3,
              highlightScope: { fade: 'global', highlight: 'item' },
              data: items.map((i) => ({
                id: i.Status,
                value: i.Value,
                label: i.Title,
                color: statusColour(theme, i.Status),
              })),
              arcLabel: (item) => (labelled.has(Number(item.id)) ? countText(item.value) : ''),
              arcLabelMinAngle: 12,
              valueFormatter: (v) => jobsText(v.value),
            },
          ]}
          margin={{ top: 4, bottom: 4, left: 4, right: 4 }}
          onItemClick={(_e, id) => setOpen(items[id.dataIndex]?.Status ?? null)}
          sx={{ '& .MuiPieChart-arcLabel': { fill: '#fff', fontWeight: 700, fontSize: 13 } }}
        />
      </Box>
      {/* The legend doubles as the keyboard way in: each entry opens its slice. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 0.5, pt: 0.5 }}>
        {items.map((i) => (
          <ButtonBase
            key={i.Status}
            onClick={() => setOpen(i.Status)}
            aria-label={`${i.Title}: ${jobsText(i.Value)}`}
            sx={{ gap: 0.5, px: 0.75, py: 0.25, borderRadius: 1, typography: 'caption', color: 'text.secondary' }}
          >
            <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: statusColour(theme, i.Status) }} />
            {i.Title} {countText(i.Value)}
          </ButtonBase>
        ))}
      </Box>
    </Box>
  );
}

/** The three threshold colours in the theme's status palette. */
export function metricColour(theme: Theme, color: ColorMetric['color']): string | null {
  if (color === 'red') return theme.palette.status.failure;
  if (color === 'yellow') return theme.palette.status.warning;
  if (color === 'green') return theme.palette.status.success;
  return null;
}

/** A big number; with conditional colouring the number or the fill takes the threshold colour. */
function CountChart({
  def,
  data,
  onPick,
}: {
  def: Def;
  data: Extract<TileData, { kind: 'Count' }>;
  onPick?: () => void;
}) {
  const theme = useTheme();
  const colour = metricColour(theme, data.color);
  const fill = def.uiSettings?.colorMetricsType ?? 0;
  const bg = colour && fill === 2 ? colour : colour && fill === 1 ? alpha(colour, 0.16) : 'transparent';
  const fg = colour && fill === 2 ? theme.palette.getContrastText(colour) : (colour ?? theme.palette.text.primary);
  const body = (
    <Typography
      component="span"
      data-colour={data.color}
      sx={{
        fontSize: 'clamp(18px, min(78cqh, 24cqw), 56px)',
        fontWeight: 700,
        lineHeight: 1,
        color: fg,
        letterSpacing: '-0.02em',
      }}
    >
      {countText(data.Count)}
    </Typography>
  );
  return (
    <Box data-testid="count-fill" sx={{ height: '100%', bgcolor: bg, borderRadius: 1.5, display: 'grid' }}>
      {onPick ? (
        <ButtonBase onClick={onPick} aria-label={`Open ${countText(data.Count)} in Audit`} sx={{ borderRadius: 1.5 }}>
          {body}
        </ButtonBase>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center' }}>{body}</Box>
      )}
    </Box>
  );
}

/** Bars by status, or by company stacked by status; horizontal for Bar, vertical for Column. */
function BarTileChart({
  def,
  data,
  horizontal,
  onPick,
}: {
  def: Def;
  data: Extract<TileData, { kind: 'Bar' | 'Column' }>;
  horizontal: boolean;
  onPick: (pick: ChartPick) => void;
}) {
  const theme = useTheme();
  if (!chartHasData(data)) return <Empty />;
  const byCompany = def.barChartGroupBy === 1;
  const categories = data.items.map((i) => i.Title);
  const band = { scaleType: 'band' as const, data: categories };
  const series = byCompany
    ? drawnStatuses(def).map((s) => ({
        id: String(s),
        label: dayStatusInfo(s).label,
        color: statusColour(theme, s),
        stack: 'company',
        data: data.items.map((i) => i.ByStatus?.[String(s)] ?? 0),
        valueFormatter: (v: number | null) => jobsText(v ?? 0),
      }))
    : [
        {
          id: 'count',
          label: 'Backups',
          data: data.items.map((i) => i.Value),
          valueFormatter: (v: number | null) => jobsText(v ?? 0),
        },
      ];
  const colourByStatus = byCompany
    ? undefined
    : { type: 'ordinal' as const, colors: data.items.map((i) => statusColour(theme, i.Status ?? 0)) };
  const click = (seriesId: string | number, index: number) => {
    const item = data.items[index];
    if (!item) return;
    if (byCompany) onPick({ status: Number(seriesId), companyId: item.CompanyId, companyName: item.Title });
    else onPick({ status: item.Status });
  };
  const axisWidth = horizontal ? Math.min(140, 12 + 7 * Math.max(...categories.map((c) => c.length))) : 40;
  return (
    <BarChart
      skipAnimation
      layout={horizontal ? 'horizontal' : 'vertical'}
      xAxis={
        horizontal
          ? [{ tickMinStep: 1, valueFormatter: axisCount }]
          : [{ ...band, colorMap: colourByStatus, tickLabelMinGap: 4 }]
      }
      yAxis={
        horizontal
          ? [{ ...band, colorMap: colourByStatus, width: axisWidth }]
          : [{ tickMinStep: 1, width: 40, valueFormatter: axisCount }]
      }
      series={series}
      hideLegend={!byCompany}
      borderRadius={4}
      margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
      onItemClick={(_e, id) => click(id.seriesId, id.dataIndex)}
      slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'center' } } }}
    />
  );
}

/** The count of one suggestion type; clickable only when the caller allows it. */
function InsightChart({ data, onOpen }: { data: Extract<TileData, { kind: 'Insight' }>; onOpen?: () => void }) {
  const title = INSIGHT_TYPES[data.insightType]?.title ?? data.insightType;
  const body = (
    <Box sx={{ textAlign: 'center', minWidth: 0 }}>
      <Typography sx={{ fontSize: 'clamp(16px, min(46cqh, 20cqw), 44px)', fontWeight: 700, lineHeight: 1 }}>
        {countText(data.Count)}
      </Typography>
      <Typography variant="caption" noWrap component="div" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
        {title}
      </Typography>
    </Box>
  );
  return onOpen ? (
    <ButtonBase onClick={onOpen} aria-label={`Open ${title}`} sx={{ height: '100%', width: '100%', borderRadius: 1.5 }}>
      {body}
    </ButtonBase>
  ) : (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>{body}</Box>
  );
}

/** The body of a tile of any type. `onPick` absent: nothing is clickable (the shared view). */
export function TileChart({
  def,
  data,
  onPick,
  onOpenInsight,
  onOpenAlerts,
  onOpenAlert,
}: {
  def: Def;
  data: TileData;
  onPick?: (pick: ChartPick) => void;
  onOpenInsight?: () => void;
  /** Alert Radar tiles: the alert list on the tile's range for one assessment, or one alert. */
  onOpenAlerts?: (assessment: number) => void;
  onOpenAlert?: (id: number) => void;
}) {
  const pick = onPick ?? (() => undefined);
  switch (data.kind) {
    case 'Histogram':
      return <HistogramChart def={def} data={data} />;
    case 'PieChart':
      return <PieTileChart def={def} data={data} onPick={onPick} />;
    case 'Count':
      return <CountChart def={def} data={data} onPick={onPick ? () => onPick({}) : undefined} />;
    case 'Bar':
    case 'Column':
      return <BarTileChart def={def} data={data} horizontal={data.kind === 'Bar'} onPick={pick} />;
    case 'Insight':
      return <InsightChart data={data} onOpen={onOpenInsight} />;
    case 'Alerts':
      return <AlertsChart data={data} onOpen={onOpenAlerts} onOpenAlert={onOpenAlert} />;
  }
}
