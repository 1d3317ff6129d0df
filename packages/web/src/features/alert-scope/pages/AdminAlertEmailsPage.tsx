import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AdminAlertEmailRow } from '@vigil/contract';
import { alertEmailColumns } from '../../../components/alerts/alertColumns';
import { DataGrid, gridColumnHelper, useLocalColumnSettings } from '../../../components/grid';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { DebouncedSearchField } from '../../../components/SearchField';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { useAdminAlertEmails } from '../api/alertScope';
import { ScopeTabs } from '../components/ScopeTabs';

const col = gridColumnHelper<AdminAlertEmailRow>();
const tenantColumn = col.accessor((r) => r.TenantName, {
  id: 'tenant',
  header: 'Tenant',
  size: 170,
  meta: { tile: 'field' },
  cell: (c) => (
    <Box component="span" sx={{ fontWeight: 600 }}>
      {c.getValue()}
    </Box>
  ),
});

/** `/alert-scope/alert-emails`: every tenant's alert e-mails for platform admins (platform §7 "Alert scope"). */
export default function AdminAlertEmailsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const fmt = useTenantFormats();
  const [search, setSearch] = useState('');
  const [orderBy, setOrderBy] = useState<'ReceivedAt' | 'Assessment'>('ReceivedAt');
  const [ascending, setAscending] = useState(false);
  const [pageSize, setPageSize] = useState(50);
  // Features §9: the admin alert e-mails table keeps its columns in this browser.
  const columnSettings = useLocalColumnSettings('admin-alert-emails');
  const list = useAdminAlertEmails({
    Size: pageSize,
    OrderBy: orderBy,
    OrderAscending: ascending,
    ...(search.trim() ? { SearchString: search.trim() } : {}),
  });
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.Results) ?? [], [list.data]);
  const last = list.data?.pages[list.data.pages.length - 1];
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the zone and pattern decide the text
  const columns = useMemo(() => alertEmailColumns(fmt.dateTime, [tenantColumn]), [fmt.timeZone, fmt.dateFormat]);

  return (
    <>
      <PageHeader
        eyebrow="Alert Scope"
        title="Alert e-mails"
        subtitle="Alert e-mails of every tenant with their latest analysis. Open one to correct its labels and assessment: corrections, feedback and flags are what the next model learns from."
      />
      <ScopeTabs />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <DebouncedSearchField id="alert-scope-search" label="Search" value={search} onCommit={setSearch} />
        <TextField
          id="alert-scope-order"
          select
          size="small"
          label="Order by"
          value={orderBy}
          onChange={(e) => setOrderBy(e.target.value as 'ReceivedAt' | 'Assessment')}
          sx={{ width: 180, flex: '0 0 180px' }}
        >
          <MenuItem value="ReceivedAt">Received</MenuItem>
          <MenuItem value="Assessment">Assessment</MenuItem>
        </TextField>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={ascending ? 'asc' : 'desc'}
          onChange={(_e, v: 'asc' | 'desc' | null) => v && setAscending(v === 'asc')}
          aria-label="Order"
        >
          <ToggleButton value="desc">Descending</ToggleButton>
          <ToggleButton value="asc">Ascending</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id="alert-scope-grid"
        label="Alert e-mails of every tenant"
        columns={columns}
        data={rows}
        getRowId={(r) => `${r.tenantId}:${r.emailUid}`}
        {...columnSettings}
        manualSorting
        sorting={[{ id: orderBy === 'ReceivedAt' ? 'received' : 'assessment', desc: !ascending }]}
        onSortingChange={(next) => {
          const s = next[0];
          if (!s || (s.id !== 'received' && s.id !== 'assessment')) return;
          setOrderBy(s.id === 'received' ? 'ReceivedAt' : 'Assessment');
          setAscending(!s.desc);
        }}
        onRowClick={(r) => void navigate(`/alert-scope/alert-emails/${r.tenantId}/${r.emailUid}`)}
        total={last?.Total}
        hasMore={!!list.hasNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        loadingMore={list.isFetchingNextPage}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        pagesLoaded={list.data?.pages.length}
        loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
        noun="alert e-mails"
        emptyText={search ? 'No alert e-mail matches the search' : 'No alert e-mails yet.'}
        toolbar={
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
            {last ? `${last.Total} alert e-mail${last.Total === 1 ? '' : 's'}` : ' '}
          </Typography>
        }
        height={small ? 'calc(100dvh - 240px)' : 'max(420px, calc(100vh - 380px))'}
      />
    </>
  );
}
