import Box from '@mui/material/Box';
import type { PolicyRow } from '@vigil/contract';
import { DayStatusChip } from '../../../components/results/StatusChip';
import { gridColumnHelper, type GridColumnDef } from '../../../components/grid';
import type { PolicyListKind } from '../../../lib/backupsApi';
import type { TenantFormats } from '../../../lib/tenantFormats';

const col = gridColumnHelper<PolicyRow>();

/**
 * The columns of a Manage backup list: inactive backups show who sent them and when, active and
 * retired ones their status, schedule, template and tags; retired ones also when they retired.
 */
export function policyColumns(kind: PolicyListKind, f: TenantFormats): GridColumnDef<PolicyRow>[] {
  return [
    col.accessor('CompanyName', { id: 'company', header: 'Company', size: 180, meta: { tile: 'subtitle' } }),
    col.accessor('JobName', {
      id: 'job',
      header: 'Backup',
      size: 220,
      enableHiding: false,
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor('DeviceName', { id: 'device', header: 'Device', size: 150, meta: { tile: 'field' } }),
    col.accessor('VendorName', { id: 'vendor', header: 'Product', size: 170, meta: { tile: 'field' } }),
    ...(kind === 'inactive'
      ? [
          col.accessor('SenderEmail', {
            id: 'sender',
            header: 'Sender',
            size: 200,
            meta: { tile: 'field' },
            cell: (c) => c.getValue() ?? '-',
          }),
          col.accessor('LastEmailAt', {
            id: 'last-email',
            header: 'Last e-mail',
            size: 150,
            meta: { tile: 'field' },
            cell: (c) => (c.getValue() ? f.dateTime(c.getValue()!) : '-'),
          }),
          col.accessor('ResultCount', { id: 'results', header: 'Results', size: 90, meta: { tile: 'field' } }),
        ]
      : [
          col.accessor('CurrentStatus', {
            id: 'status',
            header: 'Status',
            size: 120,
            enableSorting: false,
            meta: { tile: 'field' },
            cell: (c) => <DayStatusChip status={c.getValue()} />,
          }),
          col.accessor('ScheduleName', { id: 'schedule', header: 'Schedule', size: 160, meta: { tile: 'field' } }),
          col.accessor('TemplateName', {
            id: 'template',
            header: 'Template',
            size: 140,
            enableSorting: false,
            meta: { tile: 'field' },
            cell: (c) => c.getValue() ?? 'Standalone',
          }),
          col.accessor((r) => r.Tags.map((t) => t.TagValue).join(', '), {
            id: 'tags',
            header: 'Tags',
            size: 150,
            enableSorting: false,
            meta: { tile: 'field' },
            cell: (c) => {
              const tags = c.row.original.Tags;
              if (!tags.length) return '-';
              return tags.map((t, i) => (
                <span key={t.TagValue} title={t.PlanName ? `Tagged via backup plan ${t.PlanName}` : undefined}>
                  {i > 0 && ', '}
                  {t.TagValue}
                  {t.PlanName && <sup aria-label={`Tagged via backup plan ${t.PlanName}`}>†</sup>}
                </span>
              ));
            },
          }),
        ]),
    ...(kind === 'retire'
      ? [
          col.accessor('RetiredAt', {
            id: 'retired',
            header: 'Retired',
            size: 150,
            meta: { tile: 'field' },
            cell: (c) => (c.getValue() ? f.dateTime(c.getValue()!) : '-'),
          }),
        ]
      : []),
    col.accessor('PolicyId', { id: 'id', header: 'Id', size: 80, meta: { tile: 'field' } }),
  ];
}
