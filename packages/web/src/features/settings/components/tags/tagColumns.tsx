// The columns of the Tags grid: the tag, how many backups carry it, and rename and delete.
import Chip from '@mui/material/Chip';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import DriveFileRenameOutlineRoundedIcon from '@mui/icons-material/DriveFileRenameOutlineRounded';
import type { Tag } from '@vigil/contract';
import { actionsColumn, gridColumnHelper, RowActions, type GridColumnDef } from '../../../../components/grid';

const col = gridColumnHelper<Tag>();

export function tagColumns(ctx: { onRename: (t: Tag) => void; onDelete: (t: Tag) => void }): GridColumnDef<Tag>[] {
  return [
    col.accessor('TagValue', {
      id: 'tag',
      header: 'Tag',
      size: 320,
      enableHiding: false,
      sortFn: 'text',
      meta: { tile: 'title' },
      cell: (c) => (
        <Chip
          size="small"
          variant="outlined"
          label={c.getValue()}
          sx={{ height: 22, fontWeight: 500, maxWidth: '100%' }}
        />
      ),
    }),
    col.accessor('BackupCount', {
      id: 'backups',
      header: 'Backups',
      size: 130,
      sortDescFirst: true,
      meta: { tile: 'field', align: 'right' },
      cell: (c) => c.getValue().toLocaleString('en-US'),
    }),
    actionsColumn<Tag>(100, (row) => (
      <RowActions
        actions={[
          {
            title: 'Rename',
            label: `Rename tag ${row.TagValue}`,
            icon: <DriveFileRenameOutlineRoundedIcon fontSize="small" />,
            onClick: () => ctx.onRename(row),
          },
          {
            title: 'Delete',
            label: `Delete tag ${row.TagValue}`,
            icon: <DeleteOutlineRoundedIcon fontSize="small" />,
            onClick: () => ctx.onDelete(row),
          },
        ]}
      />
    )),
  ];
}
