import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import type { OutboxMessage } from '@vigil/contract';
import { DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useOutbox } from '../api/admin';
import { OutboxMessageDialog } from '../components/outbox/OutboxMessageDialog';
import { outboxColumns } from '../components/outbox/outboxColumns';

/** `/admin/outbox`: every e-mail the platform sent (the only transport in development). */
export default function OutboxPage() {
  const outbox = useOutbox();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<OutboxMessage | null>(null);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q || !outbox.data) return outbox.data;
    return outbox.data.filter((m) => m.To.toLowerCase().includes(q) || m.Subject.toLowerCase().includes(q));
  }, [outbox.data, search]);

  const columns = outboxColumns(setOpen);

  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Outbox"
        subtitle="Every e-mail the platform has sent, newest first. Open one to read it as the recipient did."
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshRoundedIcon />}
            onClick={() => void outbox.refetch()}
            loading={outbox.isFetching && !outbox.isPending}
          >
            Refresh
          </Button>
        }
      />
      {outbox.isError ? (
        <QueryError error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : (
        <DataTable
          caption="Outbox"
          columns={columns}
          rows={rows}
          rowKey={(m) => m.Id}
          loading={outbox.isPending}
          onRowClick={setOpen}
          emptyText={search ? 'No message matches your search.' : 'No e-mail has been sent yet.'}
          toolbar={<SearchField id="outbox-search" label="Search messages" value={search} onChange={setSearch} />}
        />
      )}
      <OutboxMessageDialog message={open} onClose={() => setOpen(null)} />
    </>
  );
}
