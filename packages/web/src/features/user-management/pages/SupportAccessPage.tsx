import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { HubUser } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { srOnly } from '../../../components/srOnly';
import { usePermissions } from '../../../lib/permissions';
import { useHubUsers, useSupportAccess } from '../api/userAccess';
import { GrantAccessDialog } from '../components/GrantAccessDialog';
import { UserManagementTabs } from '../components/UserManagementTabs';
import { accessState, canRevoke, grantedLine, ownGrants } from '../lib/userAccess';

function AccessCell({ row }: { row: HubUser }) {
  const s = accessState(row);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }}>
      <Chip
        size="small"
        variant="outlined"
        color={s.tone === 'none' ? 'default' : s.tone === 'ending' ? 'warning' : 'success'}
        label={s.text}
      />
      {s.detail && <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>{s.detail}</Typography>}
    </Box>
  );
}

/**
 * `/app/settings/user-management/support-access`: which platform support staff may sign in to this
 * account (as its administrator), until when and granted by whom; editors grant and revoke.
 */
export default function SupportAccessPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const canEdit = usePermissions(['settings.editusers']);
  const hub = useHubUsers();
  const access = useSupportAccess();
  const [granting, setGranting] = useState<HubUser | null>(null);
  const [opened, setOpened] = useState(0);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const rows = hub.data;
  const open = rows?.filter((h) => h.UserId !== null && h.HasAccess).length ?? 0;

  const revoke = (row: HubUser) => {
    const own = rows ? ownGrants(rows) : 0;
    setConfirm({
      title: row.UserId === null ? 'Revoke access for all platform staff' : `Revoke access for ${row.Name}`,
      message:
        row.UserId === null
          ? `No platform staff member will be able to enter your account${own ? `; this also ends the ${own === 1 ? 'grant' : `${own} grants`} made to individual staff members` : ''}.`
          : row.Email
            ? `${row.Name} (${row.Email}) will no longer be able to enter your account.`
            : `${row.Name} will no longer be able to enter your account.`,
      confirmLabel: 'Revoke',
      action: async () => {
        await access.mutateAsync({ action: 'revoke', userId: row.UserId });
        snackbar.success(
          row.UserId === null ? 'Support access revoked for everyone' : `Access revoked for ${row.Name}`,
        );
      },
    });
  };

  const columns: Column<HubUser>[] = [
    {
      key: 'who',
      header: 'Staff',
      render: (h) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{h.Name}</Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {h.Email ?? 'Everyone on the platform support team, now and later'}
          </Typography>
        </Box>
      ),
    },
    { key: 'access', header: 'Access', width: 240, render: (h) => <AccessCell row={h} /> },
    {
      key: 'granted',
      header: 'Granted',
      width: 320,
      render: (h) => (
        <Typography sx={{ fontSize: 13, color: h.HasAccess ? 'text.primary' : 'text.secondary' }}>
          {grantedLine(h) ?? '—'}
        </Typography>
      ),
    },
  ];
  const actions = (h: HubUser) => (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant={h.HasAccess ? 'text' : 'outlined'}
        onClick={() => {
          setOpened((n) => n + 1);
          setGranting(h);
        }}
        aria-label={`${h.HasAccess && h.AccessVia === 'own' ? 'Extend' : 'Grant'} access for ${h.Name}`}
      >
        {h.HasAccess && (h.AccessVia === 'own' || h.UserId === null) ? 'Extend' : 'Grant'}
      </Button>
      {canRevoke(h) && (
        <Button size="small" color="error" onClick={() => revoke(h)} aria-label={`Revoke access for ${h.Name}`}>
          Revoke
        </Button>
      )}
    </Box>
  );
  if (canEdit)
    columns.push({
      key: 'actions',
      header: (
        <Box component="span" sx={srOnly}>
          Actions
        </Box>
      ),
      align: 'right',
      width: 200,
      render: actions,
    });
  const summary = (
    <Typography sx={{ fontSize: 14 }} aria-live="polite" data-testid="support-access-summary">
      {!rows
        ? ' '
        : open === 0
          ? 'No support staff can enter your account.'
          : `${open} support staff member${open === 1 ? '' : 's'} can enter your account.`}
    </Typography>
  );

  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="User Management"
        subtitle={small ? undefined : 'Who can sign in, what they may do, and which companies they see.'}
      />
      <UserManagementTabs />
      <Alert severity="info" sx={{ mb: 2 }}>
        Our support staff can sign in to your account as one of your administrators only while you grant access. A grant
        ends by itself on the date you choose, and you can revoke it at any time. Platform super administrators can
        enter without a grant for urgent support.
      </Alert>
      {hub.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={hub.error} onRetry={() => void hub.refetch()} />
        </Box>
      )}
      {small ? (
        <Paper variant="outlined" sx={{ borderRadius: '14px' }} component="section" aria-label="Support access">
          <Box sx={{ px: 2, py: 1.5 }}>{summary}</Box>
          {hub.isPending && (
            <Box sx={{ px: 2, pb: 2 }}>
              <Skeleton />
              <Skeleton />
            </Box>
          )}
          {(rows ?? []).map((h) => (
            <Box
              key={h.UserId ?? 'all'}
              sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 0.75 }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{h.Name}</Typography>
                <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {h.Email ?? 'Everyone on the platform support team, now and later'}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <AccessCell row={h} />
                {canEdit && actions(h)}
              </Box>
              {grantedLine(h) && (
                <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>{grantedLine(h)}</Typography>
              )}
            </Box>
          ))}
        </Paper>
      ) : (
        <DataTable
          caption="Support access"
          columns={columns}
          rows={rows}
          rowKey={(h) => h.UserId ?? 'all'}
          loading={hub.isPending}
          toolbar={summary}
        />
      )}
      <GrantAccessDialog key={opened} row={granting} onClose={() => setGranting(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
