// Cells of the rules grid: the profile with its kind, the enabled switch, and edit, window and delete.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import { TICKET_GROUP_LABELS, type TicketRule } from '@vigil/contract';
import { RowActions } from '../../../../components/grid';
import { kindChip } from '../labels';
import type { RuleActions } from './ruleActions';

export function RuleProfileCell({ r }: { r: TicketRule }) {
  const k = kindChip(r.ProfileType);
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center', minWidth: 0 }}>
      <Chip size="small" variant="outlined" color={k.color} label={k.label} />
      <Box
        component="span"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        title={`${r.ProfileName} · by ${TICKET_GROUP_LABELS[r.GroupBy]}`}
      >
        {r.ProfileName}
      </Box>
    </Box>
  );
}

export function RuleEnabledSwitch({ r, a }: { r: TicketRule; a: RuleActions }) {
  return (
    <Switch
      size="small"
      checked={r.IsEnabled}
      disabled={!a.canEdit || a.busy}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => a.onToggle(r, e.target.checked)}
      slotProps={{ input: { 'aria-label': `Enabled: ${r.Name}` } }}
    />
  );
}

export function RuleRowActions({ r, a }: { r: TicketRule; a: RuleActions }) {
  return (
    <RowActions
      actions={[
        {
          title: `Edit: ${r.Name}`,
          icon: <EditRoundedIcon fontSize="small" />,
          onClick: () => a.onEdit(r),
          disabled: !a.canEdit,
        },
        {
          title: `Open in a window: ${r.Name}`,
          icon: <OpenInNewRoundedIcon fontSize="small" />,
          onClick: () => a.onWindow(r),
          disabled: !a.canEdit,
        },
        {
          title: `Delete: ${r.Name}`,
          icon: <DeleteOutlineRoundedIcon fontSize="small" />,
          onClick: () => a.onDelete(r),
          disabled: !a.canEdit,
        },
      ]}
    />
  );
}

/** A rule's name, bold, with the full name on hover. */
export function RuleNameCell({ name }: { name: string }) {
  return (
    <Box component="span" sx={{ fontWeight: 600 }} title={name}>
      {name}
    </Box>
  );
}
