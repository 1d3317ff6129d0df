import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import {
  API_KEY_HEADER,
  API_KEY_USAGE_DAYS,
  PUBLIC_API_MAX_PAGE_SIZE,
  PUBLIC_API_RATE_LIMIT,
  type ApiKeyItem,
} from '@vigil/contract';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { srOnly } from '../../../components/srOnly';
import { relativeTime } from '../../../lib/format';
import { useApiKeys, useDeleteApiKey } from '../api/apiKeys';
import { CreateApiKeyDialog } from '../components/CreateApiKeyDialog';

const mono = { fontFamily: 'monospace', fontSize: 13 };
const count = (n: number) => n.toLocaleString('en-US');

/** Where the public API lives and how to call it: what a technician wiring up a tool needs. */
function UsageHelp() {
  const base = `${window.location.origin}/api/public/v1`;
  const example = `curl -H "${API_KEY_HEADER}: <your key>" "${base}/backups?Active=true&Page=1&Size=100"`;
  return (
    <Paper variant="outlined" component="section" aria-label="Using the API" sx={{ borderRadius: '14px', p: 2, mb: 2 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        Using the API
      </Typography>
      <Typography sx={{ fontSize: 14, color: 'text.secondary', mb: 1 }}>
        Read-only endpoints for backups, results, companies and daily history. Send the key in the{' '}
        <code>{API_KEY_HEADER}</code> header. Pages hold up to {count(PUBLIC_API_MAX_PAGE_SIZE)} rows; each key may make{' '}
        {PUBLIC_API_RATE_LIMIT} requests a minute. Every endpoint and field is described in the{' '}
        <Link href="/api/docs" target="_blank" rel="noopener">
          API reference
        </Link>
        .
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          pl: 1.5,
          pr: 0.5,
          py: 0.5,
        }}
      >
        <Typography component="code" sx={{ ...mono, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {example}
        </Typography>
        <CopyButton text={example} label="Copy example request" size="small" />
      </Box>
    </Paper>
  );
}

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

  const lastUsed = (k: ApiKeyItem) =>
    k.LastUsedAt ? (
      <Tooltip title={formats.dateTime(k.LastUsedAt)}>
        <span>{relativeTime(k.LastUsedAt)}</span>
      </Tooltip>
    ) : (
      <Typography component="span" sx={{ color: 'text.secondary', fontSize: 'inherit' }}>
        Never
      </Typography>
    );

  const columns: Column<ApiKeyItem>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (k) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500, fontSize: 14, overflowWrap: 'anywhere' }}>{k.Name}</Typography>
          {/* On a phone the hidden columns fold into the name. */}
          <Typography sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: 12.5 }}>
            <Box component="span" sx={mono}>
              {k.Prefix}…
            </Box>{' '}
            · used {k.LastUsedAt ? relativeTime(k.LastUsedAt) : 'never'}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'prefix',
      header: 'Key',
      hideBelow: 'sm',
      nowrap: true,
      render: (k) => (
        <Box component="span" sx={mono}>
          {k.Prefix}…
        </Box>
      ),
    },
    { key: 'created', header: 'Created', hideBelow: 'md', nowrap: true, render: (k) => formats.dateTime(k.CreatedAt) },
    { key: 'createdBy', header: 'Created by', hideBelow: 'lg', render: (k) => k.CreatedBy ?? '—' },
    { key: 'lastUsed', header: 'Last used', hideBelow: 'sm', nowrap: true, render: lastUsed },
    {
      key: 'requests',
      header: `Requests (${API_KEY_USAGE_DAYS} days)`,
      hideBelow: 'md',
      align: 'right',
      nowrap: true,
      render: (k) => (
        <Tooltip title={`${count(k.RecentRows)} rows returned`}>
          <span>{count(k.RecentRequests)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      header: (
        <Box component="span" sx={srOnly}>
          Actions
        </Box>
      ),
      align: 'right',
      width: 56,
      render: (k) => (
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete API key ${k.Name}`} onClick={() => askDelete(k)}>
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

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
      <UsageHelp />
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
