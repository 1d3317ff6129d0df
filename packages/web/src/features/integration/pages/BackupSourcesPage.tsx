import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { BACKUP_SOURCES, BackupSourceType, type BackupSourceRow } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { DeleteIconButton } from '../../../components/DeleteIconButton';
import { NotFound } from '../../../components/NotFound';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions } from '../../../lib/permissions';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { useBackupSources, useDeleteBackupSource, useSyncBackupSource } from '../api/backupSources';
import { healthColor } from '../backupSourceForm';
import { SourceSyncCell } from '../components/backup-sources/SourceSyncCell';
import { VendorLogo } from '../components/backup-sources/VendorLogo';

/** `/app/integration/backup/{type}`: the vendor's sources, their health and last sync, and their actions. */
export default function BackupSourcesPage() {
  const parsed = BackupSourceType.safeParse(useParams().type);
  if (!parsed.success) return <NotFound />;
  return <SourcesTable type={parsed.data} />;
}

function SourcesTable({ type }: { type: BackupSourceType }) {
  const d = BACKUP_SOURCES[type];
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const f = useTenantFormats();
  const canEdit = usePermissions(['integration.editintegrations']);
  const sources = useBackupSources(type);
  const remove = useDeleteBackupSource(type);
  const sync = useSyncBackupSource(type);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const runSync = (row: BackupSourceRow, cancel = false) =>
    sync.mutate({ id: row.Id, cancel }, { onError: (err) => snackbar.error(err) });
  const edit = (row: BackupSourceRow) => void navigate(`/app/integration/backup/${type}/${row.Id}`);

  const columns: Column<BackupSourceRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (r) => (
        <Typography component="span" sx={{ fontWeight: 600, fontSize: 14, overflowWrap: 'anywhere' }}>
          {r.Name}
        </Typography>
      ),
    },
    {
      key: 'health',
      header: 'Health',
      render: (r) => <Chip size="small" color={healthColor(r.Health)} label={r.Health} />,
    },
    { key: 'last', header: 'Last sync', nowrap: true, hideBelow: 'sm', render: (r) => f.dateTime(r.LastSyncAt) || '-' },
    {
      key: 'error',
      header: 'Last error',
      hideBelow: 'md',
      render: (r) => (
        <Typography component="span" sx={{ fontSize: 13, color: r.LastError ? 'error.main' : 'text.secondary' }}>
          {r.LastError || '-'}
        </Typography>
      ),
    },
    { key: 'backups', header: 'Backups', align: 'right', hideBelow: 'sm', render: (r) => r.BackupCount },
    { key: 'enabled', header: 'Enabled', hideBelow: 'md', render: (r) => (r.Enabled ? 'Yes' : 'No') },
    {
      key: 'sync',
      header: 'Sync',
      render: (r) => (
        <SourceSyncCell
          row={r}
          canEdit={canEdit}
          busy={sync.isPending && sync.variables?.id === r.Id}
          onSync={() => runSync(r)}
          onCancel={() => runSync(r, true)}
        />
      ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      nowrap: true,
      render: (r) =>
        canEdit && (
          <>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit ${r.Name}`} onClick={() => edit(r)}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <DeleteIconButton
              label={`Delete ${r.Name}`}
              onClick={() =>
                setConfirm({
                  title: 'Delete source',
                  subject: r.Name,
                  action: async () => {
                    await remove.mutateAsync(r.Id);
                    snackbar.success('Source deleted');
                  },
                })
              }
            />
          </>
        ),
    },
  ];

  return (
    <>
      <Button component={RouterLink} to="/app/integration/backup" startIcon={<ArrowBackRoundedIcon />} sx={{ mb: 1 }}>
        Backup Integrations
      </Button>
      <PageHeader
        eyebrow="Backup Integrations"
        title={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
            <VendorLogo src={d.Logo} title={d.Title} size={40} />
            {d.Title}
          </Box>
        }
        subtitle={`${d.ProfileType}. Each source is read every few minutes; what it reports arrives as inactive backups in Manage.`}
        actions={
          canEdit && (
            <Button
              variant="contained"
              startIcon={<AddRoundedIcon />}
              component={RouterLink}
              to={`/app/integration/backup/${type}/create`}
            >
              Add source
            </Button>
          )
        }
      />
      {sources.isError ? (
        <QueryError error={sources.error} onRetry={() => void sources.refetch()} />
      ) : (
        <DataTable
          caption={`${d.Title} sources`}
          columns={columns}
          rows={sources.data}
          loading={sources.isPending}
          rowKey={(r) => r.Id}
          emptyText="No sources yet. Add one with its API credentials."
        />
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
