// The columns of the scheduled reports grid: name, report, format, days, hour, recipients, runs, enabled.
import Box from '@mui/material/Box';
import { REPORT_TYPES, type ScheduledReport } from '@vigil/contract';
import { actionsColumn, gridColumnHelper, type GridColumnDef } from '../../../../components/grid';
import { hourText, weekdaysText } from '../../../../lib/schedule';
import { formatLabel } from '../form/scheduledInput';
import { LastRunCell } from './LastRunCell';
import type { ScheduledActions } from './scheduledActions';
import { ScheduledEnabledSwitch, ScheduledNameCell, ScheduledRowActions } from './scheduledCells';

const col = gridColumnHelper<ScheduledReport>();

export function scheduledColumns(
  a: ScheduledActions,
  f: { dateTime: (v: string) => string; timeFormat: string; canEdit: boolean },
): GridColumnDef<ScheduledReport>[] {
  return [
    col.accessor('Name', {
      id: 'name',
      header: 'Name',
      size: 200,
      enableHiding: false,
      sortFn: 'text',
      meta: { tile: 'title' },
      cell: (c) => <ScheduledNameCell name={c.getValue()} />,
    }),
    col.accessor((r) => REPORT_TYPES[r.ReportType]?.title ?? r.ReportType, {
      id: 'report',
      header: 'Report',
      size: 180,
      sortFn: 'text',
      meta: { tile: 'subtitle' },
    }),
    col.accessor((r) => formatLabel(r.Format), { id: 'format', header: 'Format', size: 80, meta: { tile: 'field' } }),
    col.accessor((r) => weekdaysText(r.Weekdays), { id: 'days', header: 'Days', size: 120, meta: { tile: 'field' } }),
    col.accessor('Hour', {
      id: 'hour',
      header: 'Hour',
      size: 95,
      meta: { tile: 'field' },
      cell: (c) => hourText(c.getValue(), f.timeFormat),
    }),
    col.accessor((r) => r.Recipients.join(', '), {
      id: 'recipients',
      header: 'Recipients',
      size: 190,
      sortFn: 'text',
      meta: { tile: 'field' },
      cell: (c) => (
        <Box component="span" title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor((r) => (r.IsEnabled ? (r.NextRunAt ?? '') : ''), {
      id: 'next',
      header: 'Next run',
      size: 165,
      meta: { tile: 'field' },
      cell: (c) => (c.getValue() ? f.dateTime(c.getValue()) : '—'),
    }),
    col.accessor((r) => r.LastRun?.At ?? '', {
      id: 'last',
      header: 'Last run',
      size: 250,
      meta: { tile: 'field' },
      cell: (c) => <LastRunCell report={c.row.original} dateTime={f.dateTime} />,
    }),
    col.accessor('IsEnabled', {
      id: 'enabled',
      header: 'Enabled',
      size: 90,
      meta: { tile: 'field', align: 'center' },
      cell: (c) => <ScheduledEnabledSwitch r={c.row.original} a={a} canEdit={f.canEdit} />,
    }),
    actionsColumn<ScheduledReport>(150, (r) => <ScheduledRowActions r={r} a={a} canEdit={f.canEdit} />),
  ];
}
