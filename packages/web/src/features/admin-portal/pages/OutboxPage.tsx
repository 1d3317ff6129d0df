import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import type { OutboxMessage } from '@vigil/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { formatDate, relativeTime } from '../../../lib/format';
import { useOutbox } from '../api/admin';

function MessageDialog({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<'text' | 'html'>('text');
  const hasHtml = !!message?.Html;
  const view = hasHtml ? tab : 'text';
  return (
    <Dialog
      open={!!message}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="outbox-message-title"
      slotProps={{ transition: { onExited: () => setTab('text') } }}
    >
      {message && (
        <>
          <DialogTitle id="outbox-message-title" sx={{ pr: 7 }}>
            {message.Subject || '(no subject)'}
            <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
              <CloseRoundedIcon />
            </IconButton>
          </DialogTitle>
          <Box
            sx={{
              px: 3,
              pb: 1.5,
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.5,
              fontSize: 14,
            }}
          >
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>To</Typography>
            <Typography sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>{message.To}</Typography>
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>Sent</Typography>
            <Typography sx={{ fontSize: 14 }}>{formatDate(message.SentAt)}</Typography>
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>Transport</Typography>
            <Typography sx={{ fontSize: 14 }}>{message.Transport}</Typography>
          </Box>
          {hasHtml && (
            <Tabs
              value={view}
              onChange={(_e, v: 'text' | 'html') => setTab(v)}
              sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="text" label="Text" />
              <Tab value="html" label="HTML" />
            </Tabs>
          )}
          <DialogContent dividers={!hasHtml} sx={{ p: 0 }}>
            {view === 'text' ? (
              <Box
                component="pre"
                data-testid="outbox-text"
                sx={{
                  m: 0,
                  p: 3,
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  fontSize: 13.5,
                  lineHeight: 1.6,
                  fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
                }}
              >
                {message.Text}
              </Box>
            ) : (
              <Box
                component="iframe"
                title="Message HTML"
                sandbox=""
                srcDoc={message.Html ?? ''}
                sx={{ display: 'block', width: '100%', height: '60vh', border: 0, bgcolor: '#fff' }}
              />
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

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

  const columns: Column<OutboxMessage>[] = [
    {
      key: 'sent',
      header: 'Sent',
      nowrap: true,
      render: (m) => (
        <Box>
          <Typography sx={{ fontSize: 14 }}>{formatDate(m.SentAt)}</Typography>
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{relativeTime(m.SentAt)}</Typography>
        </Box>
      ),
    },
    {
      key: 'subject',
      header: 'Subject',
      render: (m) => (
        <Box sx={{ minWidth: 0 }}>
          <Link
            component="button"
            type="button"
            onClick={(e) => {
              e.stopPropagation();
              setOpen(m);
            }}
            sx={{ fontWeight: 600, fontSize: 14.5, textAlign: 'left' }}
          >
            {m.Subject || '(no subject)'}
          </Link>
          <Typography
            sx={{
              fontSize: 13,
              color: 'text.secondary',
              display: { xs: 'block', md: 'none' },
              overflowWrap: 'anywhere',
            }}
          >
            {m.To}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'to',
      header: 'To',
      hideBelow: 'md',
      render: (m) => <Typography sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>{m.To}</Typography>,
    },
    {
      key: 'transport',
      header: 'Transport',
      hideBelow: 'lg',
      render: (m) => (
        <Chip
          label={m.Transport}
          size="small"
          variant="outlined"
          color={m.Transport.includes('failed') ? 'error' : 'default'}
        />
      ),
    },
  ];

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
      <MessageDialog message={open} onClose={() => setOpen(null)} />
    </>
  );
}
