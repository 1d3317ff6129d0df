import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MergeTypeRoundedIcon from '@mui/icons-material/MergeTypeRounded';
import RuleRoundedIcon from '@mui/icons-material/RuleRounded';
import { CompanyType, type CompanyListItem } from '@vigil/contract';
import { actionsColumn, gridColumnHelper, RowActions, type GridColumnDef } from '../../../components/grid';

const col = gridColumnHelper<CompanyListItem>();

/** What the company rows can do; editing actions show only to those who may edit companies. */
export interface CompanyColumnsContext {
  canEdit: boolean;
  onRules: (c: CompanyListItem) => void;
  onEdit: (c: CompanyListItem) => void;
  onReplace: (c: CompanyListItem) => void;
  onDelete: (c: CompanyListItem) => void;
}

/** The Companies grid: name (with a PSA mark), plus-address code, active backups, rules and actions. */
export function companyColumns(ctx: CompanyColumnsContext): GridColumnDef<CompanyListItem>[] {
  return [
    col.accessor('Name', {
      id: 'name',
      header: 'Name',
      size: 320,
      enableHiding: false,
      enableSorting: false,
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Box
            component="span"
            sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}
            title={c.getValue()}
          >
            {c.getValue()}
          </Box>
          {c.row.original.Type === CompanyType.Psa && <Chip label="PSA" size="small" color="primary" />}
        </Box>
      ),
    }),
    col.accessor('Code', {
      id: 'code',
      header: 'Plus-address code',
      size: 180,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => c.getValue() ?? '-',
    }),
    col.accessor('BackupCount', {
      id: 'backups',
      header: 'Active backups',
      size: 140,
      enableSorting: false,
      meta: { tile: 'field', align: 'right' },
      cell: (c) => c.getValue().toLocaleString('en-US'),
    }),
    col.accessor('HasRules', {
      id: 'rules',
      header: 'Rules',
      size: 110,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => (c.getValue() ? <Chip label="Rules" size="small" variant="outlined" color="success" /> : 'None'),
    }),
    actionsColumn<CompanyListItem>(ctx.canEdit ? 160 : 60, (row) => (
      <RowActions
        actions={[
          {
            title: `Rules of ${row.Name}`,
            icon: <RuleRoundedIcon fontSize="small" />,
            onClick: () => ctx.onRules(row),
          },
          ctx.canEdit && {
            title: `Rename ${row.Name}`,
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => ctx.onEdit(row),
          },
          ctx.canEdit && {
            title: `Replace ${row.Name} with another company`,
            icon: <MergeTypeRoundedIcon fontSize="small" />,
            onClick: () => ctx.onReplace(row),
          },
          ctx.canEdit && {
            title: `Delete ${row.Name}`,
            icon: <DeleteOutlineRoundedIcon fontSize="small" />,
            onClick: () => ctx.onDelete(row),
          },
        ]}
      />
    )),
  ];
}
