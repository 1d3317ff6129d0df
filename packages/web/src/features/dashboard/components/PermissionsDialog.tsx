import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import type { Dashboard, DashboardPermission } from '@vigil/contract';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useDashboardPermissions, useSavePermissions, useSetAccess } from '../api/dashboards';
import { shownPermissions } from '../lib/tiles';

export const LEVEL_LABEL: Record<number, string> = { [-1]: 'No access', 0: 'Viewer', 1: 'Editor', 2: 'Admin' };
const LEVELS = [2, 1, 0] as const;

/**
 * Who may open a dashboard (features §3.1, §4.1): access Public or Private, and per-user levels.
 * The list leaves out users without access, highest level first; a user is added with a level.
 */
export function PermissionsDialog({ dashboard, onClose }: { dashboard: Dashboard; onClose: () => void }) {
  const snackbar = useSnackbar();
  const perms = useDashboardPermissions(dashboard.id, true);
  const save = useSavePermissions();
  const setAccess = useSetAccess();
  const [adding, setAdding] = useState<DashboardPermission | null>(null);
  const [level, setLevel] = useState<0 | 1 | 2>(0);

  const all = perms.data?.userPermissions ?? [];
  const shown = shownPermissions(all);
  const candidates = all.filter((p) => p.accessType < 0);
  const access = perms.data?.dashboardAccessType ?? dashboard.dashboardAccessType;

  const change = (userId: number, accessType: number) =>
    save.mutate(
      { id: dashboard.id, userPermissions: [{ userId, accessType }] },
      { onSuccess: () => void perms.refetch(), onError: (err) => snackbar.error(err) },
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Permissions · {dashboard.name}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Access
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={access}
            aria-label="Access"
            disabled={setAccess.isPending}
            onChange={(_e, v: 0 | 1 | null) =>
              v !== null &&
              setAccess.mutate(
                { id: dashboard.id, type: v },
                { onSuccess: () => void perms.refetch(), onError: (err) => snackbar.error(err) },
              )
            }
          >
            <ToggleButton value={0}>Public</ToggleButton>
            <ToggleButton value={1}>Private</ToggleButton>
          </ToggleButtonGroup>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {access === 0
              ? 'Everyone in your organisation can view it; staff who edit dashboards can change it.'
              : 'Only the people listed below can open it.'}
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 130px auto' }, gap: 1 }}>
          <Autocomplete
            size="small"
            options={candidates}
            value={adding}
            onChange={(_e, v) => setAdding(v)}
            getOptionLabel={(o) => (o.userName ? `${o.userName} (${o.userEmail})` : o.userEmail)}
            isOptionEqualToValue={(a, b) => a.userId === b.userId}
            renderInput={(params) => <TextField {...params} label="Add a user" />}
            noOptionsText="Everyone already has access"
          />
          <TextField
            select
            size="small"
            label="Level"
            value={level}
            onChange={(e) => setLevel(Number(e.target.value) as 0 | 1 | 2)}
          >
            {LEVELS.map((l) => (
              <MenuItem key={l} value={l}>
                {LEVEL_LABEL[l]}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={!adding || save.isPending}
            onClick={() => {
              if (!adding) return;
              change(adding.userId, level);
              setAdding(null);
            }}
          >
            Add
          </Button>
        </Box>
        {perms.error ? (
          <QueryError error={perms.error} onRetry={() => void perms.refetch()} />
        ) : perms.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : shown.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No one has been given access yet.
          </Typography>
        ) : (
          <List dense aria-label="Users with access" sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
            {shown.map((p) => (
              <ListItem
                key={p.userId}
                secondaryAction={
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <TextField
                      select
                      size="small"
                      value={p.accessType}
                      aria-label={`Level of ${p.userEmail}`}
                      onChange={(e) => change(p.userId, Number(e.target.value))}
                      sx={{ width: 120 }}
                    >
                      {LEVELS.map((l) => (
                        <MenuItem key={l} value={l}>
                          {LEVEL_LABEL[l]}
                        </MenuItem>
                      ))}
                    </TextField>
                    <Tooltip title="Remove access">
                      <IconButton aria-label={`Remove ${p.userEmail}`} onClick={() => change(p.userId, -1)}>
                        <PersonRemoveOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                }
                sx={{ pr: 22 }}
              >
                <ListItemText
                  primary={p.userName || p.userEmail}
                  secondary={p.userName ? p.userEmail : undefined}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
