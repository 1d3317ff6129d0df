import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { DebouncedSearchField } from '../../../components/SearchField';
import { DataGrid, useLocalColumnSettings } from '../../../components/grid';
import { plural } from '../../../lib/insightText';
import { useAdminInsights } from '../api/insights';
import { useAdminInsightColumns } from '../components/insights/useAdminInsightColumns';

/** `/admin/insights`: every tenant's insight counts, with a recompute per tenant (platform §3 insight rows). */
export default function AdminInsightsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(50);
  // Features §9: "admin insights" keeps its columns in this browser.
  const columnSettings = useLocalColumnSettings('admin-insights');
  const list = useAdminInsights({ Size: pageSize, ...(search.trim() ? { Search: search.trim() } : {}) });
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.Results) ?? [], [list.data]);
  const last = list.data?.pages[list.data.pages.length - 1];

  const columns = useAdminInsightColumns();

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
