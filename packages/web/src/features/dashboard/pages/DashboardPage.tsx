import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import DriveFileRenameOutlineRoundedIcon from '@mui/icons-material/DriveFileRenameOutlineRounded';
import FullscreenRoundedIcon from '@mui/icons-material/FullscreenRounded';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import PublicRoundedIcon from '@mui/icons-material/PublicRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import ViewQuiltOutlinedIcon from '@mui/icons-material/ViewQuiltOutlined';
import type { Dashboard } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions } from '../../../lib/permissions';
import { useAuth } from '../../../lib/queries';
import { browserStorage } from '../../../lib/storage';
import {
  useDashboards,
  useDashboardTemplates,
  useDeleteDashboard,
  useNewDashboard,
  useRefreshDashboard,
  useUpdateDashboard,
} from '../api/dashboards';
import { currentDashboardKey, pickDashboard, readCurrentDashboard } from '../lib/tiles';
import { DashboardTiles } from '../components/DashboardTiles';
import { NameDialog } from '../components/NameDialog';
import { PermissionsDialog } from '../components/PermissionsDialog';
import { ShareDialog } from '../components/ShareDialog';
import { TileEditorDialog } from '../components/TileEditorDialog';
import { WallMode } from '../components/WallMode';
import { WallRefreshDialog } from '../components/WallRefreshDialog';

const DEFAULT_WALL_REFRESH_SECONDS = 60;

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename' | 'copy' | 'permissions' | 'share' | 'addTile' | 'wallRefresh'; dashboard: Dashboard }
  | { kind: 'template' };

/**
 * The Dashboard screen (platform §2 app route `dashboard`): pick a dashboard (the choice is
 * remembered in this browser), manage it, and see its tiles; wall-screen mode for a TV.
 */
export default function DashboardPage() {
  const auth = useAuth();
  const snackbar = useSnackbar();
  const list = useDashboards();
  const mayCreate = usePermissions(['dashboard.editDashboards']);
  const storageKey = currentDashboardKey(auth?.tenantId ?? null, auth?.userId ?? 0);
  const [remembered, setRemembered] = useState(() => readCurrentDashboard(browserStorage(), storageKey));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [wall, setWall] = useState(false);
  const refresh = useRefreshDashboard();
  const update = useUpdateDashboard();
  const remove = useDeleteDashboard();
  const created = useNewDashboard();

  const choose = (id: number) => {
    setRemembered(id);
    browserStorage()?.setItem(storageKey, String(id));
  };

  if (list.error) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) return <PageSkeleton label="Loading dashboard" tiles />;

  const current = pickDashboard(list.data, remembered);
  const canEdit = !!current && current.userAccessType >= 1;
  const isAdmin = !!current && current.userAccessType >= 2;
  const wallSeconds = current?.uiSettings.wallRefreshSeconds ?? DEFAULT_WALL_REFRESH_SECONDS;
  const close = () => setDialog(null);
  const item = (label: string, icon: React.ReactNode, run: () => void, danger = false) => (
    <MenuItem
      key={label}
      onClick={() => {
        setMenu(null);
        run();
      }}
      sx={danger ? { color: 'error.main' } : undefined}
    >
      <ListItemIcon sx={danger ? { color: 'inherit' } : undefined}>{icon}</ListItemIcon>
      {label}
    </MenuItem>
  );

  const dialogs = (
    <>
      {dialog?.kind === 'create' && (
        <NameDialog
          title="New dashboard"
          confirmLabel="Create"
          onClose={close}
          onSubmit={async (name) => choose((await created.mutateAsync({ kind: 'create', body: { name } })).id)}
        />
      )}
      {dialog?.kind === 'template' && <TemplateDialog onClose={close} onCreated={choose} />}
      {dialog?.kind === 'copy' && (
        <NameDialog
          title="Copy dashboard"
          confirmLabel="Copy"
          initialName={`${dialog.dashboard.name} (copy)`.slice(0, 100)}
          onClose={close}
          onSubmit={async (name) =>
            choose((await created.mutateAsync({ kind: 'copy', body: { id: dialog.dashboard.id, name } })).id)
          }
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title="Rename dashboard"
          confirmLabel="Save"
          initialName={dialog.dashboard.name}
          onClose={close}
          onSubmit={(name) => update.mutateAsync({ id: dialog.dashboard.id, body: { name } })}
        />
      )}
      {dialog?.kind === 'permissions' && <PermissionsDialog dashboard={dialog.dashboard} onClose={close} />}
      {dialog?.kind === 'share' && <ShareDialog dashboard={dialog.dashboard} onClose={close} />}
      {dialog?.kind === 'wallRefresh' && (
        <WallRefreshDialog dashboard={dialog.dashboard} current={wallSeconds} onClose={close} />
      )}
      {dialog?.kind === 'addTile' && (
        <TileEditorDialog
          open
          dashboardId={dialog.dashboard.id}
          tile={null}
          tiles={dialog.dashboard.tiles}
          onClose={close}
        />
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );

  if (!current) {
    return (
      <>
        <PageHeader title="Dashboard" />
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', borderRadius: 2 }}>
          <SpaceDashboardOutlinedIcon sx={{ fontSize: 48, color: 'primary.main' }} />
          <Typography variant="h5" component="h2" sx={{ mt: 1 }}>
            No dashboards yet
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>
            {mayCreate
              ? 'A dashboard shows your backups at a glance: results by day, status and company.'
              : 'No dashboard has been shared with you yet.'}
          </Typography>
          {mayCreate && (
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setDialog({ kind: 'create' })}>
                Create dashboard
              </Button>
              <Button startIcon={<ViewQuiltOutlinedIcon />} onClick={() => setDialog({ kind: 'template' })}>
                Start from a template
              </Button>
            </Box>
          )}
        </Paper>
        {dialogs}
      </>
    );
  }

  const tiles = (
    <DashboardTiles
      dashboard={current}
      canEdit={canEdit}
      wall={wall}
      refreshMs={wallSeconds * 1000}
      onAddTile={() => setDialog({ kind: 'addTile', dashboard: current })}
    />
  );

  if (wall)
    return (
      <WallMode title={current.name} refreshSeconds={wallSeconds} onExit={() => setWall(false)}>
        {tiles}
      </WallMode>
    );

  return (
    <Box>
      <PageHeader title="Dashboard" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2, mt: -1 }}>
        <TextField
          select
          size="small"
          label="Dashboard"
          value={current.id}
          onChange={(e) => choose(Number(e.target.value))}
          sx={{ minWidth: 220, maxWidth: { xs: '100%', sm: 360 }, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
        >
          {list.data.map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
        <Tooltip
          title={
            current.dashboardAccessType === 0 ? 'Everyone in your organisation can view it' : 'Only invited people'
          }
        >
          <Chip
            size="small"
            variant="outlined"
            icon={current.dashboardAccessType === 0 ? <PublicRoundedIcon /> : <LockOutlinedIcon />}
            label={current.dashboardAccessType === 0 ? 'Public' : 'Private'}
          />
        </Tooltip>
        {current.linksCount > 0 && (
          <Chip size="small" variant="outlined" icon={<ShareOutlinedIcon />} label={`${current.linksCount} shared`} />
        )}
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
          {canEdit && (
            <Button
              variant="contained"
              startIcon={<AddRoundedIcon />}
              onClick={() => setDialog({ kind: 'addTile', dashboard: current })}
            >
              Add tile
            </Button>
          )}
          <Tooltip title="Refresh all tiles">
            <span>
              <IconButton
                aria-label="Refresh dashboard"
                disabled={refresh.isPending}
                onClick={() => refresh.mutate(current.id, { onError: (err) => snackbar.error(err) })}
              >
                <RefreshRoundedIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Wall screen">
            <IconButton aria-label="Wall screen" onClick={() => setWall(true)}>
              <FullscreenRoundedIcon />
            </IconButton>
          </Tooltip>
          <IconButton aria-label="Dashboard menu" onClick={(e) => setMenu(e.currentTarget)}>
            <MoreVertRoundedIcon />
          </IconButton>
          <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
            {mayCreate && [
              item('New dashboard', <AddRoundedIcon fontSize="small" />, () => setDialog({ kind: 'create' })),
              item('From template', <ViewQuiltOutlinedIcon fontSize="small" />, () => setDialog({ kind: 'template' })),
              item('Copy', <ContentCopyRoundedIcon fontSize="small" />, () =>
                setDialog({ kind: 'copy', dashboard: current }),
              ),
            ]}
            {canEdit && [
              item('Rename', <DriveFileRenameOutlineRoundedIcon fontSize="small" />, () =>
                setDialog({ kind: 'rename', dashboard: current }),
              ),
              item('Wall screen refresh', <TimerOutlinedIcon fontSize="small" />, () =>
                setDialog({ kind: 'wallRefresh', dashboard: current }),
              ),
            ]}
            {isAdmin && [
              item('Permissions', <GroupOutlinedIcon fontSize="small" />, () =>
                setDialog({ kind: 'permissions', dashboard: current }),
              ),
              item('Share', <ShareOutlinedIcon fontSize="small" />, () =>
                setDialog({ kind: 'share', dashboard: current }),
              ),
              <Divider key="divider" />,
              item(
                'Delete',
                <DeleteOutlineRoundedIcon fontSize="small" />,
                () =>
                  setConfirm({
                    title: 'Delete dashboard',
                    subject: current.name,
                    action: () => remove.mutateAsync(current.id),
                  }),
                true,
              ),
            ]}
            {!mayCreate && !canEdit && !isAdmin && <MenuItem disabled>You can view this dashboard only</MenuItem>}
          </Menu>
        </Box>
      </Box>
      {tiles}
      {dialogs}
    </Box>
  );
}

/** A new dashboard from a published layout (template). */
function TemplateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const templates = useDashboardTemplates(true);
  const created = useNewDashboard();
  const [layoutId, setLayoutId] = useState<number | ''>('');
  const chosen = templates.data?.find((t) => t.id === layoutId);
  return (
    <NameDialog
      key={chosen?.id ?? 'none'}
      title="New dashboard from a template"
      confirmLabel="Create"
      initialName={chosen?.name ?? ''}
      canSubmit={!!chosen}
      onClose={onClose}
      onSubmit={async (name) =>
        onCreated((await created.mutateAsync({ kind: 'template', body: { layoutId: Number(layoutId), name } })).id)
      }
      extra={
        templates.error ? (
          <QueryError error={templates.error} onRetry={() => void templates.refetch()} />
        ) : (
          <TextField
            select
            size="small"
            label="Template"
            value={layoutId}
            onChange={(e) => setLayoutId(Number(e.target.value))}
            helperText={chosen?.description || (templates.data?.length === 0 ? 'No templates are published yet' : ' ')}
            disabled={!templates.data?.length}
          >
            {(templates.data ?? []).map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name} · {t.tiles.length} {t.tiles.length === 1 ? 'tile' : 'tiles'}
              </MenuItem>
            ))}
          </TextField>
        )
      }
    />
  );
}
