import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import type { MailboxRow } from '@vigil/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { ToneChip } from '../../../components/email/chips';
import { useDateFormatter } from '../../../components/email/dates';
import { relativeTime } from '../../../lib/format';

export function MailboxCell({ m }: { m: MailboxRow }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600, fontSize: 14.5, overflowWrap: 'anywhere' }}>{m.Email}</Typography>
      <Typography
        component="code"
        sx={{ display: 'block', fontSize: 12.5, color: 'text.secondary', overflowWrap: 'anywhere' }}
      >
        {m.Host}:{m.Port} · {m.Folder}
        {m.UserName && m.UserName !== m.Email ? ` · ${m.UserName}` : ''}
      </Typography>
    </Box>
  );
}

export function LastPollCell({ m }: { m: MailboxRow }) {
  const fmt = useDateFormatter();
  return (
    <Box sx={{ minWidth: 0 }}>
      {m.LastPolledAt ? (
        <Typography sx={{ fontSize: 14 }} title={fmt(m.LastPolledAt)}>
          {relativeTime(m.LastPolledAt)}
        </Typography>
      ) : (
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>Not polled yet</Typography>
      )}
      {m.LastError && (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', mt: 0.25, color: 'error.main' }}>
          <ErrorOutlineRoundedIcon sx={{ fontSize: 16, mt: '2px' }} />
          <Typography sx={{ fontSize: 13, overflowWrap: 'anywhere' }}>{m.LastError}</Typography>
        </Box>
      )}
    </Box>
  );
}

export function MailboxStateChips({ m }: { m: MailboxRow }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
      {m.IsEnabled ? <ToneChip label="Enabled" tone="success" /> : <ToneChip label="Disabled" />}
      {!m.Secure && <ToneChip label="No TLS" tone="warning" />}
    </Box>
  );
}

/** The tenant's IMAP mailboxes, read-only: platform admins connect and manage them. */
export function ImapMailboxes({ mailboxes, loading }: { mailboxes: MailboxRow[] | undefined; loading: boolean }) {
  const columns: Column<MailboxRow>[] = [
    { key: 'mailbox', header: 'Mailbox', render: (m) => <MailboxCell m={m} /> },
    { key: 'state', header: 'State', nowrap: true, render: (m) => <MailboxStateChips m={m} /> },
    { key: 'poll', header: 'Last poll', hideBelow: 'sm', render: (m) => <LastPollCell m={m} /> },
    {
      key: 'fetched',
      header: 'E-mails fetched',
      align: 'right',
      hideBelow: 'md',
      render: (m) => m.EmailsFetched.toLocaleString(),
    },
  ];
  return (
    <DataTable
      caption="IMAP mailboxes"
      columns={columns}
      rows={mailboxes}
      rowKey={(m) => m.Id}
      loading={loading}
      emptyText="No IMAP mailbox is connected. If your reports already go to a mailbox of your own, our support team can connect it over IMAP."
    />
  );
}
