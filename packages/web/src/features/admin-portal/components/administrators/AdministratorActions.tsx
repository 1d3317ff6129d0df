// Edit and remove of an administrator (no one removes themselves).
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { AdministratorRow } from '@vigil/contract';

export function AdministratorActions({
  a,
  self,
  onEdit,
  onRemove,
}: {
  a: AdministratorRow;
  /** The row is the signed-in administrator. */
  self: boolean;
  onEdit: (a: AdministratorRow) => void;
  onRemove: (a: AdministratorRow) => void;
}) {
  return (
    <>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${a.Email}`} onClick={() => onEdit(a)}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={self ? 'You cannot remove yourself' : 'Remove'}>
        <span>
          <IconButton aria-label={`Remove ${a.Email}`} disabled={self} onClick={() => onRemove(a)}>
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
