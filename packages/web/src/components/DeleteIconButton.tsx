import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';

/** The row-end delete button of list screens; `label` names what it deletes for screen readers. */
export function DeleteIconButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title="Delete">
      <IconButton size="small" aria-label={label} onClick={onClick}>
        <DeleteOutlineRoundedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
