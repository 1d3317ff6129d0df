import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { EmailSettings, EmailSettingsInput } from '@vigil/contract';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DeleteIconButton } from '../../../components/DeleteIconButton';
import { PageHeader } from '../../../components/PageHeader';

import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';

import { EmailAlertsSection } from '../components/EmailAlertsSection';
import { useDeleteEmailSettings, useEmailSettingsList, useSaveEmailSettings } from '../api/emailSettings';

import { SmtpForm } from '../components/SmtpForm';

const serverName = (s: EmailSettings) => `${s.Host}:${s.Port}`;
const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

/** A stored setting as the API takes it back: the stored password stays. */
const storedInput = (s: EmailSettings, patch: Partial<EmailSettingsInput>): EmailSettingsInput => ({
  Id: s.Id,
  Host: s.Host,
  Port: s.Port,
  Secure: s.Secure,
  UserName: s.UserName,
  FromAddress: s.FromAddress,
  FromName: s.FromName,
  IsDefault: s.IsDefault,
  ...patch,
});

interface Blocked {
  title: string;
  message: string;
}

/** `/app/settings/email` (labelled SMTP): the tenant's own outgoing mail servers, one of them the default. */
export default function SmtpPage() {
  const list = useEmailSettingsList();
  const formats = useTenantFormats();
  const snackbar = useSnackbar();
  const save = useSaveEmailSettings();
  const remove = useDeleteEmailSettings();
  // The setting in the form: an id, a new one, or (null) the default / first one.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const [making, setMaking] = useState<number | null>(null);

  const all = list.data ?? [];
  const byDefault = all.find((s) => s.IsDefault) ?? null;
  const current =
    editing === 'new'
      ? null
      : (all.find((s) => s.Id === editing) ?? (editing === null ? (byDefault ?? all[0]) : null) ?? null);

  const askDelete = (s: EmailSettings) => {
    const profiles = s.TicketProfiles ?? [];
    if (profiles.length) {
      return setBlocked({
        title: 'SMTP server in use',
        message: `${serverName(s)} is used by the ticket ${profiles.length === 1 ? 'profile' : 'profiles'} ${quoted(profiles)}. Choose another server in ${profiles.length === 1 ? 'that profile' : 'those profiles'} first, then delete it.`,
      });
    }
    const others = all.filter((x) => x.Id !== s.Id);
    setConfirm({
      title: s.IsDefault ? 'Use the system mail server' : 'Delete SMTP server',
      message: s.IsDefault
        ? others.length
          ? `Delete the SMTP settings for ${serverName(s)}? No other server becomes the default by itself: alerts, reports and ticket profiles set to "Default" will be sent by the system mail server until you make another one default.`
          : `Delete the SMTP settings for ${s.Host}? Alerts and reports will be sent by the system mail server again.`
        : `Delete the SMTP settings for ${serverName(s)}? Mail keeps going through ${byDefault ? serverName(byDefault) : 'the system mail server'}.`,
      confirmLabel: 'Yes, Delete',
      action: async () => {
        await remove.mutateAsync(s.Id);
        if (current?.Id === s.Id) setEditing(null);
        snackbar.success('Successfully deleted');
      },
    });
  };

  const makeDefault = async (s: EmailSettings) => {
    setMaking(s.Id);
    try {
      // Saving tests the server first, as every save does.
      await save.mutateAsync(storedInput(s, { IsDefault: true }));
      snackbar.success(`Connection tested; ${serverName(s)} is now the default server`);
    } catch (err) {
      snackbar.error(err);
    } finally {
      setMaking(null);
    }
  };

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
          <Alert severity={byDefault ? 'success' : 'info'} variant="outlined" data-testid="smtp-state">
            {byDefault
              ? `Mail is sent through ${byDefault.Host}:${byDefault.Port} as ${byDefault.FromAddress} (saved ${formats.dateTime(byDefault.UpdatedAt)}).`
              : all.length
                ? 'Mail is sent by the system mail server. None of your SMTP servers is the default.'
                : 'Mail is sent by the system mail server.'}
          </Alert>
          <Paper
            variant="outlined"
            component="section"
            aria-label="SMTP servers"
            sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}
          >
            <Box
              sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
            >
              <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
                SMTP servers
              </Typography>
              <Button
                variant="outlined"
                startIcon={<AddRoundedIcon />}
                disabled={editing === 'new' || (!all.length && current === null)}
                onClick={() => setEditing('new')}
              >
                Add SMTP server
              </Button>
            </Box>
            {all.length ? (
              <Box
                component="ul"
                aria-label="SMTP servers"
                sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
              >
                {all.map((s) => (
                  <Box
                    component="li"
                    key={s.Id}
                    aria-current={current?.Id === s.Id ? 'true' : undefined}
                    sx={{
                      display: 'flex',
                      gap: 1,
                      alignItems: 'center',
                      flexWrap: 'wrap',
                      border: 1,
                      borderColor: current?.Id === s.Id ? 'primary.main' : 'divider',
                      borderRadius: '10px',
                      px: 1.5,
                      py: 1,
                    }}
                  >
                    <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{serverName(s)}</Typography>
                        {s.IsDefault && <Chip size="small" color="primary" label="Default" />}
                      </Box>
                      <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                        From {s.FromName ? `${s.FromName} <${s.FromAddress}>` : s.FromAddress}
                      </Typography>
                      {!!s.TicketProfiles?.length && (
                        <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                          Used by ticket {s.TicketProfiles.length === 1 ? 'profile' : 'profiles'}{' '}
                          {quoted(s.TicketProfiles)}
                        </Typography>
                      )}
                    </Box>
                    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', ml: 'auto' }}>
                      {!s.IsDefault && (
                        <Button
                          size="small"
                          loading={making === s.Id}
                          disabled={making !== null && making !== s.Id}
                          onClick={() => void makeDefault(s)}
                          aria-label={`Make ${serverName(s)} the default`}
                        >
                          Make default
                        </Button>
                      )}
                      <Tooltip title="Edit">
                        <IconButton size="small" aria-label={`Edit ${serverName(s)}`} onClick={() => setEditing(s.Id)}>
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <DeleteIconButton label={`Delete ${serverName(s)}`} onClick={() => askDelete(s)} />
                    </Box>
                  </Box>
                ))}
              </Box>
            ) : (
              <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
                No SMTP server yet. Fill in the form below to add your first one; it becomes the default.
              </Typography>
            )}
          </Paper>
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
      <Dialog
        open={!!blocked}
        onClose={() => setBlocked(null)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="smtp-blocked-title"
      >
        <DialogTitle id="smtp-blocked-title">{blocked?.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{blocked?.message}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={() => setBlocked(null)}>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
