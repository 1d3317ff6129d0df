// Edit and delete of a ticket profile in the profiles grid (delete says when rules still use it).
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import type { TicketProfileListItem } from '@vigil/contract';
import { RowActions } from '../../../../components/grid';

export function ProfileRowActions({
  p,
  a,
}: {
  p: TicketProfileListItem;
  a: { onEdit: (p: TicketProfileListItem) => void; onDelete: (p: TicketProfileListItem) => void; canEdit: boolean };
}) {
  return (
    <RowActions
      actions={[
        {
          title: 'Edit',
          label: `Edit: ${p.Name}`,
          icon: <EditRoundedIcon fontSize="small" />,
          onClick: () => a.onEdit(p),
          disabled: !a.canEdit,
        },
        {
          title: p.RulesCount ? 'Used by rules: change those rules first' : 'Delete',
          label: `Delete: ${p.Name}`,
          icon: <DeleteOutlineRoundedIcon fontSize="small" />,
          onClick: () => a.onDelete(p),
          disabled: !a.canEdit,
        },
      ]}
    />
  );
}
