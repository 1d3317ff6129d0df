import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import type { UserTypeSuggestion } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SectionHeader } from '../../../components/SectionHeader';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions } from '../../../lib/permissions';
import { useMoveUsers, useTypeSuggestions, useUserTypes } from '../api/userAccess';
import { UserManagementTabs } from '../components/UserManagementTabs';
import { moveDone, moveQuestion, planMoves, usersLabel } from '../lib/userAccess';

const typeName = { standard: 'Staff', client: 'Client' } as const;

function CountCard({ label, count, note }: { label: string; count: number | undefined; note: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 160px', minWidth: 0 }} aria-label={label}>
      <Typography sx={{ fontSize: 13, color: 'text.secondary', fontWeight: 600 }}>{label}</Typography>
      <Typography sx={{ fontSize: 30, fontWeight: 700, lineHeight: 1.3 }} data-testid={`count-${label}`}>
        {count ?? <Skeleton width={48} />}
      </Typography>
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{note}</Typography>
    </Paper>
  );
}

function TypeChange({ s }: { s: UserTypeSuggestion }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'nowrap' }}>
      <Chip size="small" variant="outlined" label={typeName[s.CurrentType]} />
      <ArrowForwardRoundedIcon fontSize="small" aria-label="to" sx={{ color: 'text.secondary' }} />
      <Chip size="small" variant="outlined" color="primary" label={typeName[s.SuggestedType]} />
    </Box>
  );
}

/**
 * `/app/settings/user-management/user-types`: how many staff and client users there are, and the
 * users whose e-mail domain suggests they are in the wrong list; editors move them after a confirmation.
 */
export default function UserTypesPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const canEdit = usePermissions(['settings.editusers']);
  const types = useUserTypes();
  const suggestions = useTypeSuggestions();
  const move = useMoveUsers();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const rows = suggestions.data;
  // Only ids still suggested count: after a move the list refreshes and the moved users drop out.
  const plan = useMemo(() => planMoves(rows ?? [], selected), [rows, selected]);
  const count = plan.toStandard.length + plan.toClient.length;

  const toggle = (id: number, on: boolean) =>
    setSelected((cur) => {
      const next = new Set(cur);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const ask = () =>
    setConfirm({
      title: 'Move users',
      message: (
        <>
          {moveQuestion(plan)} Staff users see every company unless they are restricted; client users see only the
          companies they are assigned. Each user joins the default group of their new type.
        </>
      ),
      confirmLabel: `Move ${usersLabel(count)}`,
      action: async () => {
        if (plan.toStandard.length) await move.mutateAsync({ ids: plan.toStandard, type: 'standard' });
        if (plan.toClient.length) await move.mutateAsync({ ids: plan.toClient, type: 'client' });
        setSelected(new Set());
        snackbar.success(moveDone(plan));
      },
    });

  const allChecked = !!rows?.length && count === rows.length;
  const columns: Column<UserTypeSuggestion>[] = [
    ...(canEdit
      ? [
          {
            key: 'pick',
            width: 48,
            header: (
              <Checkbox
                size="small"
                checked={allChecked}
                indeterminate={count > 0 && !allChecked}
                disabled={!rows?.length}
                onChange={(e) => setSelected(new Set(e.target.checked ? (rows ?? []).map((s) => s.UserId) : []))}
                slotProps={{ input: { 'aria-label': 'Select every suggested user' } }}
              />
            ),
            render: (s: UserTypeSuggestion) => (
              <Checkbox
                size="small"
                checked={selected.has(s.UserId)}
                onChange={(e) => toggle(s.UserId, e.target.checked)}
                slotProps={{ input: { 'aria-label': `Select ${s.Email}` } }}
              />
            ),
          },
        ]
      : []),
    {
      key: 'user',
      header: 'User',
      render: (s) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontSize: 14, fontWeight: 600, overflowWrap: 'anywhere' }}>{s.Email}</Typography>
          {small && (
            <>
              <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>{s.Reason}</Typography>
              <Box sx={{ mt: 0.5 }}>
                <TypeChange s={s} />
              </Box>
            </>
          )}
        </Box>
      ),
    },
    { key: 'move', header: 'Suggested move', hideBelow: 'md', width: 200, render: (s) => <TypeChange s={s} /> },
    {
      key: 'reason',
      header: 'Why',
      hideBelow: 'md',
      render: (s) => <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{s.Reason}</Typography>,
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="User Management"
        subtitle={small ? undefined : 'Who can sign in, what they may do, and which companies they see.'}
      />
      <UserManagementTabs />
      {types.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={types.error} onRetry={() => void types.refetch()} />
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <CountCard
          label="Staff users"
          count={types.data?.Standard}
          note="Your own technicians and administrators. They see every company unless restricted."
        />
        <CountCard
          label="Client users"
          count={types.data?.Client}
          note="People at your clients. They see only the companies they are assigned."
        />
      </Box>
      <SectionHeader
        title="Suggestions"
        subtitle="Users whose e-mail domain does not match their list, compared with your own domains under Settings → Tenant."
        actions={
          canEdit && (
            <Button variant="contained" disabled={count === 0} onClick={ask}>
              {count ? `Move ${usersLabel(count)}` : 'Move selected'}
            </Button>
          )
        }
      />
      {suggestions.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={suggestions.error} onRetry={() => void suggestions.refetch()} />
        </Box>
      )}
      <DataTable
        caption="Suggested moves"
        columns={columns}
        rows={rows}
        rowKey={(s) => s.UserId}
        loading={suggestions.isPending}
        emptyText="Every user is in the list that matches their e-mail domain. Without your own domains under Settings → Tenant there is nothing to compare."
      />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
