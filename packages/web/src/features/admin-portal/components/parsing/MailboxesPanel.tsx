import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { ConfirmDialog, type ConfirmRequest } from '../../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../../components/DataTable';
import { QueryError } from '../../../../components/QueryError';
import { SearchField } from '../../../../components/SearchField';
import { SectionHeader } from '../../../../components/SectionHeader';
import { srOnly } from '../../../../components/srOnly';
import { useSnackbar } from '../../../../components/snackbar';
import { ToneChip } from '../../../../components/email/chips';
import { useDateFormatter } from '../../../../components/email/dates';
import { relativeTime } from '../../../../lib/format';
import { useTenants } from '../../api/admin';
import { useAdminMailboxes, useDeleteMailbox, useToggleMailbox, type AdminMailbox } from '../../api/parsing';
import { AddMailboxDialog } from './AddMailboxDialog';

/** Every tenant's IMAP mailboxes (admin): connect, enable or disable, delete. */
export function MailboxesPanel({ canManage }: { canManage: boolean }) {
  const mailboxes = useAdminMailboxes();
  const tenants = useTenants();
  const toggle = useToggleMailbox();
  const remove = useDeleteMailbox();
  const snackbar = useSnackbar();
  const fmt = useDateFormatter();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q || !mailboxes.data) return mailboxes.data;
    return mailboxes.data.filter((m) =>
      [m.Email, m.Host, m.TenantName, m.UserName].some((v) => v.toLowerCase().includes(q)),
    );
  }, [mailboxes.data, search]);

  const hint = canManage ? '' : 'Needs the Super or Success admin role';
  const guarded = (node: React.ReactElement) =>
    hint ? (
      <Tooltip title={hint} describeChild>
        <span>{node}</span>
      </Tooltip>
    ) : (
      node
    );

  const flip = async (m: AdminMailbox) => {
    try {
      const row = await toggle.mutateAsync(m.Id);
      snackbar.success(`${row.Email} is ${row.IsEnabled ? 'enabled' : 'disabled'}`);
    } catch (err) {
      snackbar.error(err);
    }
  };

  const columns: Column<AdminMailbox>[] = [
    {
      key: 'mailbox',
      header: 'Mailbox',
      render: (m) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, fontSize: 14.5, overflowWrap: 'anywhere' }}>{m.Email}</Typography>
          <Typography
            component="code"
            sx={{ display: 'block', fontSize: 12.5, color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {m.Host}:{m.Port} · {m.Folder}
          </Typography>
          <Typography sx={{ fontSize: 13, display: { xs: 'block', md: 'none' } }}>{m.TenantName}</Typography>
        </Box>
      ),
    },
    { key: 'tenant', header: 'Tenant', hideBelow: 'md', render: (m) => m.TenantName },
    {
      key: 'poll',
      header: 'Last poll',
      hideBelow: 'sm',
      render: (m) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontSize: 14 }} title={m.LastPolledAt ? fmt(m.LastPolledAt) : undefined}>
            {m.LastPolledAt ? relativeTime(m.LastPolledAt) : 'Not polled yet'}
          </Typography>
          {m.LastError && (
            <Typography sx={{ fontSize: 13, color: 'error.main', overflowWrap: 'anywhere' }}>{m.LastError}</Typography>
          )}
          {!m.Secure && (
            <Box sx={{ mt: 0.5 }}>
              <ToneChip label="No TLS" tone="warning" />
            </Box>
          )}
        </Box>
      ),
    },
    {
      key: 'fetched',
      header: 'Fetched',
      align: 'right',
      hideBelow: 'lg',
      render: (m) => m.EmailsFetched.toLocaleString(),
    },
    {
      key: 'enabled',
      header: 'Enabled',
      nowrap: true,
      render: (m) =>
        guarded(
          <Switch
            checked={m.IsEnabled}
            disabled={!canManage}
            onChange={() => void flip(m)}
            slotProps={{ input: { 'aria-label': `Enable ${m.Email}` } }}
          />,
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
      render: (m) =>
        guarded(
          <IconButton
            size="small"
            aria-label={`Delete ${m.Email}`}
            disabled={!canManage}
            onClick={() =>
              setConfirm({
                title: 'Delete mailbox',
                subject: `${m.Email} (${m.TenantName})`,
                action: async () => {
                  await remove.mutateAsync(m.Id);
                  snackbar.success(`${m.Email} was deleted`);
                },
              })
            }
          >
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>,
        ),
    },
  ];

  return (
    <>
      <SectionHeader
        title="IMAP mailboxes"
        subtitle="Mailboxes of tenants that Vigil collects backup reports from."
        actions={guarded(
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            disabled={!canManage}
            onClick={() => setAdding(true)}
          >
            Connect mailbox
          </Button>,
        )}
      />
      {mailboxes.isError ? (
        <QueryError error={mailboxes.error} onRetry={() => void mailboxes.refetch()} />
      ) : (
        <DataTable
          caption="IMAP mailboxes"
          columns={columns}
          rows={rows}
          rowKey={(m) => m.Id}
          loading={mailboxes.isPending}
          emptyText={search ? 'No mailbox matches your search.' : 'No tenant has an IMAP mailbox yet.'}
          toolbar={<SearchField id="mailboxes-search" label="Search mailboxes" value={search} onChange={setSearch} />}
        />
      )}
      <AddMailboxDialog open={adding} tenants={tenants.data} onClose={() => setAdding(false)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
