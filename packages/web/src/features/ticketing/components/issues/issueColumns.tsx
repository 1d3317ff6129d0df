// The columns of the ticket issues grid; times in the tenant's zone.
import Box from '@mui/material/Box';
import { TICKET_GROUP_LABELS, type TicketIssue } from '@vigil/contract';
import { DayStatusChip } from '../../../../components/results/StatusChip';
import { gridColumnHelper, type GridColumnDef } from '../../../../components/grid';
import { IssueStateChip, IssueTicketCell } from './issueCells';

const col = gridColumnHelper<TicketIssue>();

export function issueColumns(dateTime: (v: string) => string): GridColumnDef<TicketIssue>[] {
  return [
    col.accessor('Subject', {
      id: 'subject',
      header: 'Subject',
      size: 300,
      enableHiding: false,
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor((i) => `${TICKET_GROUP_LABELS[i.GroupBy]}: ${i.Group}`, {
      id: 'group',
      header: 'Group',
      size: 200,
      meta: { tile: 'subtitle' },
    }),
    col.accessor('State', {
      id: 'state',
      header: 'State',
      size: 100,
      meta: { tile: 'field' },
      cell: (c) => <IssueStateChip state={c.getValue()} />,
    }),
    col.accessor('Status', {
      id: 'status',
      header: 'Backup status',
      size: 160,
      meta: { tile: 'field' },
      cell: (c) => <DayStatusChip status={c.getValue()} />,
    }),
    col.accessor((i) => i.ExternalNumber ?? '', {
      id: 'external',
      header: 'Ticket',
      size: 120,
      meta: { tile: 'field' },
      cell: (c) => <IssueTicketCell i={c.row.original} />,
    }),
    col.accessor((i) => i.ProfileName ?? '', { id: 'profile', header: 'Profile', size: 150, meta: { tile: 'field' } }),
    col.accessor('OpenedAt', {
      id: 'opened',
      header: 'Opened',
      size: 160,
      meta: { tile: 'field' },
      cell: (c) => dateTime(c.getValue()),
    }),
    col.accessor('UpdatedAt', {
      id: 'updated',
      header: 'Updated',
      size: 160,
      meta: { tile: 'field' },
      cell: (c) => dateTime(c.getValue()),
    }),
    col.accessor((i) => i.LastError ?? '', {
      id: 'error',
      header: 'Last error',
      size: 240,
      meta: { tile: 'field' },
      cell: (c) => (
        <Box component="span" sx={{ color: 'error.main' }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
  ];
}
