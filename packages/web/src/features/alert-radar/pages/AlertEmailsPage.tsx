import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { alertEmailColumns } from '../../../components/alerts/alertColumns';
import { DataGrid } from '../../../components/grid';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { useAlertEmails } from '../api/alertRadar';
import { AlertFilterBar } from '../components/AlertFilterBar';
import { MailboxCard } from '../components/MailboxCard';
import { alertListQuery, filtersFromSearch, type AlertFilters } from '../filters';

/** `/app/alerts-alpha`: the tenant's alert e-mails with their analysis (features §3.2, §4.2). */
export default function AlertEmailsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const fmt = useTenantFormats();
  const [search] = useSearchParams();
  const [filters, setFilters] = useState<AlertFilters>(() => filtersFromSearch(search, fmt.today));
  const [pageSize, setPageSize] = useState(50);
  const list = useAlertEmails(alertListQuery(filters, fmt.timeZone, pageSize));
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.Results) ?? [], [list.data]);
  const last = list.data?.pages[list.data.pages.length - 1];
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the tenant's zone and pattern decide the text
  const columns = useMemo(() => alertEmailColumns(fmt.dateTime), [fmt.timeZone, fmt.dateFormat]);

  return (
    <>
      <PageHeader
        eyebrow="Alert Radar"
        title="Alert e-mails"
        subtitle="Every alert e-mail sent to your alert mailbox, read by Vigil: how serious it is, how sure Vigil is, and the devices, jobs and values it found."
      />
      <MailboxCard />
      <AlertFilterBar value={filters} onChange={setFilters} today={fmt.today} />
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id="alert-emails-grid"
        label="Alert e-mails"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.Id)}
        manualSorting={false}
        onRowClick={(r) => void navigate(`/app/alerts-alpha/${r.Id}`)}
        total={last?.Total}
        hasMore={!!list.hasNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        loadingMore={list.isFetchingNextPage}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        pagesLoaded={list.data?.pages.length}
        loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
        noun="alert e-mails"
        emptyText="No alert e-mails in this window."
        toolbar={
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
            {last ? `${last.Total} alert e-mail${last.Total === 1 ? '' : 's'}` : ' '}
          </Typography>
        }
        height={small ? 'calc(100dvh - 200px)' : 'max(420px, calc(100vh - 420px))'}
      />
    </>
  );
}
