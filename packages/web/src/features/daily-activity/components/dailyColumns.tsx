import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import type { DailyActivityRow } from '@vigil/contract';
import { DayStatusChip } from '../../../components/results/StatusChip';
import { gridColumnHelper, type GridColumnDef } from '../../../components/grid';
import { SOURCE_LABEL } from '../../../lib/audit';

/** Grid column ids mapped to the keys the server sorts by. */
export const SORT_KEYS: Record<string, 'Time' | 'Status' | 'CompanyName' | 'Vendor' | 'DeviceName' | 'JobName'> = {
  time: 'Time',
  status: 'Status',
  company: 'CompanyName',
  vendor: 'Vendor',
  device: 'DeviceName',
  job: 'JobName',
};

const col = gridColumnHelper<DailyActivityRow>();

/** The columns of the day's results; the e-mail subject opens the result for those who may view it. */
export function dailyColumns(ctx: {
  time: (v: string) => string;
  onOpen: (row: DailyActivityRow) => void;
  canOpen: boolean;
}): GridColumnDef<DailyActivityRow>[] {
  return [
    col.accessor('Time', {
      id: 'time',
      header: 'Time',
      size: 105,
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
    col.accessor('CompanyName', { id: 'company', header: 'Company', size: 175, meta: { tile: 'subtitle' } }),
    col.accessor('JobName', {
      id: 'job',
      header: 'Backup',
      size: 200,
      meta: { tile: 'title' },
      enableHiding: false,
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor('DeviceName', { id: 'device', header: 'Device', size: 120, meta: { tile: 'field' } }),
    col.accessor('Subject', {
      id: 'subject',
      header: 'E-mail subject',
      size: 320,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => {
        const r = c.row.original;
        const text = c.getValue() || (r.Source === 'manual' ? 'Manual result' : '');
        if (!text) return '-';
        if (!ctx.canOpen) return text;
        return (
          <Link
            component="button"
            type="button"
            tabIndex={-1}
            onClick={(e) => {
              e.stopPropagation();
              ctx.onOpen(r);
            }}
            title={text}
            sx={{
              maxWidth: '100%',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              verticalAlign: 'middle',
              textAlign: 'left',
              font: 'inherit',
            }}
          >
            {text}
          </Link>
        );
      },
    }),
    col.accessor('FailureText', {
      id: 'failure',
      header: 'Failure',
      size: 240,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => {
        const text = c.getValue();
        if (!text) return '-';
        return (
          <Tooltip title={<Box sx={{ whiteSpace: 'pre-wrap' }}>{text}</Box>} describeChild>
            <Box component="span" sx={{ color: 'error.main' }}>
              {text.replace(/\s+/g, ' ')}
            </Box>
          </Tooltip>
        );
      },
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
