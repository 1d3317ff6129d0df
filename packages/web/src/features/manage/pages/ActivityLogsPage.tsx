import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import type { ActivityLogRow } from '@vigil/contract';
import { MultiSelect, type MultiSelectOption } from '../../../components/MultiSelect';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { DebouncedSearchField } from '../../../components/SearchField';
import { useTenantFormats } from '../../../lib/tenantFormats';
import {
  DataGrid,
  gridColumnHelper,
  useLocalColumnSettings,
  type GridColumnDef,
  type SortingState,
} from '../../../components/grid';
import { addDays, zonedTimeToIso, type IsoDay } from '../../../lib/days';
import { queryClient, useAuth } from '../../../lib/queries';
import { browserStorage } from '../../../lib/storage';
import { activityKeys, useActivityActions, useActivityLogs } from '../api/activityLogs';
import { ActivityDetailsDrawer, entityLabel } from '../components/ActivityDetailsDrawer';
import { DateRangeFilter, type OptionalDayRange } from '../components/DateRangeFilter';

const PAGE_SIZE_KEY = 'vigil.activityLogs.pageSize';
const DEFAULT_SORT: SortingState = [{ id: 'when', desc: true }];
const col = gridColumnHelper<ActivityLogRow>();

function activityColumns(when: (iso: string) => string): GridColumnDef<ActivityLogRow>[] {
  return [
    col.accessor('CreatedAt', {
      id: 'when',
      header: 'When',
      size: 190,
      sortDescFirst: true,
      meta: { tile: 'field' },
      cell: (c) => when(c.getValue()),
    }),
    col.accessor('UserName', {
      id: 'user',
      header: 'User',
      size: 170,
      enableSorting: false,
      meta: { tile: 'subtitle' },
      cell: (c) => c.getValue() || '-',
    }),
    col.accessor('Action', {
      id: 'action',
      header: 'Action',
      size: 200,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => <Chip size="small" label={c.getValue()} sx={{ height: 22, fontWeight: 500 }} />,
    }),
    col.accessor('EntityType', {
      id: 'entity',
      header: 'Entity',
      size: 130,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => entityLabel(c.getValue()),
    }),
    col.accessor('EntityName', {
      id: 'name',
      header: 'Name',
      size: 300,
      enableSorting: false,
      enableHiding: false,
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue() || '-'}
        </Box>
      ),
    }),
  ];
}

/** The instants a range of the tenant's days covers: the start of the first day to the end of the last. */
function instantRange(range: OptionalDayRange, timeZone: string): { from: string | null; to: string | null } {
  const endOf = (day: IsoDay) =>
    new Date(new Date(zonedTimeToIso(addDays(day, 1), '00:00', timeZone)).getTime() - 1).toISOString();
  return {
    from: range.from ? zonedTimeToIso(range.from, '00:00', timeZone) : null,
    to: range.to ? endOf(range.to) : null,
  };
}

/** `/app/manage/activity-logs`: every change users made in Manage, newest first, with the values before and after. */
export default function ActivityLogsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const f = useTenantFormats();
  const tenantId = useAuth()?.tenantId ?? null;
  const [actions, setActions] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [days, setDays] = useState<OptionalDayRange>({ from: null, to: null });
  const [sorting, setSorting] = useState<SortingState>(DEFAULT_SORT);
  const [pageSize, setPageSizeState] = useState(() => {
    const n = Number(browserStorage()?.getItem(PAGE_SIZE_KEY));
    return [50, 100, 200, 500].includes(n) ? n : 50;
  });
  const setPageSize = (n: number) => {
    setPageSizeState(n);
    browserStorage()?.setItem(PAGE_SIZE_KEY, String(n));
  };
  const columnSettings = useLocalColumnSettings('activity-logs');
  const actionOptions = useActivityActions();
  const range = instantRange(days, f.timeZone);
  const list = useActivityLogs(
    { actions, search, from: range.from, to: range.to },
    { size: pageSize, ascending: sorting[0]?.desc === false },
  );
  const rows = useMemo(() => {
    const seen = new Map<number, ActivityLogRow>();
    for (const p of list.data?.pages ?? []) for (const r of p.Results) if (!seen.has(r.Id)) seen.set(r.Id, r);
    return [...seen.values()];
  }, [list.data]);
  const last = list.data?.pages.at(-1);
  const [detail, setDetail] = useState<ActivityLogRow | null>(null);
  const columns = useMemo(
    () => activityColumns(f.dateTime),
    // The formatter is rebuilt every render; its pattern and zone are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [f.timeZone, f.dateFormat],
  );
  const options: MultiSelectOption<string>[] = (actionOptions.data ?? []).map((o) => ({
    value: o.Value,
    label: o.Label,
  }));
  const filtered = actions.length > 0 || !!search || !!days.from || !!days.to;

  return (
    <>
      <PageHeader
        eyebrow="Manage"
        title="Activity Logs"
        subtitle={
          small
            ? undefined
            : 'Every change made to backups, companies, templates, backup plans, schedules and tags: who, when, and what changed.'
        }
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshRoundedIcon />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: activityKeys.all(tenantId) })}
            loading={list.isFetching && !list.isFetchingNextPage && !list.isPending}
          >
            Refresh
          </Button>
        }
      />
      <Paper
        variant="outlined"
        sx={{ borderRadius: '14px', mb: 2, px: 2, py: 1.5 }}
        component="section"
        aria-label="Filters"
      >
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(220px, 320px) auto minmax(200px, 300px)' },
            alignItems: 'start',
          }}
        >
          <MultiSelect
            id="activity-filter-actions"
            label="Actions"
            options={options}
            loading={actionOptions.isPending}
            value={actions}
            onChange={setActions}
          />
          <DateRangeFilter id="activity-dates" value={days} today={f.today} onChange={setDays} />
          <DebouncedSearchField id="activity-search" label="Search" value={search} onCommit={setSearch} />
        </Box>
        {filtered && (
          <Button
            size="small"
            sx={{ mt: 1 }}
            onClick={() => {
              setActions([]);
              setSearch('');
              setDays({ from: null, to: null });
            }}
          >
            Clear filters
          </Button>
        )}
      </Paper>
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid<ActivityLogRow>
        id="activity-grid"
        label="Activity logs"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.Id)}
        sorting={sorting}
        onSortingChange={(s) => setSorting(s.length ? s.slice(-1) : DEFAULT_SORT)}
        {...columnSettings}
        onRowClick={setDetail}
        contextActions={[{ label: 'Show the changes', onClick: setDetail }]}
        total={last?.Total}
        hasMore={!!list.hasNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        loadingMore={list.isFetchingNextPage}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        pagesLoaded={list.data?.pages.length}
        loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
        emptyText={
          list.isError
            ? 'The activity log could not be loaded.'
            : filtered
              ? 'No activity matches these filters'
              : 'No changes have been made yet.'
        }
        toolbar={
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
            {last ? (
              <>
                <Box component="strong" sx={{ color: 'text.primary' }}>
                  {last.Total.toLocaleString('en-US')}
                </Box>{' '}
                change{last.Total === 1 ? '' : 's'}
              </>
            ) : (
              ' '
            )}
          </Typography>
        }
        height={small ? 'calc(100dvh - 140px)' : 'max(520px, calc(100vh - 300px))'}
      />
      <ActivityDetailsDrawer row={detail} onClose={() => setDetail(null)} when={f.dateTime} />
    </>
  );
}
