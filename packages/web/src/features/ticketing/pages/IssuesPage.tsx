import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { TICKET_GROUP_LABELS, type TicketIssue } from '@vigil/contract';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { DayStatusChip } from '../../../components/results/StatusChip';
import {
  DataGrid,
  GRID_DEFAULT_PAGE_SIZE,
  gridColumnHelper,
  useLocalColumnSettings,
  type GridColumnDef,
} from '../../../components/grid';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { DebouncedSearchField } from '../../../components/SearchField';
import { useIssues, type IssueState } from '../api/issues';
import { kindChip, plural } from '../components/labels';
import { TicketDetailsDrawer } from '../components/TicketDetailsDrawer';

/** The search box shrinks on phones so the tile sort control keeps its place. */
const SEARCH_SX = { flex: '1 1 160px', minWidth: 0, maxWidth: 340, '& .MuiFormControl-root': { width: '100%' } };
const STATES: IssueState[] = ['Open', 'Closed', 'Failed', 'All'];
const col = gridColumnHelper<TicketIssue>();

function issueColumns(dateTime: (v: string) => string): GridColumnDef<TicketIssue>[] {
  return [
    col.accessor('Subject', {
      id: 'subject',
      header: 'Subject',
      size: 300,
      enableHiding: false,
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor((i) => `${TICKET_GROUP_LABELS[i.GroupBy]}: ${i.Group}`, {
      id: 'group',
      header: 'Group',
      size: 200,
      meta: { tile: 'subtitle' },
    }),
    col.accessor('State', {
      id: 'state',
      header: 'State',
      size: 100,
      meta: { tile: 'field' },
      cell: (c) => (
        <Chip
          size="small"
          label={c.getValue()}
          color={c.getValue() === 'Failed' ? 'error' : c.getValue() === 'Open' ? 'warning' : 'default'}
          variant={c.getValue() === 'Closed' ? 'outlined' : 'filled'}
        />
      ),
    }),
    col.accessor('Status', {
      id: 'status',
      header: 'Backup status',
      size: 130,
      meta: { tile: 'field' },
      cell: (c) => <DayStatusChip status={c.getValue()} />,
    }),
    col.accessor((i) => i.ExternalNumber ?? '', {
      id: 'external',
      header: 'Ticket',
      size: 120,
      meta: { tile: 'field' },
      cell: (c) => {
        const i = c.row.original;
        const k = kindChip(i.Kind);
        if (!i.ExternalNumber)
          return <Typography sx={{ fontSize: 'inherit', color: 'text.secondary' }}>{k.label}</Typography>;
        return i.ExternalUrl ? (
          <Link href={i.ExternalUrl} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
            #{i.ExternalNumber}
          </Link>
        ) : (
          `#${i.ExternalNumber}`
        );
      },
    }),
    col.accessor((i) => i.ProfileName ?? '', { id: 'profile', header: 'Profile', size: 150, meta: { tile: 'field' } }),
    col.accessor('OpenedAt', {
      id: 'opened',
      header: 'Opened',
      size: 160,
      meta: { tile: 'field' },
      cell: (c) => dateTime(c.getValue()),
    }),
    col.accessor('UpdatedAt', {
      id: 'updated',
      header: 'Updated',
      size: 160,
      meta: { tile: 'field' },
      cell: (c) => dateTime(c.getValue()),
    }),
    col.accessor((i) => i.LastError ?? '', {
      id: 'error',
      header: 'Last error',
      size: 240,
      meta: { tile: 'field' },
      cell: (c) => (
        <Box component="span" sx={{ color: 'error.main' }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
  ];
}

/** `/app/ticketing/issues`: every ticket Vigil opened, open ones first; a row opens its timeline. */
export default function IssuesPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const formats = useTenantFormats();
  const [params, setParams] = useSearchParams();
  const state = (STATES as string[]).includes(params.get('state') ?? '') ? (params.get('state') as IssueState) : 'Open';
  const search = params.get('search') ?? '';
  const [pageSize, setPageSize] = useState(GRID_DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useIssues({ State: state, Search: search, Size: pageSize });
  const columnSettings = useLocalColumnSettings('ticketing issues');
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.Results) ?? [], [list.data]);
  const last = list.data?.pages[list.data.pages.length - 1];
  const columns = useMemo(() => issueColumns(formats.dateTime), [formats.dateTime]);

  const setParam = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

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
        toolbar={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', flex: 1, minWidth: 0 }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={state}
              aria-label="Ticket state"
              onChange={(_, v: IssueState | null) => v && setParam('state', v === 'Open' ? '' : v)}
            >
              {STATES.map((s) => (
                <ToggleButton key={s} value={s} sx={{ px: 1.5 }}>
                  {s}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Box sx={SEARCH_SX}>
              <DebouncedSearchField
                id="issues-search"
                label="Search"
                value={search}
                onCommit={(v) => setParam('search', v)}
              />
            </Box>
            <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
              {last ? plural(last.Total, 'ticket') : ' '}
            </Typography>
          </Box>
        }
        height={small ? 'calc(100dvh - 240px)' : 'max(420px, calc(100vh - 300px))'}
      />
      <TicketDetailsDrawer ticketId={selected} onClose={() => setSelected(null)} />
    </>
  );
}
