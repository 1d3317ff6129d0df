import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { isMessageLive, type AppMessage } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useAllMessages, useDeleteMessage } from '../api/messages';
import { MessageBanner, severityLabel } from '../../../components/messages/MessageBanner';
import { MessageEditorDialog } from '../components/MessageEditorDialog';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function StatusChip({ m, now }: { m: AppMessage; now: number }) {
  if (!m.IsActive) return <Chip size="small" variant="outlined" label="Off" />;
  if (m.StartsAt && Date.parse(m.StartsAt) > now)
    return <Chip size="small" color="info" variant="outlined" label={`Starts ${when(m.StartsAt)}`} />;
  if (!isMessageLive(m, now)) return <Chip size="small" variant="outlined" label="Ended" />;
  return <Chip size="small" color="success" label="Live" />;
}

function MessageCard({
  m,
  now,
  onEdit,
  onDelete,
}: {
  m: AppMessage;
  now: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const preview = m.Text.replace(/\s+/g, ' ').slice(0, 60);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <StatusChip m={m} now={now} />
        <Chip size="small" variant="outlined" label={severityLabel[m.Severity] ?? m.Severity} />
        <Chip size="small" variant="outlined" label={m.IsDismissible ? 'Dismissible' : 'Always shown'} />
        {m.EndsAt && <Chip size="small" variant="outlined" label={`Ends ${when(m.EndsAt)}`} />}
        <Box sx={{ flex: 1 }} />
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit message ${preview}`} onClick={onEdit}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete message ${preview}`} onClick={onDelete}>
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <MessageBanner message={m} />
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        Shown {m.Locations.length ? `on ${m.Locations.join(', ')}` : 'everywhere'} · updated {when(m.UpdatedAt)}
      </Typography>
    </Paper>
  );
}

/** `/admin/messages`: banners for every signed-in user, pushed to open browsers as they change. */
export default function MessagesPage() {
  const messages = useAllMessages();
  const remove = useDeleteMessage();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<{ message: AppMessage | null; key: number } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  // Status chips are read against the time the list was loaded.
  const now = messages.dataUpdatedAt || 0;

  const askDelete = (m: AppMessage) =>
    setConfirm({
      title: 'Delete message',
      subject: m.Text.length > 80 ? `${m.Text.slice(0, 80)}…` : m.Text,
      confirmLabel: 'Yes, Delete',
      action: async () => {
        await remove.mutateAsync(m.Id);
        snackbar.success('Successfully deleted');
      },
    });

  return (
    <>
      <PageHeader
        title="Messages"
        subtitle="Banners shown to signed-in users, live in every open browser."
        actions={
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            onClick={() => setEditing({ message: null, key: Date.now() })}
          >
            New message
          </Button>
        }
      />
      {messages.error && <QueryError error={messages.error} onRetry={() => void messages.refetch()} />}
      {messages.isPending && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </Box>
      )}
      {messages.data?.length === 0 && (
        <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
          <CampaignOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
          <Typography sx={{ mt: 1, fontWeight: 600 }}>No messages</Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            Announce maintenance, incidents or news with a banner in the app.
          </Typography>
        </Paper>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {messages.data?.map((m) => (
          <MessageCard
            key={m.Id}
            m={m}
            now={now}
            onEdit={() => setEditing({ message: m, key: Date.now() })}
            onDelete={() => askDelete(m)}
          />
        ))}
      </Box>
      {editing && (
        <MessageEditorDialog key={editing.key} open message={editing.message} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
