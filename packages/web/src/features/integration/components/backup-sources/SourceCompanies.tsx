// The vendor's customers of a source and the company each maps to; unmapped ones link to client-ID mapping.
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { BackupSourceCompany } from '@vigil/contract';
import { DataTable, type Column } from '../../../../components/DataTable';
import { QueryError } from '../../../../components/QueryError';
import { useBackupSourceCompanies } from '../../api/backupSources';

/** The client-ID mapping screen of Manage → Companies. */
const CLIENT_MAPPING_PATH = '/app/manage/companies/backup-client';

export function SourceCompanies({ type, id }: { type: string; id: number }) {
  const companies = useBackupSourceCompanies(type, id);
  const columns: Column<BackupSourceCompany>[] = [
    { key: 'customer', header: 'Customer', render: (c) => c.ExternalName || c.ExternalId },
    {
      key: 'company',
      header: 'Company',
      render: (c) =>
        c.CompanyName ?? (
          <Button size="small" component={RouterLink} to={CLIENT_MAPPING_PATH}>
            Map client ID
          </Button>
        ),
    },
    {
      key: 'mapped',
      header: 'Status',
      hideBelow: 'sm',
      render: (c) =>
        c.CompanyId ? (
          <Chip size="small" color="success" variant="outlined" label="Mapped" />
        ) : (
          <Chip size="small" variant="outlined" label="Unmapped" />
        ),
    },
    { key: 'backups', header: 'Backups', align: 'right', render: (c) => c.BackupCount },
  ];
  if (companies.isError) return <QueryError error={companies.error} onRetry={() => void companies.refetch()} />;
  return (
    <DataTable
      caption="Customers of this source"
      columns={columns}
      rows={companies.data}
      loading={companies.isPending}
      rowKey={(c) => c.ExternalId}
      emptyText="No customers yet: they appear after the first sync."
    />
  );
}
