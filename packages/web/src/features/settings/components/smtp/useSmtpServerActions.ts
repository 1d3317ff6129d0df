// Delete (confirmed, or refused while ticket profiles use the server) and make-default of SMTP servers.
import { useState } from 'react';
import type { EmailSettings } from '@vigil/contract';
import type { ConfirmRequest } from '../../../../components/ConfirmDialog';
import { useSnackbar } from '../../../../components/snackbar';
import { useDeleteEmailSettings, useSaveEmailSettings } from '../../api/emailSettings';
import { quoted, serverName, storedInput, type Blocked } from './smtpServers';

export function useSmtpServerActions(
  all: EmailSettings[],
  byDefault: EmailSettings | null,
  current: EmailSettings | null,
  setEditing: (editing: number | 'new' | null) => void,
) {
  const snackbar = useSnackbar();
  const save = useSaveEmailSettings();
  const remove = useDeleteEmailSettings();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const [making, setMaking] = useState<number | null>(null);

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

  return { askDelete, makeDefault, making, confirm, setConfirm, blocked, setBlocked };
}
