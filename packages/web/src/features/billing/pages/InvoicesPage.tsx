import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { formatMoney, type Invoice } from '@vigil/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { formatDate } from '../../../lib/format';
import { useInvoices } from '../api/billing';

const STATUS: Record<string, { label: string; color: 'success' | 'warning' | 'error' | 'default' }> = {
  paid: { label: 'Paid', color: 'success' },
  open: { label: 'Open', color: 'warning' },
  draft: { label: 'Draft', color: 'default' },
  void: { label: 'Void', color: 'default' },
  uncollectible: { label: 'Uncollectible', color: 'error' },
};
// Periods are whole calendar months in UTC: shown in UTC so they do not shift a day.
const day = (iso: string) => formatDate(iso, 'MM/DD/yyyy', 'UTC');

const columns: Column<Invoice>[] = [
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

/** `/app/settings/invoices`: the tenant's invoices, newest first, with the provider's page and PDF when there are some. */
export default function InvoicesPage() {
  const invoices = useInvoices();
  const open = (invoices.data ?? []).filter((i) => i.Status === 'open');
  const due = open.reduce((sum, i) => sum + i.AmountCents, 0);
  // Without a payment provider there are no hosted pages or PDFs: the column would be empty.
  const withLinks = (invoices.data ?? []).some((i) => i.HostedUrl || i.PdfUrl);
  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="Invoices"
        subtitle={
          invoices.data
            ? open.length
              ? `${open.length} open invoice${open.length === 1 ? '' : 's'}, ${formatMoney(due)} due.`
              : 'Every invoice is paid.'
            : undefined
        }
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshRoundedIcon />}
            onClick={() => void invoices.refetch()}
            loading={invoices.isFetching && !invoices.isPending}
          >
            Refresh
          </Button>
        }
      />
      {invoices.isError && <QueryError error={invoices.error} onRetry={() => void invoices.refetch()} />}
      <DataTable
        caption="Invoices"
        columns={withLinks ? columns : columns.filter((c) => c.key !== 'links')}
        rows={invoices.data}
        rowKey={(i) => i.Id}
        loading={invoices.isPending}
        emptyText="No invoices yet"
      />
    </>
  );
}
