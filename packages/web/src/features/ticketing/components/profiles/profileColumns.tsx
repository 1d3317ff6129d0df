// The columns of the ticket profiles grid: name, kind, grouping, target, rules, open tickets, updated.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { TICKET_GROUP_LABELS, type TicketProfileListItem } from '@vigil/contract';
import { actionsColumn, gridColumnHelper, type GridColumnDef } from '../../../../components/grid';
import { kindChip } from '../labels';
import { ProfileRowActions } from './ProfileRowActions';

const col = gridColumnHelper<TicketProfileListItem>();

export function profileColumns(a: {
  onEdit: (p: TicketProfileListItem) => void;
  onDelete: (p: TicketProfileListItem) => void;
  canEdit: boolean;
  dateTime: (v: string) => string;
}): GridColumnDef<TicketProfileListItem>[] {
  return [
    col.accessor('Name', {
      id: 'name',
      header: 'Name',
      size: 200,
      enableHiding: false,
      sortFn: 'text',
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor((p) => kindChip(p.Type).label, {
      id: 'type',
      header: 'Type',
      size: 100,
      sortFn: 'text',
      meta: { tile: 'subtitle' },
      cell: (c) => {
        const k = kindChip(c.row.original.Type);
        return <Chip size="small" variant="outlined" color={k.color} label={k.label} />;
      },
    }),
    col.accessor((p) => TICKET_GROUP_LABELS[p.GroupBy] ?? '', {
      id: 'groupBy',
      header: 'Group by',
      size: 120,
      sortFn: 'text',
      meta: { tile: 'field' },
    }),
    col.accessor('Target', {
      id: 'target',
      header: 'Sends to',
      size: 200,
      sortFn: 'text',
      meta: { tile: 'field' },
      cell: (c) => (
        <Box component="span" title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor('RulesCount', { id: 'rules', header: 'Rules', size: 96, meta: { tile: 'field', align: 'right' } }),
    col.accessor('OpenTickets', {
      id: 'open',
      header: 'Open tickets',
      size: 150,
      meta: { tile: 'field', align: 'right' },
    }),
    col.accessor('UpdatedAt', {
      id: 'updated',
      header: 'Updated',
      size: 165,
      meta: { tile: 'field' },
      cell: (c) => a.dateTime(c.getValue()),
    }),
    actionsColumn<TicketProfileListItem>(96, (p) => <ProfileRowActions p={p} a={a} />),
  ];
}
