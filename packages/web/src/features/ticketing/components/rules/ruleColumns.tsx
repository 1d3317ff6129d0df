// The columns of the ticket rules grid, in the order rules are tried.
import type { TicketRule } from '@vigil/contract';
import { actionsColumn, gridColumnHelper, type GridColumnDef } from '../../../../components/grid';
import { conditionText, scopeText } from '../../ruleForm';
import type { RuleActions } from './ruleActions';
import { RuleEnabledSwitch, RuleNameCell, RuleProfileCell, RuleRowActions } from './ruleCells';
import { RuleOrderCell } from './RuleOrderCell';

const col = gridColumnHelper<TicketRule>();

export function ruleColumns(a: RuleActions): GridColumnDef<TicketRule>[] {
  return [
    col.display({
      id: 'order',
      header: '#',
      size: 110,
      enableSorting: false,
      enableHiding: false,
      meta: { label: 'Order', tile: 'field' },
      cell: (c) => <RuleOrderCell r={c.row.original} a={a} />,
    }),
    col.accessor('Name', {
      id: 'name',
      header: 'Name',
      size: 180,
      enableSorting: false,
      enableHiding: false,
      meta: { tile: 'title' },
      cell: (c) => <RuleNameCell name={c.getValue()} />,
    }),
    col.accessor('ProfileName', {
      id: 'profile',
      header: 'Profile',
      size: 190,
      enableSorting: false,
      meta: { tile: 'subtitle' },
      cell: (c) => <RuleProfileCell r={c.row.original} />,
    }),
    col.accessor((r) => conditionText(r), {
      id: 'when',
      header: 'When',
      size: 220,
      enableSorting: false,
      meta: { tile: 'field' },
    }),
    col.accessor((r) => scopeText(r), {
      id: 'scope',
      header: 'Backups',
      size: 140,
      enableSorting: false,
      meta: { tile: 'field' },
    }),
    col.accessor('BackupsCount', {
      id: 'count',
      header: 'Covers',
      size: 80,
      enableSorting: false,
      meta: { tile: 'field', align: 'right' },
    }),
    col.accessor('OpenTickets', {
      id: 'open',
      header: 'Open tickets',
      size: 100,
      enableSorting: false,
      meta: { tile: 'field', align: 'right' },
    }),
    col.accessor('IsEnabled', {
      id: 'enabled',
      header: 'Enabled',
      size: 80,
      enableSorting: false,
      meta: { tile: 'field', align: 'center' },
      cell: (c) => <RuleEnabledSwitch r={c.row.original} a={a} />,
    }),
    actionsColumn<TicketRule>(116, (r) => <RuleRowActions r={r} a={a} />),
  ];
}
