import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddCircleOutlineRoundedIcon from '@mui/icons-material/AddCircleOutlineRounded';
import BuildCircleOutlinedIcon from '@mui/icons-material/BuildCircleOutlined';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import RestoreRoundedIcon from '@mui/icons-material/RestoreRounded';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import type { AuditBackupRow } from '@vigil/contract';
import type { MarkKind } from '../../../lib/auditWindows';

export interface RowMenuState {
  anchor: HTMLElement;
  row: AuditBackupRow;
}

/** The actions menu of an Audit row (its "…" button); each entry closes the menu, then acts. */
export function AuditRowMenu({
  menu,
  onClose,
  canEdit,
  onViewResults,
  onMark,
  onAddResult,
  onTickets,
  onOpenDetails,
}: {
  menu: RowMenuState | null;
  onClose: () => void;
  canEdit: boolean;
  onViewResults: (row: AuditBackupRow) => void;
  onMark: (kind: MarkKind, row: AuditBackupRow) => void;
  onAddResult: (row: AuditBackupRow) => void;
  onTickets: (row: AuditBackupRow) => void;
  onOpenDetails: (row: AuditBackupRow) => void;
}) {
  const menuAction = (fn: (row: AuditBackupRow) => void) => () => {
    const row = menu?.row;
    onClose();
    if (row) fn(row);
  };

  return (
    <Menu
      anchorEl={menu?.anchor}
      open={!!menu}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { dense: true, 'aria-label': menu ? `Actions for ${menu.row.JobName}` : undefined } }}
    >
      <MenuItem onClick={menuAction(onViewResults)}>
        <ListItemIcon>
          <MailOutlineRoundedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>View results</ListItemText>
      </MenuItem>
      {canEdit && [
        <MenuItem key="verify" onClick={menuAction((r) => onMark('verify', r))}>
          <ListItemIcon>
            <VerifiedOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Verify</ListItemText>
        </MenuItem>,
        <MenuItem key="remediate" onClick={menuAction((r) => onMark('remediate', r))}>
          <ListItemIcon>
            <BuildCircleOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Remediate</ListItemText>
        </MenuItem>,
        <MenuItem key="restore" onClick={menuAction((r) => onMark('restore', r))}>
          <ListItemIcon>
            <RestoreRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Restore</ListItemText>
        </MenuItem>,
        <MenuItem key="add" onClick={menuAction(onAddResult)}>
          <ListItemIcon>
            <AddCircleOutlineRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Add result</ListItemText>
        </MenuItem>,
      ]}
      <MenuItem onClick={menuAction(onTickets)}>
        <ListItemIcon>
          <ConfirmationNumberOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Tickets</ListItemText>
      </MenuItem>
      <Divider />
      <MenuItem onClick={menuAction(onOpenDetails)}>
        <ListItemIcon>
          <OpenInNewRoundedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Open details</ListItemText>
      </MenuItem>
    </Menu>
  );
}
