// Edit and delete of a dashboard layout in the layouts table.
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { DashboardLayout } from '@vigil/contract';

export function LayoutRowActions({
  l,
  onEdit,
  onDelete,
}: {
  l: DashboardLayout;
  onEdit: (id: number) => void;
  onDelete: (l: DashboardLayout) => void;
}) {
  return (
    <>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${l.name}`} onClick={() => onEdit(l.id)}>
          <EditOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton aria-label={`Delete ${l.name}`} onClick={() => onDelete(l)}>
          <DeleteOutlineRoundedIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}
