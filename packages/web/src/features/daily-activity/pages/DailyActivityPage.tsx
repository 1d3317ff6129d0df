import { useCallback, useMemo, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FilterListRoundedIcon from '@mui/icons-material/FilterListRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import type { AuditResult, DailyActivityRow } from '@vigil/contract';
import { MultiSelect, type MultiSelectOption } from '../../../components/MultiSelect';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { DebouncedSearchField } from '../../../components/SearchField';
import { dailyKeys, useAuditOptions, useAuditTableUpdates, useTenantId } from '../../../components/audit/auditApi';
import { DayPicker, DayStrip } from '../../../components/audit/DayPicker';
import { useTenantFormats } from '../../../components/audit/formats';
import { AuditPopupProvider, useAuditPopup } from '../../../components/audit/popups/AuditPopupProvider';
import { DayStatusChip, statusColour } from '../../../components/audit/StatusChip';
import {
  DataGrid,
  gridColumnHelper,
  useLocalColumnSettings,
  type GridColumnDef,
  type SortingState,
} from '../../../components/grid';
import { dayStatusInfo, RESULT_STATUSES, SOURCE_LABEL, type ResultStatusCode } from '../../../lib/audit';
import type { PopupBackup } from '../../../lib/auditWindows';
import { usableDay, weekdayName, type DayRange, type IsoDay } from '../../../lib/days';
import { usePermissions } from '../../../lib/permissions';
import { queryClient } from '../../../lib/queries';
import { browserStorage } from '../../../lib/storage';
import { EMPTY_DAILY_FILTERS, useDailyActivity, type DailyFilters } from '../api/dailyActivity';
import { DayDetailsDrawer } from '../components/DayDetailsDrawer';

const DATE_KEY = 'vigil.dailyActivity.selectedDate';
const PAGE_SIZE_KEY = 'vigil.dailyActivity.pageSize';
const NO_COMPANY_ID = -1;
const SORT_KEYS: Record<string, 'Time' | 'Status' | 'CompanyName' | 'Vendor' | 'DeviceName' | 'JobName'> = {
  time: 'Time',
  status: 'Status',
  company: 'CompanyName',
  vendor: 'Vendor',
  device: 'DeviceName',
  job: 'JobName',
};
const DEFAULT_SORT: SortingState = [{ id: 'time', desc: true }];

const col = gridColumnHelper<DailyActivityRow>();

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

function dailyColumns(ctx: {
  time: (v: string) => string;
  onOpen: (row: DailyActivityRow) => void;
  canOpen: boolean;
}): GridColumnDef<DailyActivityRow>[] {
  return [
    col.accessor('Time', {
      id: 'time',
      header: 'Time',
      size: 105,
      sortDescFirst: true,
      meta: { tile: 'field' },
      cell: (c) => ctx.time(c.getValue()),
    }),
    col.accessor('Status', {
      id: 'status',
      header: 'Status',
      size: 120,
      meta: { tile: 'field' },
      cell: (c) => <DayStatusChip status={c.getValue()} />,
    }),
    col.accessor('CompanyName', { id: 'company', header: 'Company', size: 175, meta: { tile: 'subtitle' } }),
    col.accessor('JobName', {
      id: 'job',
      header: 'Backup',
      size: 200,
      meta: { tile: 'title' },
      enableHiding: false,
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor('DeviceName', { id: 'device', header: 'Device', size: 120, meta: { tile: 'field' } }),
    col.accessor('Subject', {
      id: 'subject',
      header: 'E-mail subject',
      size: 320,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => {
        const r = c.row.original;
        const text = c.getValue() || (r.Source === 'manual' ? 'Manual result' : '');
        if (!text) return '-';
        if (!ctx.canOpen) return text;
        return (
          <Link
            component="button"
            type="button"
            tabIndex={-1}
            onClick={(e) => {
              e.stopPropagation();
              ctx.onOpen(r);
            }}
            title={text}
            sx={{
              maxWidth: '100%',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              verticalAlign: 'middle',
              textAlign: 'left',
              font: 'inherit',
            }}
          >
            {text}
          </Link>
        );
      },
    }),
    col.accessor('FailureText', {
      id: 'failure',
      header: 'Failure',
      size: 240,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => {
        const text = c.getValue();
        if (!text) return '-';
        return (
          <Tooltip title={<Box sx={{ whiteSpace: 'pre-wrap' }}>{text}</Box>} describeChild>
            <Box component="span" sx={{ color: 'error.main' }}>
              {text.replace(/\s+/g, ' ')}
            </Box>
          </Tooltip>
        );
      },
    }),
    col.accessor('VendorName', { id: 'vendor', header: 'Vendor', size: 190 }),
    col.accessor('ResultKind', { id: 'kind', header: 'Result kind', size: 150, enableSorting: false }),
    col.accessor('Source', {
      id: 'source',
      header: 'Source',
      size: 100,
      enableSorting: false,
      cell: (c) => SOURCE_LABEL[c.getValue()] ?? c.getValue(),
    }),
  ];
}

function StatusSwatch({ status }: { status: number }) {
  return (
    <Box
      component="span"
      sx={(t) => ({
        width: 10,
        height: 10,
        borderRadius: '3px',
        flexShrink: 0,
        bgcolor: statusColour(t, dayStatusInfo(status).colour),
      })}
    />
  );
}
const STATUS_OPTIONS: MultiSelectOption<ResultStatusCode>[] = [...RESULT_STATUSES]
  .reverse()
  .map((s) => ({ value: s, label: dayStatusInfo(s).label, adornment: <StatusSwatch status={s} /> }));

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
  const options = useAuditOptions(canView);
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

  const companyOptions: MultiSelectOption<number>[] = (options.data?.companies ?? []).map((c) => ({
    value: c.id ?? NO_COMPANY_ID,
    label: c.name,
  }));
  const vendorOptions: MultiSelectOption<string>[] = (options.data?.vendors ?? []).map((v) => ({
    value: v.id,
    label: v.name,
  }));
  const activeCount =
    (filters.companies.length || filters.includeNoCompany ? 1 : 0) +
    (filters.statuses.length ? 1 : 0) +
    (filters.vendors.length ? 1 : 0) +
    (filters.search ? 1 : 0);

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
          <Box
            sx={{
              pt: 1.5,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 230px), 1fr))',
              alignItems: 'start',
            }}
          >
            <MultiSelect
              id="daily-filter-companies"
              label="Companies"
              options={companyOptions}
              loading={options.isPending && canView}
              value={[...(filters.includeNoCompany ? [NO_COMPANY_ID] : []), ...filters.companies]}
              onChange={(v) =>
                setFilters({
                  ...filters,
                  companies: v.filter((x) => x !== NO_COMPANY_ID),
                  includeNoCompany: v.includes(NO_COMPANY_ID),
                })
              }
            />
            <MultiSelect
              id="daily-filter-statuses"
              label="Statuses"
              options={STATUS_OPTIONS}
              value={filters.statuses}
              onChange={(statuses) => setFilters({ ...filters, statuses })}
            />
            <MultiSelect
              id="daily-filter-vendors"
              label="Vendors"
              options={vendorOptions}
              loading={options.isPending && canView}
              value={filters.vendors}
              onChange={(vendors) => setFilters({ ...filters, vendors })}
            />
            <DebouncedSearchField
              id="daily-search"
              label="Search"
              value={filters.search}
              onCommit={(search) => setFilters({ ...filters, search })}
            />
          </Box>
          {activeCount > 0 && (
            <Button size="small" onClick={() => setFilters(EMPTY_DAILY_FILTERS)} sx={{ mt: 1 }}>
              Clear filters
            </Button>
          )}
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
