// Cells of the scheduled reports grid: the name, the enabled switch, and the row's actions.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import type { ScheduledReport } from '@vigil/contract';
import { RowActions } from '../../../../components/grid';
import type { ScheduledActions } from './scheduledActions';

export function ScheduledEnabledSwitch({
  r,
  a,
  canEdit,
}: {
  r: ScheduledReport;
  a: ScheduledActions;
  canEdit: boolean;
}) {
  return (
    <Switch
      size="small"
      checked={r.IsEnabled}
      disabled={!canEdit || a.toggling === r.Id}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => a.onToggle(r, e.target.checked)}
      slotProps={{ input: { 'aria-label': `Enabled: ${r.Name}` } }}
    />
  );
}

export function ScheduledRowActions({ r, a, canEdit }: { r: ScheduledReport; a: ScheduledActions; canEdit: boolean }) {
  const action = (title: string, icon: ReactNode, onClick: () => void, disabled = !canEdit) => ({
    title,
    label: `${title}: ${r.Name}`,
    icon,
    onClick,
    disabled,
  });
  return (
    <RowActions
      actions={[
        action('Edit', <EditRoundedIcon fontSize="small" />, () => a.onEdit(r)),
        action('Copy', <ContentCopyRoundedIcon fontSize="small" />, () => a.onCopy(r)),
        action('Run now', <SendRoundedIcon fontSize="small" />, () => a.onRun(r), !canEdit || a.running === r.Id),
        action('Delete', <DeleteOutlineRoundedIcon fontSize="small" />, () => a.onDelete(r)),
      ]}
    />
  );
}

/** A scheduled report's name, bold, with the full name on hover. */
export function ScheduledNameCell({ name }: { name: string }) {
  return (
    <Box component="span" sx={{ fontWeight: 600 }} title={name}>
      {name}
    </Box>
  );
}
