import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { INSIGHT_TYPES, InsightType, type AdminInsightRow } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { DebouncedSearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { DataGrid, gridColumnHelper, useLocalColumnSettings, type GridColumnDef } from '../../../components/grid';
import { formatDate, relativeTime } from '../../../lib/format';
import { countsByType, plural } from '../../../lib/insightText';
import { useAdminInsights, useRecomputeTenantInsights } from '../api/insights';

const col = gridColumnHelper<AdminInsightRow>();

/** Column headings short enough to keep every type on screen; the full title is the tooltip. */
const SHORT_TITLES: Record<InsightType, string> = {
  BackupMissingSchedule: 'Missing',
  BackupExtraSchedule: 'Extra',
  BackupType: 'Type',
  BackupStartOfBusinessDay: 'Start of day',
  BackupNotUpdating: 'Not updating',
  BackupRetireSuggestion: 'Retire',
  BackupResultsDecreased: 'Decreased',
};

/** `/admin/insights`: every tenant's insight counts, with a recompute per tenant (platform §3 insight rows). */
export default function AdminInsightsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(50);
  // Features §9: "admin insights" keeps its columns in this browser.
  const columnSettings = useLocalColumnSettings('admin-insights');
  const list = useAdminInsights({ Size: pageSize, ...(search.trim() ? { Search: search.trim() } : {}) });
  const recompute = useRecomputeTenantInsights();
  const [busy, setBusy] = useState<number | null>(null);
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.Results) ?? [], [list.data]);
  const last = list.data?.pages[list.data.pages.length - 1];

  const columns = useMemo<GridColumnDef<AdminInsightRow>[]>(() => {
    const start = async (row: AdminInsightRow) => {
      setBusy(row.TenantId);
      try {
        const next = await recompute.mutateAsync(row.TenantId);
        snackbar.success(`${next.TenantName}: ${plural(countsByType(next.Insights).total, 'suggestion')}`);
      } catch (err) {
        snackbar.error(err);
      } finally {
        setBusy(null);
      }
    };
    return [
      col.accessor('TenantName', {
        id: 'tenant',
        header: 'Tenant',
        size: 170,
        enableHiding: false,
        meta: { tile: 'title' },
        cell: (c) => (
          <Box component="span" sx={{ fontWeight: 600 }}>
            {c.getValue()}
          </Box>
        ),
      }),
      col.accessor((r) => countsByType(r.Insights).total, {
        id: 'total',
        header: 'Total',
        size: 100,
        meta: { tile: 'subtitle', align: 'right', sortDescFirst: true },
      }),
      ...InsightType.options.map((t) =>
        col.accessor((r) => countsByType(r.Insights).byType[t], {
          id: t,
          header: () => <span title={INSIGHT_TYPES[t].title}>{SHORT_TITLES[t]}</span>,
          // Uppercase headings: about 9 px a letter plus the sort icon and padding.
          size: Math.max(100, SHORT_TITLES[t].length * 9 + 52),
          meta: { tile: 'field', align: 'right', sortDescFirst: true, label: INSIGHT_TYPES[t].title },
        }),
      ),
      col.accessor('ComputedAt', {
        id: 'computed',
        header: 'Computed',
        size: 130,
        meta: { tile: 'field' },
        cell: (c) => {
          const v = c.getValue();
          return v ? <span title={formatDate(v)}>{relativeTime(v)}</span> : 'Never';
        },
      }),
      col.display({
        id: 'actions',
        header: '',
        size: 64,
        enableSorting: false,
        enableResizing: false,
        meta: { tile: 'field', label: 'Recompute' },
        cell: (c) => (
          <Tooltip title="Recompute now">
            <span>
              <IconButton
                size="small"
                loading={busy === c.row.original.TenantId}
                disabled={busy !== null && busy !== c.row.original.TenantId}
                aria-label={`Recompute insights of ${c.row.original.TenantName}`}
                onClick={(e) => {
                  e.stopPropagation();
                  void start(c.row.original);
                }}
              >
                <RefreshRoundedIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        ),
      }),
    ];
  }, [busy, recompute, snackbar]);

  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Insights"
        subtitle="Suggestions per tenant, as the nightly job last computed them. Recompute a tenant to see the effect of its latest results."
      />
      <Box sx={{ mb: 2, maxWidth: 360 }}>
        <DebouncedSearchField id="admin-insights-search" label="Search tenants" value={search} onCommit={setSearch} />
      </Box>
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id="admin-insights-grid"
        label="Tenant insights"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.TenantId)}
        {...columnSettings}
        manualSorting={false}
        total={last?.Total}
        hasMore={!!list.hasNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        loadingMore={list.isFetchingNextPage}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        pagesLoaded={list.data?.pages.length}
        loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
        emptyText={search ? 'No tenant matches the search' : 'No tenants yet.'}
        toolbar={
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
            {last ? plural(last.Total, 'tenant') : ' '}
          </Typography>
        }
        height={small ? 'calc(100dvh - 200px)' : 'max(480px, calc(100vh - 320px))'}
      />
    </>
  );
}
