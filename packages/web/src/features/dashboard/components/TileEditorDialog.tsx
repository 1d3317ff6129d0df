import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  DEFAULT_TILE_SIZE,
  DEFAULT_COLOR_METRICS,
  DEFAULT_PIE_LABEL_STATUSES,
  INSIGHT_TYPES,
  Privilege,
  TileDefinition,
  TileFilters,
  TileType,
  validateColorMetrics,
  type ColorMetric,
  type InsightType,
  type Tile,
} from '@vigil/contract';
import { MultiSelect } from '../../../components/MultiSelect';
import { useSnackbar } from '../../../components/snackbar';
import { resolveErrorMessage } from '../../../lib/errors';
import { useAuth } from '../../../lib/queries';
import { canAccess } from '../../../lib/access';
import { useAppSession } from '../../../app/session';
import { generateTile, useSaveTile } from '../api/dashboards';
import { bottomRow } from '../lib/layout';
import { COUNT_TILE_HELP } from '../lib/tiles';
import { TileChart } from './charts';
import { ColorMetricsEditor } from './ColorMetricsEditor';
import { rangeCaption } from './TileCard';
import { useStatusOptions } from '../../../components/filterChoices';
import { TileFiltersFields, type FieldErrors } from './TileFiltersFields';

export const TILE_TYPE_LABEL: Record<TileType, string> = {
  Histogram: 'Histogram',
  PieChart: 'Pie chart',
  Count: 'Count',
  Bar: 'Bar chart',
  Column: 'Column chart',
  Insight: 'Insight',
  Alerts: 'Alert Radar',
};

/** Alert Radar tiles are offered to those who may open Alert Radar: its flag, staff users. */
export const ALERT_RADAR_ACCESS = { flag: 'brAlertRadar', privilege: Privilege.tenantAdminOrStandard } as const;
const ALERT_TILE_HELP = 'Alert e-mails received in the range, by the assessment of their latest analysis.';

const PREVIEW_DEBOUNCE_MS = 500;
const INSIGHT_REQUIRED = 'Choose an insight type';

interface Draft {
  title: string;
  type: TileType;
  filters: TileFilters;
  daysWithoutSuccess: number | null;
  barChartGroupBy: 0 | 1;
  insightType: InsightType | null;
  colorMetrics: ColorMetric[];
  fill: 0 | 1 | 2;
  statusOrder?: number[];
}

function draftOf(tile: Tile | null, type: TileType): Draft {
  if (!tile)
    return {
      title: '',
      type,
      filters: TileFilters.parse({ ShowLabelsForStatuses: [...DEFAULT_PIE_LABEL_STATUSES] }),
      daysWithoutSuccess: null,
      barChartGroupBy: 0,
      insightType: null,
      colorMetrics: DEFAULT_COLOR_METRICS.map((m) => ({ ...m })),
      fill: 0,
    };
  return {
    title: tile.title,
    type: tile.item.type,
    filters: {
      ...tile.filters,
      ShowLabelsForStatuses: tile.filters.ShowLabelsForStatuses ?? [...DEFAULT_PIE_LABEL_STATUSES],
    },
    daysWithoutSuccess: tile.daysWithoutSuccess,
    barChartGroupBy: tile.barChartGroupBy,
    insightType: tile.insightType,
    colorMetrics: (tile.uiSettings.colorMetrics ?? DEFAULT_COLOR_METRICS).map((m) => ({ ...m })),
    fill: tile.uiSettings.colorMetricsType ?? 0,
    statusOrder: tile.uiSettings.statusOrder,
  };
}

/** The definition the API takes; the title falls back to the type's name. */
function definitionOf(d: Draft) {
  const alerts = d.type === 'Alerts';
  return {
    title: d.title.trim() || TILE_TYPE_LABEL[d.type],
    type: d.type,
    // Alert Radar tiles filter by company and range only.
    filters: alerts ? { ...d.filters, Status: [], Vendors: [], Tags: [] } : d.filters,
    daysWithoutSuccess: alerts ? null : d.daysWithoutSuccess,
    barChartGroupBy: d.barChartGroupBy,
    insightType: d.type === 'Insight' ? d.insightType : null,
    uiSettings:
      d.type === 'Count'
        ? { colorMetrics: d.colorMetrics, colorMetricsType: d.fill, statusOrder: d.statusOrder }
        : { statusOrder: d.statusOrder },
  };
}

/** Field messages by path ("title", "filters.DateRange.To", …) from the contract's schema. */
function problemsOf(d: Draft): FieldErrors {
  const out: FieldErrors = {};
  const parsed = TileDefinition.safeParse(definitionOf(d));
  if (!parsed.success) for (const issue of parsed.error.issues) out[issue.path.join('.')] ??= issue.message;
  if (d.type === 'Insight' && !d.insightType) out.insightType = INSIGHT_REQUIRED;
  if (d.type === 'Count' && validateColorMetrics(d.colorMetrics).some(Boolean)) out.colorMetrics = 'invalid';
  return out;
}

/**
 * Create or edit a tile: type, title, filters, the type's own settings and, for Count, the
 * colour thresholds; a live preview (POST /api/dashboard/tile/generate, debounced) beside it.
 */
export function TileEditorDialog({
  open,
  dashboardId,
  tile,
  tiles,
  onClose,
}: {
  open: boolean;
  dashboardId: number;
  tile: Tile | null;
  tiles: readonly Tile[];
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const snackbar = useSnackbar();
  const tenantId = useAuth()?.tenantId ?? null;
  const save = useSaveTile();
  const statusOptions = useStatusOptions();
  const session = useAppSession();
  const typeOptions = TileType.options.filter(
    (t) => t !== 'Alerts' || tile?.item.type === 'Alerts' || canAccess(ALERT_RADAR_ACCESS, session.access),
  );
  const [draft, setDraft] = useState<Draft>(() => draftOf(tile, 'Histogram'));
  const [tried, setTried] = useState(false);
  const problems = useMemo(() => problemsOf(draft), [draft]);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  // Preview: the definition as it stands, once it is valid and has settled for a moment.
  const definition = useMemo(() => definitionOf(draft), [draft]);
  const previewKey = Object.keys(problems).some((k) => k !== 'colorMetrics') ? null : JSON.stringify(definition);
  const [settledKey, setSettledKey] = useState(previewKey);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettledKey(previewKey), PREVIEW_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [previewKey]);
  const preview = useQuery({
    queryKey: ['dashboards', tenantId, 'preview', settledKey],
    queryFn: ({ signal }) => generateTile(JSON.parse(settledKey ?? '{}') as typeof definition, signal),
    enabled: open && !!settledKey,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });

  const submit = () => {
    setTried(true);
    if (Object.keys(problems).length) return;
    const size = DEFAULT_TILE_SIZE[draft.type];
    save.mutate(
      {
        dashboardId,
        tileId: tile?.id,
        body: tile
          ? definition
          : { ...definition, position: { row: bottomRow(tiles), col: 0, sizeX: size.w, sizeY: size.h } },
      },
      {
        onSuccess: () => {
          snackbar.success(tile ? 'Tile updated' : 'Tile added');
          onClose();
        },
        onError: (err) => snackbar.error(err),
      },
    );
  };

  const shown = (key: string) =>
    tried || key === 'daysWithoutSuccess' || key.startsWith('filters.') ? problems[key] : undefined;
  const errors: FieldErrors = Object.fromEntries(Object.keys(problems).map((k) => [k, shown(k)]));

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="lg" fullScreen={fullScreen}>
      <DialogTitle>{tile ? 'Edit tile' : 'Add tile'}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
          <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
              <TextField
                select
                size="small"
                label="Tile type"
                value={draft.type}
                disabled={!!tile}
                onChange={(e) => set({ type: e.target.value as TileType })}
              >
                {typeOptions.map((t) => (
                  <MenuItem key={t} value={t}>
                    {TILE_TYPE_LABEL[t]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Title"
                value={draft.title}
                placeholder={TILE_TYPE_LABEL[draft.type]}
                onChange={(e) => set({ title: e.target.value })}
                error={!!errors.title}
                helperText={errors.title}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
            </Box>
            {draft.type === 'Insight' ? (
              <TextField
                select
                size="small"
                label="Insight type"
                value={draft.insightType ?? ''}
                onChange={(e) => set({ insightType: e.target.value as InsightType })}
                error={!!errors.insightType}
                helperText={errors.insightType}
              >
                {Object.entries(INSIGHT_TYPES).map(([value, info]) => (
                  <MenuItem key={value} value={value}>
                    {info.title}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <>
                <Typography variant="overline" sx={{ color: 'text.secondary', mb: -1 }}>
                  Filters
                </Typography>
                <TileFiltersFields
                  filters={draft.filters}
                  daysWithoutSuccess={draft.daysWithoutSuccess}
                  onChange={(filters) => set({ filters })}
                  onDaysChange={(daysWithoutSuccess) => set({ daysWithoutSuccess })}
                  errors={errors}
                  note={
                    draft.type === 'Count' ? COUNT_TILE_HELP : draft.type === 'Alerts' ? ALERT_TILE_HELP : undefined
                  }
                  alerts={draft.type === 'Alerts'}
                />
              </>
            )}
            {(draft.type === 'Bar' || draft.type === 'Column') && (
              <TextField
                select
                size="small"
                label="Group by"
                value={draft.barChartGroupBy}
                onChange={(e) => set({ barChartGroupBy: Number(e.target.value) as 0 | 1 })}
              >
                <MenuItem value={0}>Status</MenuItem>
                <MenuItem value={1}>Company</MenuItem>
              </TextField>
            )}
            {draft.type === 'PieChart' && (
              <MultiSelect
                id="tile-pie-labels"
                label="Show labels for"
                placeholder="No labels"
                options={statusOptions}
                value={draft.filters.ShowLabelsForStatuses ?? []}
                onChange={(ShowLabelsForStatuses) => set({ filters: { ...draft.filters, ShowLabelsForStatuses } })}
              />
            )}
            {draft.type === 'Count' && (
              <>
                <Divider />
                <ColorMetricsEditor
                  metrics={draft.colorMetrics}
                  fill={draft.fill}
                  onChange={(colorMetrics) => set({ colorMetrics })}
                  onFillChange={(fill) => set({ fill })}
                  showErrors
                />
              </>
            )}
          </Box>
          <Box sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
            <Typography variant="overline" sx={{ color: 'text.secondary' }}>
              Preview
            </Typography>
            <Paper
              variant="outlined"
              data-testid="tile-preview"
              sx={{ height: draft.type === 'Count' || draft.type === 'Insight' ? 140 : 300, p: 1, borderRadius: 2 }}
            >
              {!previewKey ? (
                <Typography variant="body2" sx={{ color: 'text.secondary', p: 1 }}>
                  Complete the settings to see a preview.
                </Typography>
              ) : preview.error ? (
                <Alert severity="error" variant="outlined">
                  {resolveErrorMessage(preview.error)}
                </Alert>
              ) : !preview.data ? (
                <Skeleton variant="rounded" sx={{ height: '100%' }} />
              ) : (
                <Box sx={{ height: '100%', opacity: preview.isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
                  <TileChart def={definition} data={preview.data.data} />
                </Box>
              )}
            </Paper>
            {preview.data && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {rangeCaption(preview.data.range)}
              </Typography>
            )}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          {tile ? 'Save' : 'Add tile'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
