import { useCallback, useMemo, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FilterListRoundedIcon from '@mui/icons-material/FilterListRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import type { AuditResult, DailyActivityRow } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { dailyKeys, useAuditTableUpdates, useTenantId } from '../../../lib/auditApi';
import { DayPicker, DayStrip } from '../../../components/DayPicker';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { AuditPopupProvider, useAuditPopup } from '../../../components/results/popups/AuditPopupProvider';
import { DataGrid, useLocalColumnSettings, type SortingState } from '../../../components/grid';
import type { PopupBackup } from '../../../lib/auditWindows';
import { usableDay, weekdayName, type DayRange, type IsoDay } from '../../../lib/days';
import { usePermissions } from '../../../lib/permissions';
import { queryClient } from '../../../lib/queries';
import { browserStorage } from '../../../lib/storage';
import { EMPTY_DAILY_FILTERS, useDailyActivity, type DailyFilters } from '../api/dailyActivity';
import { activeFilterCount, DailyFiltersFields } from '../components/DailyFiltersFields';
import { dailyColumns, SORT_KEYS } from '../components/dailyColumns';
import { DayDetailsDrawer } from '../components/DayDetailsDrawer';

const DATE_KEY = 'vigil.dailyActivity.selectedDate';
const PAGE_SIZE_KEY = 'vigil.dailyActivity.pageSize';
const DEFAULT_SORT: SortingState = [{ id: 'time', desc: true }];

function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function popupBackup(r: DailyActivityRow): PopupBackup {
  return {
    PolicyId: r.PolicyId,
    JobName: r.JobName,
    DeviceName: r.DeviceName,
    CompanyName: r.CompanyName,
    VendorName: r.VendorName,
    Status: r.DayStatus,
  };
}

function DailyActivityScreen() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const f = useTenantFormats();
  const tenantId = useTenantId();
  const openPopup = useAuditPopup();
  const canView = usePermissions(['audit.getAudit']);
  useAuditTableUpdates();

  const [date, setDateState] = useState<IsoDay>(() => usableDay(readSession(DATE_KEY), f.today, f.yesterday));
  const [range, setRange] = useState<DayRange | null>(null);
  const setDate = useCallback((d: IsoDay, r?: DayRange | null) => {
    setDateState(d);
    try {
      window.sessionStorage.setItem(DATE_KEY, d);
    } catch {
      // the day lives for this page only
    }
    if (r !== undefined) setRange(r);
  }, []);
  // A day outside the chosen range ends the range.
  const shownRange = range && date >= range.from && date <= range.to ? range : null;

  const [filters, setFilters] = useState<DailyFilters>(EMPTY_DAILY_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(!small);
  const [sorting, setSorting] = useState<SortingState>(DEFAULT_SORT);
  const [pageSize, setPageSizeState] = useState(() => {
    const n = Number(browserStorage()?.getItem(PAGE_SIZE_KEY));
    return [50, 100, 200, 500].includes(n) ? n : 50;
  });
  const setPageSize = (n: number) => {
    setPageSizeState(n);
    browserStorage()?.setItem(PAGE_SIZE_KEY, String(n));
  };
  const columnSettings = useLocalColumnSettings('daily-activity');
  const sort = sorting[0];
  const list = useDailyActivity(filters, {
    date,
    size: pageSize,
    orderBy: sort ? SORT_KEYS[sort.id] : undefined,
    ascending: sort ? !sort.desc : undefined,
  });
  const rows = useMemo(() => {
    const seen = new Map<number, DailyActivityRow>();
    for (const p of list.data?.pages ?? [])
      for (const r of p.Results) if (!seen.has(r.ResultID)) seen.set(r.ResultID, r);
    return [...seen.values()];
  }, [list.data]);
  const last = list.data?.pages.at(-1);
  const [detail, setDetail] = useState<DailyActivityRow | null>(null);
  const closeDetail = useCallback(() => setDetail(null), [setDetail]);

  const openResult = useCallback(
    (row: DailyActivityRow, resultId = row.ResultID, resultIds = [row.ResultID]) =>
      openPopup({ kind: 'view', date, backups: [popupBackup(row)], resultId, resultIds }),
    [openPopup, date],
  );
  const columns = useMemo(
    () => dailyColumns({ time: f.time, onOpen: (r) => openResult(r), canOpen: canView }),
    // The formatter is rebuilt every render; its pattern and zone are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [f.timeZone, openResult, canView],
  );

  const activeCount = activeFilterCount(filters);

  return (
    <>
      <PageHeader
        title="Daily Activity"
        subtitle={
          small
            ? undefined
            : 'Every result of one day, as it arrived: what ran, what it reported and the e-mail it came in.'
        }
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshRoundedIcon />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: dailyKeys.all(tenantId) })}
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
        aria-label="Day and filters"
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
          <DayPicker
            id="daily-date"
            value={date}
            today={f.today}
            onChange={(d, r) => setDate(d, r ?? (range && d >= range.from && d <= range.to ? range : null))}
            presets
            dateFormat={f.dateFormat}
          />
          <Box sx={{ flex: 1 }} />
          <Button
            onClick={() => setFiltersOpen((o) => !o)}
            aria-label={activeCount ? `Filters, ${activeCount} set` : 'Filters'}
            aria-expanded={filtersOpen}
            aria-controls="daily-filters"
            color="inherit"
            startIcon={
              <Badge badgeContent={activeCount} color="primary" invisible={activeCount === 0}>
                <FilterListRoundedIcon />
              </Badge>
            }
            sx={{ mt: 0.25 }}
          >
            Filters
          </Button>
        </Box>
        {shownRange && (
          <Box sx={{ mt: 1 }}>
            <DayStrip range={shownRange} value={date} onChange={(d) => setDate(d)} label="Days of the chosen range" />
          </Box>
        )}
        <Collapse in={filtersOpen} id="daily-filters">
          <DailyFiltersFields filters={filters} setFilters={setFilters} canView={canView} />
        </Collapse>
      </Paper>

      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id="daily-grid"
        label="Results of the day"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.ResultID)}
        sorting={sorting}
        onSortingChange={(s) => setSorting(s.length ? s.slice(-1) : DEFAULT_SORT)}
        {...columnSettings}
        onRowClick={setDetail}
        contextActions={[
          { label: 'Show the day of this backup', onClick: setDetail },
          ...(canView ? [{ label: 'View result', onClick: (r: DailyActivityRow) => openResult(r) }] : []),
        ]}
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
            ? 'The results could not be loaded.'
            : activeCount
              ? 'No backups match these filters'
              : `No results arrived for ${f.day(date)}.`
        }
        toolbar={
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
            {last ? (
              <>
                <Box component="strong" sx={{ color: 'text.primary' }}>
                  {last.Total.toLocaleString('en-US')}
                </Box>{' '}
                result{last.Total === 1 ? '' : 's'} on {weekdayName(date)}, {f.day(date)}
              </>
            ) : (
              ' '
            )}
          </Typography>
        }
        height={small ? 'calc(100dvh - 140px)' : 'max(560px, calc(100vh - 280px))'}
      />
      <DayDetailsDrawer
        row={detail}
        date={date}
        onClose={closeDetail}
        onOpenResult={(row, r: AuditResult, all) =>
          canView &&
          openPopup({
            kind: 'view',
            date,
            backups: [popupBackup(row)],
            resultId: r.ResultID,
            resultIds: all.map((x) => x.ResultID),
          })
        }
      />
    </>
  );
}

/** `/app/daily-activity`: every result of one day (tenant admins and standard users). */
export default function DailyActivityPage() {
  return (
    <AuditPopupProvider>
      <DailyActivityScreen />
    </AuditPopupProvider>
  );
}
