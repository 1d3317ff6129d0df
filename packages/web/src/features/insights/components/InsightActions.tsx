// Apply and Dismiss of the selected suggestions; Apply needs the permission to edit backups.
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { Insight } from '@vigil/contract';

export function InsightActions({
  selectable,
  canEditBackups,
  selected,
  busy,
  onApply,
  onDismiss,
}: {
  selectable: boolean;
  canEditBackups: boolean;
  selected: readonly Insight[];
  busy: boolean;
  onApply: () => void;
  onDismiss: () => void;
}) {
  const count = selected.length ? ` (${selected.length})` : '';
  return (
    <>
      {selectable &&
        (canEditBackups ? (
          <Button variant="contained" disabled={!selected.length} onClick={onApply}>
            Apply{count}
          </Button>
        ) : (
          <Tooltip title="Applying changes backups: it needs the permission to edit backups">
            <span>
              <Button variant="contained" disabled>
                Apply
              </Button>
            </span>
          </Tooltip>
        ))}
      <Button variant="outlined" disabled={!selected.length || busy} onClick={onDismiss}>
        Dismiss{count}
      </Button>
    </>
  );
}
