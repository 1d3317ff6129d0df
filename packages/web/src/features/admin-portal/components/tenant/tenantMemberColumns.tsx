// The users and groups tables of the tenant drawer.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { GroupType, type AdminTenantGroup, type AdminTenantUser } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { relativeTime } from '../../../../lib/format';

export const userColumns: Column<AdminTenantUser>[] = [
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

export const groupColumns: Column<AdminTenantGroup>[] = [
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
