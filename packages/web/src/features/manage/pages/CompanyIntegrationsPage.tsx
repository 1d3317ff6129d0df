import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { BACKUP_SOURCES, NO_COMPANY_LABEL, type BackupSourceType, type ClientIntegrationRow } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { DayStatusChip } from '../../../components/results/StatusChip';
import { DataGrid, gridColumnHelper, useLocalColumnSettings, type GridColumnDef } from '../../../components/grid';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { useClientIntegrations } from '../api/clientIntegrations';

const col = gridColumnHelper<ClientIntegrationRow>();
const vendorTitle = (type: string) => BACKUP_SOURCES[type as BackupSourceType]?.Title ?? type;
const sourcePath = (r: ClientIntegrationRow) => `/app/integration/backup/${r.SourceType}/${r.SourceId}`;

function columns(dateTime: (v: string | null) => string): GridColumnDef<ClientIntegrationRow>[] {
  return [
    col.accessor((r) => r.CompanyName ?? '', {
      id: 'company',
      header: 'Company',
      size: 200,
      sortFn: 'text',
      meta: { tile: 'subtitle' },
      cell: (c) => c.getValue() || NO_COMPANY_LABEL,
    }),
    col.accessor('DeviceName', {
      id: 'device',
      header: 'Device',
      size: 200,
      enableHiding: false,
      sortFn: 'text',
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor('JobName', { id: 'job', meta: { tile: 'field' }, header: 'Job', size: 180, sortFn: 'text' }),
    col.accessor('Vendor', { id: 'vendor', meta: { tile: 'field' }, header: 'Vendor', size: 140, sortFn: 'text' }),
    col.accessor('SourceName', {
      id: 'source',
      meta: { tile: 'field' },
      header: 'Source',
      size: 220,
      sortFn: 'text',
      cell: (c) => (
        <Link component={RouterLink} to={sourcePath(c.row.original)} onClick={(e) => e.stopPropagation()}>
          {c.getValue()}
          <Typography component="span" sx={{ color: 'text.secondary', fontSize: 12.5, ml: 0.75 }}>
            {vendorTitle(c.row.original.SourceType)}
          </Typography>
        </Link>
      ),
    }),
    col.accessor('CurrentStatus', {
      id: 'status',
      meta: { tile: 'field' },
      header: 'Status',
      size: 140,
      sortFn: 'basic',
      cell: (c) => <DayStatusChip status={c.getValue()} />,
    }),
    col.accessor((r) => r.LastResultAt ?? '', {
      id: 'lastResult',
      meta: { tile: 'field' },
      header: 'Last result',
      size: 190,
      sortFn: 'text',
      cell: (c) => (c.getValue() ? dateTime(c.getValue()) : '—'),
    }),
    col.accessor('State', { id: 'state', header: 'State', size: 110, sortFn: 'text' }),
  ];
}

/**
 * `/app/manage/companies/backup-client/integrations`: the backups that come from API backup
 * sources — vendor, the source that found them and their last result (times in the tenant's zone).
 */
export default function CompanyIntegrationsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const companyId = Number(useSearchParams()[0].get('companyId')) || null;
  const list = useClientIntegrations(companyId);
  const f = useTenantFormats();
  const columnSettings = useLocalColumnSettings('manage-client-integrations');
  const cols = useMemo(() => columns((v) => f.dateTime(v)), [f]);
  const rows = list.data ?? [];
  return (
    <>
      <PageHeader
        title="Backups from integrations"
        subtitle="Backups your backup integrations found through the vendors' APIs, with the source and their last result."
      />
      {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
      <DataGrid
        id="manage-client-integrations"
        label="Backups from integrations"
        columns={cols}
        data={rows}
        getRowId={(r) => String(r.BackupId)}
        {...columnSettings}
        manualSorting={false}
        total={rows.length}
        loading={list.isPending}
        onRowClick={(r) => void navigate(sourcePath(r))}
        emptyText="No backups come from a backup integration yet"
        noun="backups"
        height={small ? 'calc(100dvh - 240px)' : 'max(480px, calc(100vh - 340px))'}
      />
    </>
  );
}
