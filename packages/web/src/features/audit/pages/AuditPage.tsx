import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import type { AuditBackupRow } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { GuidedTour } from '../../../components/guidance/GuidedTour';
import { AUDIT_TOUR } from '../tour';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { auditKeys, fetchDayResults, useAuditTableUpdates, useTenantId } from '../../../lib/auditApi';
import { DEFAULT_HISTORY_DAYS } from '../../../components/results/constants';
import { DayPicker } from '../../../components/DayPicker';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { AuditPopupProvider, useAuditPopup } from '../../../components/results/popups/AuditPopupProvider';
import { useTicketingPopup } from '../components/ticketing/useTicketingPopup';
import {
  DataGrid,
  type ColumnSettings,
  type GridContextAction,
  type RowSelectionState,
  type SortingState,
} from '../../../components/grid';
import { activeFilterCount, auditQuery, toggleQuickStatus } from '../../../lib/audit';
import type { MarkKind } from '../../../lib/auditWindows';
import { usableDay, type IsoDay } from '../../../lib/days';
import { usePermissions } from '../../../lib/permissions';
import { queryClient } from '../../../lib/queries';
import { browserStorage } from '../../../lib/storage';
import { useRemainingHeight } from '../../../lib/useRemainingHeight';
import {
  useAuditBackups,
  useAuditUiSettings,
  useSaveAuditUiSettings,
  useStatusCounts,
  type AuditUiSettings,
} from '../api/audit';
import { fetchAuditRow, useDrawerBackup } from '../api/drawer';
import { AUDIT_PINNED_COLUMNS, auditRowSeverity } from '../auditGridView';
import { AuditFiltersPanel } from '../components/AuditFiltersPanel';
import { AuditRowMenu, type RowMenuState } from '../components/AuditRowMenu';
import { AuditToolbar } from '../components/AuditToolbar';
import { AuditExportButton } from '../components/AuditExportButton';
import { visibleAuditColumns } from '../exportColumns';
import { SORT_KEYS } from '../components/auditColumns';
import { useAuditGridColumns } from '../useAuditGridColumns';
import { BackupDrawer, DRAWER_HISTORY_DAYS } from '../components/BackupDrawer';
import { DrillDownBanner } from '../components/DrillDownBanner';
import { StatusSummary } from '../components/StatusSummary';
import { popupBackup } from '../popupBackup';
import { useAuditFilters } from '../useAuditFilters';

/** Session storage: the selected day (features §3.4, default yesterday). */
const DATE_KEY = 'vigil.audit.selectedDate';
/** Local storage: whether the filters panel is open (platform §9 audit filter expansion). */
const EXPANDED_KEY = 'vigil.audit.filtersExpanded';
const SAVED_FILTER_KEY = 'vigil.audit.savedFilter';
const PAGE_SIZES = [50, 100, 200, 500] as const;
const DEFAULT_PAGE_SIZE = 50;
const NO_COLUMNS: Partial<ColumnSettings> = {};
/**
 * The grid never gets smaller than its toolbar, header, six rows and footer. Above that it fits
 * the window, so at 1440×900 the page never grows a scrollbar (whose coming and going would
 * move the rows under the pointer).
 */
const MIN_GRID_HEIGHT = 360;
const severityOf = (r: AuditBackupRow) => auditRowSeverity(r.Status);

function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Session storage blocked: the date lives for this page only.
  }
}

function AuditScreen() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const f = useTenantFormats();
  const tenantId = useTenantId();
  const openPopup = useAuditPopup();
  const { open: openTickets, dialog: ticketsDialog } = useTicketingPopup();
  const canEdit = usePermissions(['audit.editAuditResults']);
  useAuditTableUpdates();

  const { chart, filters, setFilters, drillDown, options, storedPending } = useAuditFilters();

  // The day: from the chart, else this tab's session, else yesterday; never in the future.
  const [date, setDateState] = useState<IsoDay>(() => {
    const wanted = chart?.date ?? readSession(DATE_KEY);
    return usableDay(wanted, f.today, f.yesterday);
  });
  const setDate = useCallback((d: IsoDay) => {
    setDateState(d);
    writeSession(DATE_KEY, d);
  }, []);

  const ui = useAuditUiSettings();
  const saveUi = useSaveAuditUiSettings();
  const ready = !ui.isPending && !storedPending;

  const [expanded, setExpanded] = useState(() => {
    // A drill-down shows the filters it brought (on a wide screen), whatever the stored choice.
    if (chart) return !window.matchMedia?.('(max-width: 787px)').matches;
    const v = browserStorage()?.getItem(EXPANDED_KEY);
    // Until the user chooses, the filters start folded on phones and on windows under 1000 px
    // tall (the grid keeps the rows); the search and the filter count stay in view.
    if (v === null || v === undefined) return !window.matchMedia?.('(max-width: 787px), (max-height: 999px)').matches;
    return v === 'true';
  });
  const toggleExpanded = () =>
    setExpanded((x) => {
      browserStorage()?.setItem(EXPANDED_KEY, String(!x));
      return !x;
    });
  const [savedId, setSavedIdState] = useState(() => Number(browserStorage()?.getItem(SAVED_FILTER_KEY) ?? -1) || -1);
  const setSavedId = (id: number) => {
    setSavedIdState(id);
    browserStorage()?.setItem(SAVED_FILTER_KEY, String(id));
  };

  const settings: AuditUiSettings = ui.data ?? {};
  const pageSize = settings.PageSize ?? DEFAULT_PAGE_SIZE;
  const historyDays = settings.HistoryDays ?? DEFAULT_HISTORY_DAYS;
  const saveSettings = (patch: Partial<AuditUiSettings>) =>
    saveUi.mutate({ ...settings, ...patch }, { onError: (err) => snackbar.error(err) });

  const [sorting, setSorting] = useState<SortingState>([]);
  const sort = sorting[0];
  const orderBy = sort ? SORT_KEYS[sort.id] : undefined;
  const backups = useAuditBackups(
    { filters, date, historyDays, size: pageSize, orderBy, ascending: sort ? !sort.desc : undefined },
    ready,
  );
  const counts = useStatusCounts(filters, date, ready);
  const rows = useMemo(() => {
    const seen = new Map<number, AuditBackupRow>();
    for (const p of backups.data?.pages ?? [])
      for (const r of p.Results) if (!seen.has(r.PolicyId)) seen.set(r.PolicyId, r);
    return [...seen.values()];
  }, [backups.data]);
  const lastPage = backups.data?.pages.at(-1);

  // Selection belongs to one list: a new day, filter or order starts with none.
  const listKey = JSON.stringify([filters, date, orderBy, sort?.desc]);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [selectionKey, setSelectionKey] = useState(listKey);
  if (selectionKey !== listKey) {
    setSelectionKey(listKey);
    setSelection({});
  }
  const selectedRows = rows.filter((r) => selection[String(r.PolicyId)]);

  const [drawer, setDrawer] = useState<AuditBackupRow | null>(null);
  // The drawer reads its backup on its own, so a change shows there even when the row leaves the grid.
  const drawerFresh = useDrawerBackup(drawer, date, DRAWER_HISTORY_DAYS);
  const drawerRow = drawer
    ? (drawerFresh.data ?? rows.find((r) => r.PolicyId === drawer.PolicyId) ?? drawer)
    : undefined;
  const closeDrawer = useCallback(() => setDrawer(null), [setDrawer]);
  // A device the appliance protects: its backup opens in the drawer when it is in the audit.
  const openBackup = (id: number) =>
    void (async () => rows.find((r) => r.PolicyId === id) ?? fetchAuditRow(id, date, DRAWER_HISTORY_DAYS))()
      .then((r) => (r ? setDrawer(r) : snackbar.info('That backup is not active in the audit')))
      .catch((err: unknown) => snackbar.error(err));
  const [menu, setMenu] = useState<RowMenuState | null>(null);

  const openMark = useCallback(
    (kind: MarkKind, list: AuditBackupRow[]) =>
      openPopup({ kind, date, backups: list.map((r) => popupBackup(r, kind)) }),
    [openPopup, date],
  );
  const openAdd = useCallback(
    (row: AuditBackupRow) => openPopup({ kind: 'add', date, backups: [popupBackup(row)] }),
    [openPopup, date],
  );
  const viewResults = useCallback(
    async (row: AuditBackupRow) => {
      try {
        const results = await fetchDayResults(tenantId, row.PolicyId, date);
        if (!results.length) {
          snackbar.info(`No results for ${row.JobName} on ${f.day(date)}`);
          return;
        }
        openPopup({
          kind: 'view',
          date,
          backups: [popupBackup(row)],
          resultId: results[0].ResultID,
          resultIds: results.map((r) => r.ResultID),
        });
      } catch (err) {
        snackbar.error(err);
      }
    },
    [tenantId, date, openPopup, snackbar, f],
  );

  const onRowMenu = useCallback((anchor: HTMLElement, row: AuditBackupRow) => setMenu({ anchor, row }), []);
  const onTickets = useCallback((row: AuditBackupRow) => openTickets(popupBackup(row)), [openTickets]);
  const columns = useAuditGridColumns(f, { selectedDate: date, onSelectDate: setDate, onRowMenu, onTickets });

  const contextActions = useMemo<GridContextAction<AuditBackupRow>[]>(
    () => [
      { label: 'View results', onClick: (r) => void viewResults(r) },
      ...(canEdit
        ? [
            { label: 'Verify', onClick: (r: AuditBackupRow) => openMark('verify', [r]) },
            { label: 'Remediate', onClick: (r: AuditBackupRow) => openMark('remediate', [r]) },
            { label: 'Restore', onClick: (r: AuditBackupRow) => openMark('restore', [r]) },
            { label: 'Add result', onClick: (r: AuditBackupRow) => openAdd(r) },
          ]
        : []),
      { label: 'Tickets', onClick: (r) => openTickets(popupBackup(r)) },
      { label: 'Open details', onClick: (r) => setDrawer(r) },
    ],
    [viewResults, openMark, openAdd, canEdit, setDrawer, openTickets],
  );

  const filtered = activeFilterCount(filters) > 0;
  // One scroller on wide screens: the grid takes the rest of the window's height.
  const [gridRef, gridHeight] = useRemainingHeight(MIN_GRID_HEIGHT, !small);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: auditKeys.all(tenantId) });

  const toolbar = (
    <AuditToolbar
      selectedCount={selectedRows.length}
      canEdit={canEdit}
      onMark={(k) => openMark(k, selectedRows)}
      onClearSelection={() => setSelection({})}
      historyDays={historyDays}
      onHistoryDaysChange={(n) => saveSettings({ HistoryDays: n })}
      small={small}
      exportAction={
        <AuditExportButton
          query={auditQuery(filters, {
            date,
            historyDays: 1,
            page: 1,
            size: pageSize,
            orderBy,
            ascending: sort ? !sort.desc : undefined,
          })}
          columns={visibleAuditColumns(columns, ui.data?.Columns, AUDIT_PINNED_COLUMNS)}
        />
      }
    />
  );

  return (
    <>
      <GuidedTour id="audit" steps={AUDIT_TOUR} />
      <PageHeader
        title="Audit"
        actions={
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
            <DayPicker id="audit-date" value={date} today={f.today} onChange={setDate} dateFormat={f.dateFormat} />
            <Button
              variant="outlined"
              startIcon={<RefreshRoundedIcon />}
              onClick={refresh}
              loading={backups.isFetching && !backups.isFetchingNextPage && !backups.isPending}
              sx={{ mt: 0.125 }}
            >
              Refresh
            </Button>
          </Box>
        }
      />

      {drillDown && <DrillDownBanner drillDown={drillDown} />}

      <StatusSummary
        counts={counts.data?.counts}
        loading={counts.isPending}
        failed={counts.isError}
        partial={!!counts.data?.partial}
        active={filters.statuses}
        onToggle={(s) => setFilters(toggleQuickStatus(filters, s))}
      />

      <AuditFiltersPanel
        filters={filters}
        onChange={setFilters}
        options={options.data}
        optionsLoading={options.isPending}
        expanded={expanded}
        onToggleExpanded={toggleExpanded}
        savedId={savedId}
        onSavedIdChange={setSavedId}
      />

      {backups.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={backups.error} onRetry={() => void backups.refetch()} />
        </Box>
      )}

      <Box ref={gridRef}>
        <DataGrid
          id="audit-grid"
          label="Backups"
          columns={columns}
          data={rows}
          getRowId={(r) => String(r.PolicyId)}
          sorting={sorting}
          onSortingChange={(s) => setSorting(s.slice(-1))}
          enableRowSelection={canEdit}
          rowSelection={selection}
          onRowSelectionChange={setSelection}
          settings={ui.data?.Columns ?? NO_COLUMNS}
          onSettingsChange={(Columns) => saveSettings({ Columns })}
          contextActions={contextActions}
          onRowClick={(r) => setDrawer(r)}
          total={lastPage?.Total}
          hasMore={!!backups.hasNextPage}
          onLoadMore={() => void backups.fetchNextPage()}
          loadingMore={backups.isFetchingNextPage}
          pageSize={pageSize}
          onPageSizeChange={(n) =>
            saveSettings({ PageSize: (PAGE_SIZES as readonly number[]).includes(n) ? (n as 50) : 50 })
          }
          pagesLoaded={backups.data?.pages.length}
          loading={!ready || backups.isPending || (backups.isPlaceholderData && backups.isFetching)}
          emptyText={
            backups.isError
              ? 'The backups could not be loaded.'
              : filtered
                ? 'No backups match these filters'
                : 'No active backups yet. Activate backups to audit them here.'
          }
          toolbar={toolbar}
          height={small ? 'calc(100dvh - 140px)' : (gridHeight ?? MIN_GRID_HEIGHT)}
          pinnedColumns={AUDIT_PINNED_COLUMNS}
          getRowSeverity={severityOf}
          noun="backups"
        />
      </Box>

      <AuditRowMenu
        menu={menu}
        onClose={() => setMenu(null)}
        canEdit={canEdit}
        onViewResults={(r) => void viewResults(r)}
        onMark={(k, r) => openMark(k, [r])}
        onAddResult={openAdd}
        onTickets={(r) => openTickets(popupBackup(r))}
        onOpenDetails={(r) => setDrawer(r)}
      />

      {ticketsDialog}
      <BackupDrawer
        backupId={drawer?.PolicyId ?? null}
        row={drawerRow}
        date={date}
        onClose={closeDrawer}
        onSelectDate={setDate}
        canEdit={canEdit}
        actions={{
          mark: (k, r) => openMark(k, [r]),
          addResult: openAdd,
          viewResult: (r, id, ids) =>
            openPopup({ kind: 'view', date, backups: [popupBackup(r)], resultId: id, resultIds: ids }),
          openBackup,
        }}
      />
    </>
  );
}

/** `/app/audit`: every active backup's status on a day, its history, and the audit actions. */
export default function AuditPage() {
  return (
    <AuditPopupProvider>
      <AuditScreen />
    </AuditPopupProvider>
  );
}
