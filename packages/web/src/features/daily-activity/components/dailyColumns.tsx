import Box from '@mui/material/Box';
import type { DailyActivityRow } from '@vigil/contract';
import { DayStatusChip } from '../../../components/results/StatusChip';
import { gridColumnHelper, type GridColumnDef } from '../../../components/grid';
import { SOURCE_LABEL } from '../../../lib/audit';
import { DailyFailureCell, DailySubjectCell } from './dailyCells';

const col = gridColumnHelper<DailyActivityRow>();

/**
 * The columns of the day's results; the e-mail subject opens the result for those who may view it.
 * Time through Failure fit a 1440 px wide screen; vendor, result kind and source follow.
 */
export function dailyColumns(ctx: {
  time: (v: string) => string;
  onOpen: (row: DailyActivityRow) => void;
  canOpen: boolean;
}): GridColumnDef<DailyActivityRow>[] {
  return [
    col.accessor('Time', {
      id: 'time',
      header: 'Time',
      size: 90,
      sortDescFirst: true,
      meta: { tile: 'field' },
      cell: (c) => ctx.time(c.getValue()),
    }),
    col.accessor('Status', {
      id: 'status',
      header: 'Status',
      size: 120,
      meta: { tile: 'field' },
      cell: (c) => <DayStatusChip status={c.getValue()} />,
    }),
    col.accessor('CompanyName', { id: 'company', header: 'Company', size: 160, meta: { tile: 'subtitle' } }),
    col.accessor('JobName', {
      id: 'job',
      header: 'Backup',
      size: 180,
      meta: { tile: 'title' },
      enableHiding: false,
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor('DeviceName', { id: 'device', header: 'Device', size: 110, meta: { tile: 'field' } }),
    col.accessor('Subject', {
      id: 'subject',
      header: 'E-mail subject',
      size: 230,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => (
        <DailySubjectCell r={c.row.original} subject={c.getValue()} canOpen={ctx.canOpen} onOpen={ctx.onOpen} />
      ),
    }),
    col.accessor('FailureText', {
      id: 'failure',
      header: 'Failure',
      size: 220,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => <DailyFailureCell text={c.getValue()} />,
    }),
    col.accessor('VendorName', { id: 'vendor', header: 'Vendor', size: 190 }),
    col.accessor('ResultKind', { id: 'kind', header: 'Result kind', size: 150, enableSorting: false }),
    col.accessor('Source', {
      id: 'source',
      header: 'Source',
      size: 100,
      enableSorting: false,
      cell: (c) => SOURCE_LABEL[c.getValue()] ?? c.getValue(),
    }),
  ];
}
