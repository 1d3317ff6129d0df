import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { DataGrid, GRID_DEFAULT_PAGE_SIZE, useLocalColumnSettings } from '../../../components/grid';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useIssues, type IssueState } from '../api/issues';
import { issueColumns } from '../components/issues/issueColumns';
import { IssuesToolbar, STATES } from '../components/issues/IssuesToolbar';
import { TicketDetailsDrawer } from '../components/TicketDetailsDrawer';

/** `/app/ticketing/issues`: every ticket Vigil opened, open ones first; a row opens its timeline. */
export default function IssuesPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const formats = useTenantFormats();
  const [params] = useSearchParams();
  const state = (STATES as string[]).includes(params.get('state') ?? '') ? (params.get('state') as IssueState) : 'Open';
  const search = params.get('search') ?? '';
  const [pageSize, setPageSize] = useState(GRID_DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useIssues({ State: state, Search: search, Size: pageSize });
  const columnSettings = useLocalColumnSettings('ticketing issues');
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.Results) ?? [], [list.data]);
  const last = list.data?.pages[list.data.pages.length - 1];
  const columns = useMemo(() => issueColumns(formats.dateTime), [formats.dateTime]);

  return (
    <>
      <PageHeader
        eyebrow="Tickets"
        title="Ticket Issues"
        subtitle={
          small ? undefined : 'The tickets rules opened: where they are, what the PSA said and what went wrong.'
        }
      />
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id="ticket-issues-grid"
        label="Ticket issues"
        columns={columns}
        data={rows}
        getRowId={(i) => String(i.Id)}
        {...columnSettings}
        manualSorting={false}
        onRowClick={(i) => setSelected(i.Id)}
        total={last?.Total}
        hasMore={!!list.hasNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        loadingMore={list.isFetchingNextPage}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        pagesLoaded={list.data?.pages.length}
        loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
        emptyText={search ? 'No ticket matches this search' : 'No Items'}
        toolbar={<IssuesToolbar state={state} search={search} total={last?.Total} />}
        height={small ? 'calc(100dvh - 240px)' : 'max(420px, calc(100vh - 300px))'}
      />
      <TicketDetailsDrawer ticketId={selected} onClose={() => setSelected(null)} />
    </>
  );
}
