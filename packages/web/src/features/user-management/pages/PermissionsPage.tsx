import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { PermissionEntry } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions, useTogglePermission } from '../api/userManagement';
import { UserManagementTabs } from '../components/UserManagementTabs';

type Kind = 'standard' | 'client';
const AREA: Record<string, string> = {
  dashboard: 'Dashboards',
  audit: 'Audit',
  manage: 'Manage',
  dailyactivity: 'Daily Activity',
  ticket: 'Tickets',
  reporting: 'Reporting',
  integration: 'Integration',
  insight: 'Insights',
  settings: 'Settings',
  support: 'Support',
  featurerequest: 'Product ideas',
};

/** `/app/settings/user-management/permissions`: switch each permission of a group on or off. */
export default function PermissionsPage() {
  const snackbar = useSnackbar();
  const [kind, setKind] = useState<Kind>('standard');
  const [groupId, setGroupId] = useState<number | null>(null);
  const matrix = usePermissions(kind);
  const toggle = useTogglePermission();
  const groups = useMemo(() => matrix.data?.Groups ?? [], [matrix.data]);
  const group = groups.find((g) => g.Id === groupId) ?? groups.find((g) => g.Name !== 'Administrators') ?? groups[0];
  const granted = new Set((group?.Permissions ?? []).map((p) => p.toLowerCase()));
  const areas = useMemo(() => {
    const m = new Map<string, PermissionEntry[]>();
    for (const e of matrix.data?.Entries ?? []) m.set(e.Controller, [...(m.get(e.Controller) ?? []), e]);
    return [...m.entries()];
  }, [matrix.data]);

  const flip = async (key: string, on: boolean) => {
    if (!group) return;
    try {
      await toggle.mutateAsync({ GroupId: group.Id, Permission: key, Enabled: on });
      snackbar.success(on ? 'Permission granted' : 'Permission removed');
    } catch (err) {
      snackbar.error(err);
    }
  };

  return (
    <>
      <PageHeader eyebrow="Settings" title="User Management" />
      <UserManagementTabs />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={kind}
          onChange={(_, v: Kind | null) => {
            if (v) {
              setKind(v);
              setGroupId(null);
            }
          }}
          aria-label="Group type"
        >
          <ToggleButton value="standard">Staff groups</ToggleButton>
          <ToggleButton value="client">Client groups</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          id="permissions-group"
          select
          size="small"
          label="Group"
          value={group?.Id ?? ''}
          onChange={(e) => setGroupId(Number(e.target.value))}
          sx={{ width: 280, maxWidth: '100%' }}
        >
          {groups.map((g) => (
            <MenuItem key={g.Id} value={g.Id}>
              {g.Name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {matrix.isError && <QueryError error={matrix.error} onRetry={() => void matrix.refetch()} />}
      {kind === 'standard' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Users of the Administrator level hold every permission whatever their group. Changes apply to the group&apos;s
          users on their next action.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {areas.map(([controller, entries]) => (
          <Paper key={controller} variant="outlined" sx={{ borderRadius: '14px', p: 2 }} component="section">
            <Typography component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {AREA[controller] ?? controller}
            </Typography>
            {entries.map((e) => {
              const on = granted.has(e.Key.toLowerCase());
              return (
                <Box
                  key={e.Key}
                  sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 0.25 }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontSize: 14 }}>{e.Label}</Typography>
                    <Typography sx={{ fontSize: 12, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {e.Key}
                    </Typography>
                  </Box>
                  <Switch
                    checked={on}
                    disabled={!group || toggle.isPending}
                    onChange={(ev) => void flip(e.Key, ev.target.checked)}
                    slotProps={{ input: { 'aria-label': `${e.Label} (${group?.Name ?? ''})` } }}
                  />
                </Box>
              );
            })}
          </Paper>
        ))}
      </Box>
    </>
  );
}
