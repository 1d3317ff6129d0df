import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import type { AppMessage } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useAllMessages, useDeleteMessage } from '../api/messages';
import { MessageCard } from '../components/MessageCard';
import { MessageEditorDialog } from '../components/MessageEditorDialog';
import { MessagesLoading, NoMessages } from '../components/messagesEmpty';

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
      {messages.isPending && <MessagesLoading />}
      {messages.data?.length === 0 && <NoMessages />}
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
