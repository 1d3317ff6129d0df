// Recompute one tenant's insights now, from its row in the admin insights grid.
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import type { AdminInsightRow } from '@vigil/contract';

export function RecomputeButton({
  row,
  busy,
  onStart: start,
}: {
  row: AdminInsightRow;
  /** The tenant being recomputed, if any. */
  busy: number | null;
  onStart: (row: AdminInsightRow) => Promise<void>;
}) {
  return (
    <Tooltip title="Recompute now">
      <span>
        <IconButton
          size="small"
          loading={busy === row.TenantId}
          disabled={busy !== null && busy !== row.TenantId}
          aria-label={`Recompute insights of ${row.TenantName}`}
          onClick={(e) => {
            e.stopPropagation();
            void start(row);
          }}
        >
          <RefreshRoundedIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
