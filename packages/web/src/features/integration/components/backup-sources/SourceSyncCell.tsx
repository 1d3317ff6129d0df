// The runtime status of a source's sync (features §4.3): Sync now, pending with Cancel, then its outcome.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import type { BackupSourceRow } from '@vigil/contract';

const OUTCOME: Partial<
  Record<BackupSourceRow['SyncStatus'], { label: string; color: 'success' | 'error' | 'default' }>
> = {
  completed: { label: 'Completed', color: 'success' },
  error: { label: 'Error', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

export function SourceSyncCell({
  row,
  canEdit,
  busy,
  onSync,
  onCancel,
}: {
  row: BackupSourceRow;
  canEdit: boolean;
  busy: boolean;
  onSync: () => void;
  onCancel: () => void;
}) {
  if (row.SyncStatus === 'pending')
    return (
      <Box role="status" aria-live="polite" data-testid="sync-status" sx={{ minWidth: 140 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1, fontSize: 13, color: 'text.secondary' }}>Pending…</Box>
          {canEdit && (
            <Button size="small" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
        </Box>
        <LinearProgress sx={{ mt: 0.5, borderRadius: 2 }} aria-label="Syncing" />
      </Box>
    );
  const outcome = OUTCOME[row.SyncStatus];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {outcome && (
        <Chip
          size="small"
          variant="outlined"
          color={outcome.color}
          label={outcome.label}
          data-testid="sync-status"
          role="status"
        />
      )}
      {canEdit && (
        <Button size="small" variant="outlined" onClick={onSync} loading={busy} disabled={!row.Enabled}>
          Sync now
        </Button>
      )}
    </Box>
  );
}
