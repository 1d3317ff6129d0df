// The columns of the invoices table: number, date, period (UTC), status, amount and documents.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatMoney, type Invoice } from '@vigil/contract';
import type { Column } from '../../../components/DataTable';
import { formatDate } from '../../../lib/format';

const STATUS: Record<string, { label: string; color: 'success' | 'warning' | 'error' | 'default' }> = {
  paid: { label: 'Paid', color: 'success' },
  open: { label: 'Open', color: 'warning' },
  draft: { label: 'Draft', color: 'default' },
  void: { label: 'Void', color: 'default' },
  uncollectible: { label: 'Uncollectible', color: 'error' },
};
// Periods are whole calendar months in UTC: shown in UTC so they do not shift a day.
const day = (iso: string) => formatDate(iso, 'MM/DD/yyyy', 'UTC');

export const invoiceColumns: Column<Invoice>[] = [
  {
    key: 'number',
    header: 'Invoice',
    nowrap: true,
    render: (i) => (
      <>
        <Typography sx={{ fontWeight: 600, fontSize: 'inherit' }}>{i.Number}</Typography>
        {/* Phones have no Date column: the date goes under the number. */}
        <Typography sx={{ display: { xs: 'block', sm: 'none' }, fontSize: 13, color: 'text.secondary' }}>
          {day(i.IssuedAt)}
        </Typography>
      </>
    ),
  },
  { key: 'issued', header: 'Date', nowrap: true, hideBelow: 'sm', render: (i) => day(i.IssuedAt) },
  {
    key: 'period',
    header: 'Period',
    hideBelow: 'md',
    nowrap: true,
    render: (i) => (i.PeriodStart && i.PeriodEnd ? `${day(i.PeriodStart)} – ${day(i.PeriodEnd)}` : '—'),
  },
  {
    key: 'status',
    header: 'Status',
    render: (i) => {
      const s = STATUS[i.Status] ?? { label: i.Status, color: 'default' as const };
      return <Chip size="small" variant="outlined" label={s.label} color={s.color} />;
    },
  },
  { key: 'amount', header: 'Amount', align: 'right', nowrap: true, render: (i) => formatMoney(i.AmountCents) },
  {
    key: 'links',
    header: 'Documents',
    hideBelow: 'sm',
    render: (i) =>
      i.HostedUrl || i.PdfUrl ? (
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          {i.HostedUrl && (
            <Link href={i.HostedUrl} target="_blank" rel="noopener noreferrer">
              View
            </Link>
          )}
          {i.PdfUrl && (
            <Link href={i.PdfUrl} target="_blank" rel="noopener noreferrer">
              PDF
            </Link>
          )}
        </Box>
      ) : (
        <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>—</Typography>
      ),
  },
];
