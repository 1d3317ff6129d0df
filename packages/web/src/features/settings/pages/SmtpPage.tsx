import { useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { EmailAlertsSection } from '../components/EmailAlertsSection';
import { useEmailSettingsList } from '../api/emailSettings';
import { SmtpForm } from '../components/SmtpForm';
import { SmtpBlockedDialog } from '../components/smtp/SmtpBlockedDialog';
import { SmtpServersList } from '../components/smtp/SmtpServersList';
import { SmtpStateAlert } from '../components/smtp/SmtpStateAlert';
import { useSmtpServerActions } from '../components/smtp/useSmtpServerActions';

/** `/app/settings/email` (labelled SMTP): the tenant's own outgoing mail servers, one of them the default. */
export default function SmtpPage() {
  const list = useEmailSettingsList();
  // The setting in the form: an id, a new one, or (null) the default / first one.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const all = list.data ?? [];
  const byDefault = all.find((s) => s.IsDefault) ?? null;
  const current =
    editing === 'new'
      ? null
      : (all.find((s) => s.Id === editing) ?? (editing === null ? (byDefault ?? all[0]) : null) ?? null);
  const { askDelete, makeDefault, making, confirm, setConfirm, blocked, setBlocked } = useSmtpServerActions(
    all,
    byDefault,
    current,
    setEditing,
  );

  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="SMTP"
        subtitle="Alerts and scheduled reports go out through the default server, from your own address; ticket profiles can pick another one. Without a default they are sent by the system mail server."
      />
      {list.isPending ? (
        <CircularProgress aria-label="Loading SMTP settings" />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 760, minWidth: 0 }}>
          <SmtpStateAlert byDefault={byDefault} hasServers={all.length > 0} />
          <SmtpServersList
            all={all}
            current={current}
            adding={editing === 'new'}
            making={making}
            onAdd={() => setEditing('new')}
            onMakeDefault={makeDefault}
            onEdit={setEditing}
            onDelete={askDelete}
          />
          <SmtpForm
            key={current ? `${current.Id}-${current.UpdatedAt}` : `new-${all.length}`}
            current={current}
            hasDefault={!!byDefault}
            onSaved={(saved) => setEditing(saved.Id)}
            onCancel={all.length ? () => setEditing(null) : undefined}
            onDelete={askDelete}
          />
          <EmailAlertsSection />
        </Box>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      <SmtpBlockedDialog blocked={blocked} onClose={() => setBlocked(null)} />
    </>
  );
}
