import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { ErrorLogTypes, type ErrorLogRow, type ErrorLogType } from '@vigil/contract';
import { DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useErrorLog } from '../api/operations';
import { ErrorLogDialog } from '../components/errorLog/ErrorLogDialog';
import { errorLogColumns as columns } from '../components/errorLog/errorLogColumns';
import { ErrorLogToolbar } from '../components/errorLog/ErrorLogToolbar';

const PAGE_SIZE = 50;

/** `/admin/error-logs`: server 5xx answers, failed job attempts and errors reported by browsers. */
export default function ErrorLogsPage() {
  const [params, setParams] = useSearchParams();
  const types = params
    .getAll('type')
    .filter((t): t is ErrorLogType => (ErrorLogTypes as readonly string[]).includes(t));
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const log = useErrorLog({ types, search, page, size: PAGE_SIZE });
  const [open, setOpen] = useState<ErrorLogRow | null>(null);

  const update = (next: { types?: ErrorLogType[]; search?: string; page?: number }) => {
    const p = new URLSearchParams();
    for (const t of next.types ?? types) p.append('type', t);
    const s = next.search ?? search;
    if (s) p.set('search', s);
    const pg = next.page ?? 1;
    if (pg > 1) p.set('page', String(pg));
    setParams(p, { replace: true });
  };

  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Error Logs"
        subtitle="Requests the server failed, job attempts that threw, and errors met in users' browsers. Newest first."
      />
      {log.isError ? (
        <QueryError error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <DataTable
          caption="Error log"
          columns={columns}
          rows={log.data?.Results}
          rowKey={(e) => e.Id}
          loading={log.isPending}
          onRowClick={setOpen}
          rowLabel={(e) => `Details of ${e.Message}`}
          emptyText={types.length || search ? 'No error matches these filters.' : 'No errors logged. All quiet.'}
          toolbar={<ErrorLogToolbar types={types} search={search} total={log.data?.Total} update={update} />}
          footer={
            log.data && log.data.TotalPages > 1 ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
                <Pagination count={log.data.TotalPages} page={page} onChange={(_, p) => update({ page: p })} />
              </Box>
            ) : undefined
          }
        />
      )}
      <ErrorLogDialog open={open} onClose={() => setOpen(null)} />
    </>
  );
}
