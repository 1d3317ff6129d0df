import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ParserPreviewRow } from '@vigil/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { ResultStatusChip } from '../../../components/email/chips';
import { useDateFormatter } from '../../../components/email/dates';

/** What the rule reads from each recent e-mail of the sender. */
export function PreviewTable({ rows, sampleId }: { rows: ParserPreviewRow[]; sampleId: number | null }) {
  const fmt = useDateFormatter();
  const columns: Column<ParserPreviewRow>[] = [
    { key: 'received', header: 'Received', render: (r) => fmt(r.ReceivedAt), nowrap: true, hideBelow: 'md' },
    {
      key: 'subject',
      header: 'Subject',
      render: (r) => (
        <>
          {r.Subject || '(no subject)'}
          {r.emailId === sampleId && <Chip size="small" label="This e-mail" sx={{ ml: 1 }} />}
        </>
      ),
    },
    { key: 'job', header: 'Job', render: (r) => r.Reading?.JobName ?? '—' },
    { key: 'device', header: 'Device', render: (r) => r.Reading?.DeviceName || '—' },
    {
      key: 'status',
      header: 'Status',
      render: (r) => (r.Reading ? <ResultStatusChip status={r.Reading.Status} /> : '—'),
    },
    {
      key: 'read',
      header: 'Read',
      render: (r) =>
        !r.Matched ? (
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>Not claimed</Typography>
        ) : r.Read ? (
          <Typography sx={{ fontSize: 13, color: 'success.main', fontWeight: 600 }}>Read</Typography>
        ) : (
          <Typography sx={{ fontSize: 13, color: 'warning.main' }}>
            Missing {r.Missing.join(', ').toLowerCase()}
          </Typography>
        ),
    },
    { key: 'now', header: 'Read today as', render: (r) => r.CurrentVendor ?? 'Not recognised', hideBelow: 'lg' },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.emailId)}
      caption="Preview on recent e-mails from this sender"
      emptyText="No e-mail from this sender yet."
    />
  );
}
