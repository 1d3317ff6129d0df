import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { ErrorLogTypes, type ErrorLogRow, type ErrorLogType } from '@vigil/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { formatDate } from '../../../lib/format';
import { useErrorLog } from '../api/operations';

const PAGE_SIZE = 50;
const TYPE_LABELS: Record<ErrorLogType, string> = { server: 'Server', client: 'Browser', job: 'Job' };
const typeColor: Record<string, 'error' | 'warning' | 'info'> = { server: 'error', job: 'warning', client: 'info' };
const mono = { fontFamily: '"JetBrains Mono", Menlo, Consolas, monospace' };

const columns: Column<ErrorLogRow>[] = [
  { key: 'at', header: 'When', nowrap: true, render: (e) => formatDate(e.At, 'MM/DD/yyyy hh:mm:ss A') },
  {
    key: 'type',
    header: 'Type',
    render: (e) => (
      <Chip
        size="small"
        variant="outlined"
        color={typeColor[e.Type]}
        label={TYPE_LABELS[e.Type as ErrorLogType] ?? e.Type}
      />
    ),
  },
  {
    key: 'message',
    header: 'Error',
    render: (e) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontSize: 14, fontWeight: 600, overflowWrap: 'anywhere' }}>{e.Message}</Typography>
        <Typography sx={{ ...mono, fontSize: 12, color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {e.Source}
        </Typography>
      </Box>
    ),
  },
  {
    key: 'who',
    header: 'Tenant / user',
    hideBelow: 'md',
    render: (e) => (
      <Box>
        <Typography sx={{ fontSize: 13.5 }}>{e.TenantName ?? '—'}</Typography>
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{e.UserEmail ?? ''}</Typography>
      </Box>
    ),
  },
];

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
          toolbar={
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              <ToggleButtonGroup
                size="small"
                value={types}
                aria-label="Error types"
                onChange={(_, v: ErrorLogType[]) => update({ types: v })}
              >
                {ErrorLogTypes.map((t) => (
                  <ToggleButton key={t} value={t}>
                    {TYPE_LABELS[t]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <SearchField
                id="error-search"
                label="Search errors"
                value={search}
                onChange={(v) => update({ search: v })}
              />
              <Typography sx={{ color: 'text.secondary', fontSize: 13.5, ml: 'auto' }}>
                {log.data
                  ? `${log.data.Total.toLocaleString('en-US')} ${log.data.Total === 1 ? 'error' : 'errors'}`
                  : ''}
              </Typography>
            </Box>
          }
          footer={
            log.data && log.data.TotalPages > 1 ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
                <Pagination count={log.data.TotalPages} page={page} onChange={(_, p) => update({ page: p })} />
              </Box>
            ) : undefined
          }
        />
      )}
      <Dialog open={!!open} onClose={() => setOpen(null)} fullWidth maxWidth="md">
        {open && (
          <>
            <DialogTitle sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pr: 1 }}>
              <Box sx={{ flex: 1, overflowWrap: 'anywhere' }}>{open.Message}</Box>
              <IconButton aria-label="Close" onClick={() => setOpen(null)}>
                <CloseRoundedIcon />
              </IconButton>
            </DialogTitle>
            <DialogContent>
              <Typography sx={{ fontSize: 13.5, color: 'text.secondary', mb: 1.5 }}>
                {TYPE_LABELS[open.Type as ErrorLogType] ?? open.Type} · {formatDate(open.At, 'MM/DD/yyyy hh:mm:ss A')} ·{' '}
                {open.Source}
                {open.TenantName ? ` · ${open.TenantName}` : ''}
                {open.UserEmail ? ` · ${open.UserEmail}` : ''}
              </Typography>
              <Box
                component="pre"
                sx={{
                  ...mono,
                  fontSize: 12.5,
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  m: 0,
                  p: 1.5,
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                }}
              >
                {open.Detail ?? 'No further detail.'}
              </Box>
            </DialogContent>
          </>
        )}
      </Dialog>
    </>
  );
}
