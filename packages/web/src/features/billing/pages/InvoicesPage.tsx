import Button from '@mui/material/Button';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { formatMoney } from '@vigil/contract';
import { DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useInvoices } from '../api/billing';
import { invoiceColumns as columns } from '../components/invoiceColumns';

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
