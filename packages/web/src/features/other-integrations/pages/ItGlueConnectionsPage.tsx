import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { ItGlueSourceRow } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { DeleteIconButton } from '../../../components/DeleteIconButton';
import { NotFound } from '../../../components/NotFound';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions } from '../../../lib/permissions';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { useDeleteItGlue, useItGlueConnections } from '../api/itglue';
import { ItGlueLogo } from '../components/ItGlueLogo';

/** `/app/integration/other/itglue`: the IT Glue connections, their mapping and last push. */
export default function ItGlueConnectionsPage() {
  if (useParams().type !== 'itglue') return <NotFound />;
  return <Connections />;
}

function Connections() {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const f = useTenantFormats();
  const canEdit = usePermissions(['integration.editintegrations']);
  const list = useItGlueConnections();
  const remove = useDeleteItGlue();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const edit = (r: ItGlueSourceRow) => void navigate(`/app/integration/other/itglue/${r.Id}`);

  const columns: Column<ItGlueSourceRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (r) => (
        <Typography component="span" sx={{ fontWeight: 600, fontSize: 14 }}>
          {r.Name}
        </Typography>
      ),
    },
    { key: 'region', header: 'Region', hideBelow: 'sm', render: (r) => r.Region.toUpperCase() },
    {
      key: 'mapped',
      header: 'Mapped',
      render: (r) => `${r.MappedCount} of ${r.OrganizationCount}`,
    },
    { key: 'last', header: 'Last push', nowrap: true, hideBelow: 'sm', render: (r) => f.dateTime(r.LastPushAt) || '-' },
    {
      key: 'error',
      header: 'Last error',
      hideBelow: 'md',
      render: (r) => (
        <Typography component="span" sx={{ fontSize: 13, color: r.LastPushError ? 'error.main' : 'text.secondary' }}>
          {r.LastPushError || '-'}
        </Typography>
      ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      nowrap: true,
      render: (r) => (
        <>
          <Tooltip title="Open">
            <IconButton size="small" aria-label={`Open ${r.Name}`} onClick={() => edit(r)}>
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {canEdit && (
            <DeleteIconButton
              label={`Delete ${r.Name}`}
              onClick={() =>
                setConfirm({
                  title: 'Delete IT Glue connection',
                  subject: r.Name,
                  action: async () => {
                    await remove.mutateAsync(r.Id);
                    snackbar.success('Connection deleted');
                  },
                })
              }
            />
          )}
        </>
      ),
    },
  ];

  return (
    <>
      <Button component={RouterLink} to="/app/integration/other" startIcon={<ArrowBackRoundedIcon />} sx={{ mb: 1 }}>
        Other
      </Button>
      <PageHeader
        eyebrow="Other"
        title={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
            <ItGlueLogo size={40} />
            IT Glue
          </Box>
        }
        subtitle="Each mapped company's backups, their last day and last good backup are pushed to IT Glue every hour."
        actions={
          canEdit && (
            <Button
              variant="contained"
              startIcon={<AddRoundedIcon />}
              component={RouterLink}
              to="/app/integration/other/itglue/create"
            >
              Add connection
            </Button>
          )
        }
      />
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          caption="IT Glue connections"
          columns={columns}
          rows={list.data}
          loading={list.isPending}
          rowKey={(r) => r.Id}
          emptyText="No connection yet. Add one with an IT Glue API key."
        />
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
