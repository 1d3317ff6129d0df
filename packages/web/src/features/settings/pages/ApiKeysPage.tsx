import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import type { ApiKeyItem } from '@vigil/contract';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useApiKeys, useDeleteApiKey } from '../api/apiKeys';
import { CreateApiKeyDialog } from '../components/CreateApiKeyDialog';
import { apiKeyColumns } from '../components/apiKeys/apiKeyColumns';
import { ApiUsageHelp } from '../components/apiKeys/ApiUsageHelp';

/** `/app/settings/api`: the tenant's API keys for the public REST API; create (shown once) and delete. */
export default function ApiKeysPage() {
  const formats = useTenantFormats();
  const snackbar = useSnackbar();
  const keys = useApiKeys();
  const remove = useDeleteApiKey();
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const askDelete = (k: ApiKeyItem) =>
    setConfirm({
      title: 'Delete API key',
      subject: `${k.Name} (${k.Prefix}…)`,
      confirmLabel: 'Yes, Delete',
      action: async () => {
        await remove.mutateAsync(k.Id);
        snackbar.success('Successfully deleted');
      },
    });

  const columns = apiKeyColumns(formats, askDelete);

  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="API Keys"
        subtitle="Keys let your PSA, RMM or reporting tools read this tenant's backup data through the public REST API."
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<RefreshRoundedIcon />}
              onClick={() => void keys.refetch()}
              loading={keys.isFetching && !keys.isPending}
            >
              Refresh
            </Button>
            <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
              Create API key
            </Button>
          </>
        }
      />
      <ApiUsageHelp />
      {keys.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={keys.error} onRetry={() => void keys.refetch()} />
        </Box>
      )}
      <DataTable
        caption="API keys"
        columns={columns}
        rows={keys.data}
        rowKey={(k) => k.Id}
        loading={keys.isPending}
        emptyText={keys.isError ? 'The API keys could not be loaded.' : 'No Items'}
      />
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
