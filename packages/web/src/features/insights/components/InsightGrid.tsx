// The suggestions grid of an insight type: selectable rows, paging, the count, and a load failure.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Insight } from '@vigil/contract';
import { QueryError } from '../../../components/QueryError';
import { DataGrid, type GridColumnDef, type RowSelectionState } from '../../../components/grid';
import { plural } from '../../../lib/insightText';
import type { useInsightList } from '../api/insights';

export function InsightGrid({
  title,
  list,
  rows,
  columns,
  selection,
  setSelection,
  onRowClick,
  pageSize,
  setPageSize,
  search,
  selectedCount,
  small,
}: {
  title: string;
  list: ReturnType<typeof useInsightList>;
  rows: Insight[];
  columns: GridColumnDef<Insight>[];
  selection: RowSelectionState;
  setSelection: (next: RowSelectionState) => void;
  onRowClick?: (row: Insight) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
  search: string;
  selectedCount: number;
  small: boolean;
}) {
  const last = list.data?.pages[list.data.pages.length - 1];
  return (
    <>
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id="insight-grid"
        label={title}
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.Id)}
        enableRowSelection
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        onRowClick={onRowClick}
        total={last?.Total}
        hasMore={!!list.hasNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        loadingMore={list.isFetchingNextPage}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        pagesLoaded={list.data?.pages.length}
        loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
        emptyText={search ? 'No suggestions match the search' : `No ${title} suggestions: nothing to do here.`}
        toolbar={
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
            {last ? plural(last.Total, 'suggestion') : ' '}
            {selectedCount ? ` · ${selectedCount} selected` : ''}
          </Typography>
        }
        height={small ? 'calc(100dvh - 200px)' : 'max(420px, calc(100vh - 420px))'}
      />
    </>
  );
}
