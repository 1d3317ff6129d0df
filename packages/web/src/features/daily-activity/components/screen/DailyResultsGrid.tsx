// The results of the day: sorted, paged, the count in the toolbar, a load failure, and a row's day or result.
import Box from '@mui/material/Box';
import type { DailyActivityRow } from '@vigil/contract';
import { QueryError } from '../../../../components/QueryError';
import { DataGrid, useLocalColumnSettings, type GridColumnDef } from '../../../../components/grid';
import type { IsoDay } from '../../../../lib/days';
import type { TenantFormats } from '../../../../lib/tenantFormats';
import { DailyResultsCount } from './DailyResultsCount';
import { DEFAULT_SORT } from './dailySession';
import type { useDailyResults } from './useDailyResults';

export function DailyResultsGrid({
  f,
  date,
  results,
  columns,
  activeCount,
  canView,
  small,
  onDetail: setDetail,
  onOpenResult: openResult,
}: {
  f: TenantFormats;
  date: IsoDay;
  results: ReturnType<typeof useDailyResults>;
  columns: GridColumnDef<DailyActivityRow>[];
  activeCount: number;
  canView: boolean;
  small: boolean;
  onDetail: (r: DailyActivityRow) => void;
  onOpenResult: (r: DailyActivityRow) => void;
}) {
  const { list, rows, last, sorting, setSorting, pageSize, setPageSize } = results;
  const columnSettings = useLocalColumnSettings('daily-activity');
  return (
    <>
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
        toolbar={<DailyResultsCount f={f} date={date} total={last?.Total} />}
        height={small ? 'calc(100dvh - 140px)' : 'max(560px, calc(100vh - 280px))'}
      />
    </>
  );
}
