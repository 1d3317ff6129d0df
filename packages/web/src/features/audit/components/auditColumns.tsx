import Box from '@mui/material/Box';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import BuildCircleOutlinedIcon from '@mui/icons-material/BuildCircleOutlined';
import RestoreRoundedIcon from '@mui/icons-material/RestoreRounded';
import type { CSSProperties } from 'react';
import type { AdditionalBackupField, AuditBackupRow } from '@vigil/contract';
import { gridColumnHelper, type GridColumnDef } from '../../../components/grid';
import { HistoryBar } from './HistoryBar';
import { RowMenuButton, StatusPill, TagCells } from '../../../components/grid/cells';
import { statusColour } from '../../../components/results/StatusChip';
import { daysText, dayStatusInfo, type AuditSortKey, type StatusColourKey } from '../../../lib/audit';
import { useTheme } from '@mui/material/styles';

const col = gridColumnHelper<AuditBackupRow>();

/** Grid column id → the API's OrderBy key (columns not listed cannot be sorted). */
export const SORT_KEYS: Record<string, AuditSortKey> = {
  company: 'CompanyName',
  job: 'JobName',
  device: 'DeviceName',
  vendor: 'Vendor',
  status: 'Status',
  daysInStatus: 'DaysInStatus',
  lastSuccess: 'LastSuccess',
};

export interface AuditColumnContext {
  dateTime: (v: string | null | undefined) => string;
  selectedDate: string;
  onSelectDate: (day: string) => void;
  onRowMenu: (anchor: HTMLElement, row: AuditBackupRow) => void;
  /** Opens the backup's tickets (features §2.3 ticketing popup). */
  onTickets?: (row: AuditBackupRow) => void;
  /** The tenant's extra backup fields: a column each, hidden until chosen. */
  fields?: readonly AdditionalBackupField[];
  /** A 'YYYY-MM-DD' day in the tenant's date format (date fields). */
  day?: (v: string) => string;
}

/** The grid column id of an extra backup field (the Audit file reads the same id). */
export const fieldColumnId = (field: Pick<AdditionalBackupField, 'Id'>) => `field:${field.Id}`;

/** One column per extra backup field: its value on the backup, blank when not set. */
function fieldColumns(ctx: AuditColumnContext): GridColumnDef<AuditBackupRow>[] {
  return (ctx.fields ?? []).map((field) =>
    col.accessor((r) => r.AdditionalFields[String(field.Id)] ?? '', {
      id: fieldColumnId(field),
      header: field.Name,
      size: 150,
      enableSorting: false,
      meta: { defaultHidden: true, ...(field.Type === 'number' ? { align: 'right' as const } : {}) },
      cell: (c) => {
        const v = c.getValue();
        return field.Type === 'date' && v && ctx.day ? ctx.day(v) : v;
      },
    }),
  );
}

function Marks({ row }: { row: AuditBackupRow }) {
  const marks = [
    row.Verified && { key: 'v', label: 'Verified', Icon: VerifiedOutlinedIcon },
    row.Remediated && { key: 'm', label: 'Remediated', Icon: BuildCircleOutlinedIcon },
    row.Restored && { key: 'r', label: 'Restored', Icon: RestoreRoundedIcon },
  ].filter((m): m is { key: string; label: string; Icon: typeof VerifiedOutlinedIcon } => !!m);
  if (!marks.length) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexShrink: 0, gap: 0.25, ml: 0.75, verticalAlign: 'middle' }}>
      {marks.map(({ key, label, Icon }) => (
        <Box component="span" key={key} title={label} sx={{ display: 'inline-flex' }}>
          <Icon aria-label={label} sx={{ fontSize: 17, color: 'primary.main' }} />
        </Box>
      ))}
    </Box>
  );
}

/** "N days" with a dot in the colour of the status as of the selected day (plain elements: rows mount while scrolling). */
function DaysInStatus({ colourKey, label, children }: { colourKey: StatusColourKey; label: string; children: string }) {
  const theme = useTheme();
  return (
    <span title={label} className="vg-dot-text">
      <span aria-hidden className="vg-dot" style={{ '--dot': statusColour(theme, colourKey) } as CSSProperties} />
      {children}
    </span>
  );
}

/** The Audit grid's columns (platform §3 policy rows; features §3.4). */
export function auditColumns(ctx: AuditColumnContext): GridColumnDef<AuditBackupRow>[] {
  return [
    col.accessor('CompanyName', {
      id: 'company',
      header: 'Company',
      size: 150,
      meta: { tile: 'subtitle' },
    }),
    col.accessor('JobName', {
      id: 'job',
      header: 'Backup',
      size: 190,
      meta: { tile: 'title' },
      enableHiding: false,
      cell: (c) => (
        <span className="vg-strong" title={c.getValue()}>
          {c.getValue()}
        </span>
      ),
    }),
    col.accessor('DeviceName', { id: 'device', header: 'Device', size: 110, meta: { tile: 'field' } }),
    col.accessor('Status', {
      id: 'status',
      header: 'Status',
      size: 160,
      meta: { tile: 'field' },
      // A flex line: the pill gives way (ellipsis) before the marks, and never leaves its column.
      cell: (c) => (
        <span className="vg-cell-line">
          <StatusPill status={c.getValue()} />
          <Marks row={c.row.original} />
        </span>
      ),
    }),
    col.accessor('History', {
      id: 'history',
      header: 'History',
      size: 180,
      minSize: 160,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => (
        <HistoryBar history={c.getValue()} selectedDate={ctx.selectedDate} onSelectDate={ctx.onSelectDate} />
      ),
    }),
    col.accessor('DaysInStatus', {
      id: 'daysInStatus',
      header: 'Days in status',
      size: 145,
      sortDescFirst: true,
      meta: { align: 'right', tile: 'field' },
      cell: (c) => {
        const r = c.row.original;
        const now = dayStatusInfo(r.CurrentStatus);
        return (
          <DaysInStatus
            colourKey={now.colour}
            label={`${now.label} for ${daysText(c.getValue())} (up to the selected day)`}
          >
            {daysText(c.getValue())}
          </DaysInStatus>
        );
      },
    }),
    col.accessor('LastSuccess', {
      id: 'lastSuccess',
      header: 'Last success',
      size: 175,
      sortDescFirst: true,
      meta: { tile: 'field' },
      cell: (c) => (c.getValue() ? ctx.dateTime(c.getValue()) : 'Never'),
    }),
    col.accessor('VendorName', { id: 'vendor', header: 'Vendor', size: 140, meta: { tile: 'field' } }),
    col.accessor('Tags', {
      id: 'tags',
      header: 'Tags',
      size: 150,
      enableSorting: false,
      cell: (c) => <TagCells tags={c.getValue()} />,
    }),
    col.accessor('TicketsCount', {
      id: 'tickets',
      header: 'Tickets',
      size: 85,
      enableSorting: false,
      meta: { align: 'right' },
      cell: (c) => {
        const open = ctx.onTickets;
        if (!open) return c.getValue();
        const n = c.getValue();
        const row = c.row.original;
        return (
          <button
            type="button"
            aria-label={`Tickets of ${row.JobName}: ${n}`}
            onClick={(e) => {
              // The row click opens the drawer; this opens the tickets instead.
              e.stopPropagation();
              open(row);
            }}
            // A plain element styled by the grid (rows mount while scrolling) that keeps the
            // browser's focus ring.
            className={n > 0 ? 'vg-count-btn vg-some' : 'vg-count-btn'}
          >
            {n}
          </button>
        );
      },
    }),
    col.accessor('ClientId', {
      id: 'clientId',
      header: 'Client id',
      size: 140,
      enableSorting: false,
      meta: { defaultHidden: true },
    }),
    col.accessor('ScheduleName', {
      id: 'schedule',
      header: 'Schedule',
      size: 170,
      enableSorting: false,
      meta: { defaultHidden: true },
    }),
    col.accessor('Method', {
      id: 'method',
      header: 'Method',
      size: 100,
      enableSorting: false,
      meta: { defaultHidden: true },
      cell: (c) => (c.getValue() === 'Api' ? 'API' : 'E-mail'),
    }),
    col.accessor('DaysWithoutSuccess', {
      id: 'daysWithoutSuccess',
      header: 'Days without success',
      size: 170,
      enableSorting: false,
      meta: { defaultHidden: true, align: 'right' },
      cell: (c) => (c.getValue() === null ? 'Never succeeded' : String(c.getValue())),
    }),
    ...fieldColumns(ctx),
    col.display({
      id: 'actions',
      header: '',
      size: 80,
      enableSorting: false,
      enableHiding: false,
      enableResizing: false,
      meta: { label: 'Actions', align: 'center' },
      cell: (c) => (
        <RowMenuButton
          label={`Actions for ${c.row.original.JobName}`}
          onOpen={(anchor) => ctx.onRowMenu(anchor, c.row.original)}
        />
      ),
    }),
  ];
}
