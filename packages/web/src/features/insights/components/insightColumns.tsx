// The columns of an insight type's suggestions grid; the change column only for types that apply one.
import Box from '@mui/material/Box';
import type { Insight } from '@vigil/contract';
import { gridColumnHelper, type GridColumnDef } from '../../../components/grid';
import type { TenantFormats } from '../../../lib/tenantFormats';

const col = gridColumnHelper<Insight>();

export function insightColumns(selectable: boolean, f: TenantFormats): GridColumnDef<Insight>[] {
  return [
    col.accessor((r) => r.CompanyName ?? '', {
      id: 'company',
      header: 'Company',
      size: 150,
      meta: { tile: 'subtitle' },
      cell: (c) => c.getValue() || '-',
    }),
    col.accessor('JobName', {
      id: 'job',
      header: 'Backup',
      size: 190,
      enableHiding: false,
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor('DeviceName', { id: 'device', header: 'Device', size: 140, meta: { tile: 'field' } }),
    ...(selectable
      ? [
          col.accessor((r) => `${r.Current} → ${r.Suggested}`, {
            id: 'change',
            header: 'Current → Suggested',
            size: 340,
            enableSorting: false,
            meta: { tile: 'field' },
            cell: (c) => (
              <span title={c.getValue()}>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {c.row.original.Current || '-'}
                </Box>
                {' → '}
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {c.row.original.Suggested || '-'}
                </Box>
              </span>
            ),
          }),
        ]
      : []),
    col.accessor('Detail', {
      id: 'detail',
      header: 'Why',
      size: 320,
      enableSorting: false,
      meta: { tile: 'field' },
      cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
    }),
    col.accessor('VendorName', { id: 'vendor', header: 'Product', size: 160, meta: { tile: 'field' } }),
    col.accessor('CreatedAt', {
      id: 'created',
      header: 'Found',
      size: 150,
      meta: { tile: 'field' },
      cell: (c) => f.dateTime(c.getValue()),
    }),
  ];
}
