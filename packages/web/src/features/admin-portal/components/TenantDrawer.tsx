import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import PersonAddAltRoundedIcon from '@mui/icons-material/PersonAddAltRounded';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import {
  GroupType,
  hasPrivilege,
  Privilege,
  type AdminTenantGroup,
  type AdminTenantUser,
  type TenantRow,
} from '@vigil/contract';
import { useWindowManager } from '../../../components/WindowManagerProvider';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { formatDate, relativeTime } from '../../../lib/format';
import { useAuth } from '../../../lib/queries';
import { useTenantPlanUpdates } from '../api/plan';
import { billingWindowFor, openBillingWindow } from '../billingWindow';
import { useTenantGroups, useTenantOverview, useTenantUsers } from '../api/tenants';
import { AddTenantUserDialog } from './AddTenantUserDialog';
import { TenantNotes } from './TenantNotes';
import { TenantEnableButton } from './TenantEnableButton';

const when = (v: string | null) => (v ? formatDate(v, 'MM/DD/yyyy') : '—');
const statusColor: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  active: 'success',
  trialing: 'info',
  paused: 'warning',
  past_due: 'error',
  canceled: 'default',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 600, fontSize: 14.5 }}>
        {children}
      </Typography>
    </Box>
  );
}

const userColumns: Column<AdminTenantUser>[] = [
  {
    key: 'user',
    header: 'User',
    render: (u) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, fontSize: 14, overflowWrap: 'anywhere' }}>{u.Email}</Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: 12.5 }}>
          {[`${u.FirstName} ${u.LastName}`.trim(), u.GroupName].filter(Boolean).join(' · ') || '—'}
        </Typography>
      </Box>
    ),
  },
  { key: 'level', header: 'Level', render: (u) => u.LevelName },
  {
    key: 'state',
    header: 'State',
    hideBelow: 'sm',
    render: (u) => (
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {!u.IsEnabled && <Chip size="small" label="Disabled" variant="outlined" />}
        {!u.HasPassword && <Chip size="small" label="Invited" color="info" variant="outlined" />}
        {u.MfaEnabled && <Chip size="small" label="MFA" color="success" variant="outlined" />}
        {!u.MfaEnabled && u.MfaSetupRequired && (
          <Chip size="small" label="MFA set-up pending" color="warning" variant="outlined" />
        )}
        {u.IsEnabled && u.HasPassword && !u.MfaEnabled && <Chip size="small" label="Active" variant="outlined" />}
      </Box>
    ),
  },
  {
    key: 'login',
    header: 'Last sign-in',
    hideBelow: 'md',
    nowrap: true,
    render: (u) => (u.LastLoginAt ? relativeTime(u.LastLoginAt) : 'Never'),
  },
];

const groupColumns: Column<AdminTenantGroup>[] = [
  {
    key: 'name',
    header: 'Group',
    render: (g) => (
      <Box>
        <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{g.Name}</Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: 12.5 }}>{g.Description || '—'}</Typography>
      </Box>
    ),
  },
  { key: 'type', header: 'Type', render: (g) => (g.Type === GroupType.Client ? 'Client' : 'Standard') },
  { key: 'users', header: 'Users', align: 'right', render: (g) => g.UsersCount },
  { key: 'permissions', header: 'Permissions', align: 'right', hideBelow: 'sm', render: (g) => g.PermissionsCount },
];

/** A tenant's account, users and groups, opened from Admin Portal → Tenants. */
export function TenantDrawer({
  tenant,
  onClose,
  canAddUsers,
  canEditNotes,
  onImpersonate,
  impersonateDisabled,
}: {
  tenant: TenantRow | null;
  onClose: () => void;
  canAddUsers: boolean;
  canEditNotes: boolean;
  onImpersonate: (t: TenantRow) => void;
  impersonateDisabled: boolean;
}) {
  const id = tenant?.Id ?? null;
  const overview = useTenantOverview(id);
  const users = useTenantUsers(id);
  const groups = useTenantGroups(id);
  const [tab, setTab] = useState<'users' | 'groups'>('users');
  const [adding, setAdding] = useState(false);
  const o = overview.data;
  const sub = o?.Subscription;
  // The subscription levers (api/admin/plan…) are for billing administrators and super admins.
  const canManagePlan = hasPrivilege(useAuth()?.privileges ?? 0, Privilege.billingAdminOrHigher);
  const windows = useWindowManager();
  const navigate = useNavigate();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  useTenantPlanUpdates();

  const managePlan = (t: TenantRow) => {
    const path = billingWindowFor(t);
    // Phones open the window's screen in this tab; Back returns here.
    if (small) void navigate(path);
    else openBillingWindow(windows, t, path);
  };

  return (
    <Drawer
      anchor="right"
      open={!!tenant}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', md: 720 }, p: { xs: 2, sm: 3 } },
          role: 'dialog',
          'aria-label': tenant ? `Tenant ${tenant.Name}` : undefined,
        },
      }}
    >
      {tenant && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 2 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="overline" sx={{ color: 'primary.main' }}>
                Tenant
              </Typography>
              <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {tenant.Name}
              </Typography>
              <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>
                {tenant.Slug} · created {when(tenant.CreatedAt)}
              </Typography>
            </Box>
            <IconButton aria-label="Close tenant details" onClick={onClose}>
              <CloseRoundedIcon />
            </IconButton>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2.5 }}>
            <Button
              variant="outlined"
              size="small"
              startIcon={<LoginRoundedIcon />}
              disabled={impersonateDisabled || !(o?.IsEnabled ?? tenant.IsEnabled)}
              onClick={() => onImpersonate(tenant)}
            >
              Impersonate
            </Button>
            {canManagePlan && (
              <Button
                variant="outlined"
                size="small"
                startIcon={<ReceiptLongOutlinedIcon />}
                onClick={() => managePlan(tenant)}
              >
                Manage plan
              </Button>
            )}
            <TenantEnableButton tenantId={tenant.Id} name={tenant.Name} />
            {canAddUsers && (
              <Button
                variant="contained"
                size="small"
                startIcon={<PersonAddAltRoundedIcon />}
                onClick={() => setAdding(true)}
              >
                Add user
              </Button>
            )}
          </Box>

          {overview.isError ? (
            <QueryError error={overview.error} onRetry={() => void overview.refetch()} />
          ) : (
            <Box
              component="section"
              aria-label="Account"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
                gap: 2,
                p: 2,
                border: 1,
                borderColor: 'divider',
                borderRadius: '14px',
              }}
            >
              {!o ? (
                Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={44} />)
              ) : (
                <>
                  <Fact label="Plan">{sub?.PlanName ?? 'No plan'}</Fact>
                  <Fact label="Subscription">
                    {sub ? (
                      <Chip
                        size="small"
                        label={sub.Status.replace('_', ' ')}
                        color={statusColor[sub.Status] ?? 'default'}
                      />
                    ) : (
                      'None'
                    )}
                  </Fact>
                  <Fact label={sub?.Status === 'trialing' ? 'Trial ends' : 'Period ends'}>
                    {when(sub?.Status === 'trialing' ? (sub?.TrialEndsAt ?? null) : (sub?.CurrentPeriodEnd ?? null))}
                  </Fact>
                  <Fact label="Active backups">{o.ActiveBackups.toLocaleString('en-US')}</Fact>
                  <Fact label="E-mails, 30 days">{o.EmailsLast30Days.toLocaleString('en-US')}</Fact>
                  <Fact label="Last e-mail">{o.LastEmailAt ? relativeTime(o.LastEmailAt) : 'Never'}</Fact>
                </>
              )}
            </Box>
          )}
          {o?.DeleteRequestedAt && (
            <Typography sx={{ color: 'error.main', mt: 1.5, fontSize: 14 }}>
              Deletion requested on {when(o.DeleteRequestedAt)}.
            </Typography>
          )}
          {o && <TenantNotes tenantId={o.Id} notes={sub?.Notes ?? ''} canEdit={canEditNotes} />}
          <Divider sx={{ my: 2 }} />
          <Tabs value={tab} onChange={(_, v: 'users' | 'groups') => setTab(v)} sx={{ mb: 1.5 }}>
            <Tab value="users" label={`Users${users.data ? ` (${users.data.length})` : ''}`} />
            <Tab value="groups" label={`Groups${groups.data ? ` (${groups.data.length})` : ''}`} />
          </Tabs>
          {tab === 'users' &&
            (users.isError ? (
              <QueryError error={users.error} onRetry={() => void users.refetch()} />
            ) : (
              <DataTable
                caption={`Users of ${tenant.Name}`}
                columns={userColumns}
                rows={users.data}
                rowKey={(u) => u.Id}
                loading={users.isPending}
                emptyText="This tenant has no users."
              />
            ))}
          {tab === 'groups' &&
            (groups.isError ? (
              <QueryError error={groups.error} onRetry={() => void groups.refetch()} />
            ) : (
              <DataTable
                caption={`Groups of ${tenant.Name}`}
                columns={groupColumns}
                rows={groups.data}
                rowKey={(g) => g.Id}
                loading={groups.isPending}
                emptyText="This tenant has no groups."
              />
            ))}
          <AddTenantUserDialog
            tenant={tenant}
            groups={groups.data ?? []}
            open={adding}
            onClose={() => setAdding(false)}
          />
        </>
      )}
    </Drawer>
  );
}
