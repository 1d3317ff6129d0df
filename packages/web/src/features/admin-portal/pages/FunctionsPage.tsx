import Alert from '@mui/material/Alert';
import { DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { relativeTime } from '../../../lib/format';
import { useQueueStatus } from '../api/operations';
import { QueueTiles } from '../components/queues/QueueTiles';
import { queueColumns as columns } from '../components/queues/queueColumns';

/** `/admin/functions`: every job queue of the platform, refreshed every 10 seconds. */
export default function FunctionsPage() {
  const status = useQueueStatus();
  const queues = status.data?.Queues ?? [];
  const loading = status.isPending;
  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Functions"
        subtitle={
          status.data
            ? `Background jobs of every node, checked ${relativeTime(status.data.CheckedAt)}. Failed jobs are kept for a week; their errors are in Error Logs.`
            : 'Background jobs of every node.'
        }
      />
      <QueueTiles queues={queues} loading={loading} />
      {status.data && !status.data.Available && (
        <Alert severity="info" sx={{ mb: 2 }}>
          No worker has started against this database yet, so there are no job queues to show.
        </Alert>
      )}
      {status.isError ? (
        <QueryError error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <DataTable
          caption="Job queues"
          columns={columns}
          rows={status.data?.Queues}
          rowKey={(q) => q.Name}
          loading={loading}
          emptyText="No job queues."
        />
      )}
    </>
  );
}
