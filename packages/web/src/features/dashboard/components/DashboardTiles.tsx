import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DashboardCustomizeOutlinedIcon from '@mui/icons-material/DashboardCustomizeOutlined';
import { useNavigate } from 'react-router';
import type { Layout } from 'react-grid-layout';
import type { Dashboard, Tile, TileWithData } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { useSnackbar } from '../../../components/snackbar';
import { canAccess } from '../../../lib/access';
import { resolveErrorMessage } from '../../../lib/errors';
import { useAppSession } from '../../../app/session';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { useDashboardTiles, useDeleteTile, useRefreshTile, useSaveTilePositions } from '../api/dashboards';
import { changedPositions } from '../lib/layout';
import { alertListPath, auditStateFor } from '../lib/tiles';
import { TileChart, type ChartPick } from './charts';
import { DashboardGrid } from './DashboardGrid';
import { rangeCaption, TileCard } from './TileCard';
import { ALERT_RADAR_ACCESS, TileEditorDialog } from './TileEditorDialog';

/** Insight tiles open their list only with the Insights flag and the details permission (features §4.1). */
const INSIGHT_DETAILS = { flag: 'brInsights', permissions: ['insight.getInsightDetails'] } as const;

/**
 * One dashboard's tiles on the grid. Editors move, resize, edit and delete tiles; everyone can
 * refresh one and follow its clicks into Audit or Insights. `wall` hides edit controls and
 * refreshes every `refreshMs`.
 */
export function DashboardTiles({
  dashboard,
  canEdit,
  wall,
  refreshMs,
  onAddTile,
}: {
  dashboard: Dashboard;
  canEdit: boolean;
  wall: boolean;
  refreshMs?: number;
  onAddTile: () => void;
}) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const session = useAppSession();
  const f = useTenantFormats();
  const data = useDashboardTiles(dashboard.id, wall ? refreshMs : false);
  const positions = useSaveTilePositions();
  const refresh = useRefreshTile();
  const del = useDeleteTile();
  const [editing, setEditing] = useState<Tile | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const editable = canEdit && !wall;
  const insightsOpen = canAccess(INSIGHT_DETAILS, session.access);
  const alertsOpen = canAccess(ALERT_RADAR_ACCESS, session.access);

  const byId = new Map<number, TileWithData>((data.data ?? []).map((t) => [t.id, t]));
  // Positions: the data call's copy once loaded (it carries the latest), else the list's.
  const placed = dashboard.tiles.map((t) => {
    const d = byId.get(t.id);
    return d ? { ...t, row: d.row, col: d.col, sizeX: d.sizeX, sizeY: d.sizeY } : t;
  });

  const commit = (layout: Layout) => {
    const changes = changedPositions(placed, layout);
    if (!changes.length) return;
    positions.mutate(
      { dashboardId: dashboard.id, positions: changes },
      { onError: (err) => snackbar.error(`The tiles went back where they were: ${resolveErrorMessage(err)}`) },
    );
  };

  const pickFor = (tile: TileWithData) => (pick: ChartPick) =>
    void navigate('/app/audit', { state: auditStateFor(tile, tile.range, pick) });

  if (!dashboard.tiles.length) {
    return (
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', borderStyle: 'dashed', borderRadius: 2 }}
      >
        <DashboardCustomizeOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
        <Typography variant="h6" sx={{ mt: 1 }}>
          This dashboard has no tiles yet
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          Tiles show your backups by day, status or company.
        </Typography>
        {editable && (
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={onAddTile}>
            Add tile
          </Button>
        )}
      </Paper>
    );
  }

  const loadError = data.error ? resolveErrorMessage(data.error) : null;
  return (
    <Box>
      <DashboardGrid
        tiles={placed}
        editable={editable}
        onCommit={commit}
        renderTile={(t) => {
          const tile = dashboard.tiles.find((x) => x.id === t.id)!;
          const withData = byId.get(t.id);
          const refreshing = refresh.isPending && refresh.variables?.tileId === t.id;
          return (
            <TileCard
              title={tile.title}
              caption={withData ? rangeCaption(withData.range, f.dateFormat) : undefined}
              draggable={editable}
              loading={data.isPending}
              error={loadError ?? (data.isSuccess && !withData ? 'No data for this tile' : null)}
              onRetry={() => void data.refetch()}
              refreshing={refreshing}
              onRefresh={
                wall
                  ? undefined
                  : () =>
                      refresh.mutate(
                        { dashboardId: dashboard.id, tileId: t.id },
                        { onError: (err) => snackbar.error(err) },
                      )
              }
              onEdit={editable ? () => setEditing(tile) : undefined}
              onDelete={
                editable
                  ? () =>
                      setConfirm({
                        title: 'Delete tile',
                        subject: tile.title,
                        action: () => del.mutateAsync({ dashboardId: dashboard.id, tileId: t.id }),
                      })
                  : undefined
              }
            >
              {withData && (
                <TileChart
                  def={withData}
                  data={withData.data}
                  onPick={pickFor(withData)}
                  onOpenInsight={
                    insightsOpen && withData.data.kind === 'Insight'
                      ? () => void navigate(`/app/insights/${withData.insightType ?? ''}`)
                      : undefined
                  }
                  onOpenAlerts={
                    alertsOpen && withData.data.kind === 'Alerts'
                      ? (assessment) => void navigate(alertListPath(withData.range, assessment))
                      : undefined
                  }
                  onOpenAlert={
                    alertsOpen && withData.data.kind === 'Alerts'
                      ? (id) => void navigate(`/app/alerts-alpha/${id}`)
                      : undefined
                  }
                />
              )}
            </TileCard>
          );
        }}
      />
      {editing && (
        <TileEditorDialog
          open
          dashboardId={dashboard.id}
          tile={editing}
          tiles={dashboard.tiles}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}
