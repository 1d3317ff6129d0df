import { useCallback, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import type { PopupBackup } from '../../../../lib/auditWindows';
import { usePermissions } from '../../../../lib/permissions';
import { useWindowManager } from '../../../../components/WindowManagerProvider';
import { TicketingPanel } from './TicketingPanel';

const SIZE = { width: 900, height: 760 };

/** The window route of a backup's tickets; the names ride along for the heading. */
export function ticketingPath(backup: PopupBackup): string {
  const q = new URLSearchParams({
    job: backup.JobName,
    device: backup.DeviceName,
    company: backup.CompanyName,
    vendor: backup.VendorName,
  });
  return `/window/audit/ticketing/${backup.PolicyId}?${q.toString()}`;
}

/** The backup a ticketing window is about, from its query (names only; the id is the route's). */
export function backupOfQuery(policyId: number, q: URLSearchParams): PopupBackup | null {
  const job = q.get('job');
  if (!job) return null;
  return {
    PolicyId: policyId,
    JobName: job,
    DeviceName: q.get('device') ?? '',
    CompanyName: q.get('company') ?? '',
    VendorName: q.get('vendor') ?? '',
  };
}

/**
 * Opens a backup's tickets (features §2.3 `ticketing/{policyId}`) in its own window; on small
 * screens, or when the browser blocks the window, in a dialog over the page.
 */
export function useTicketingPopup(): { open: (backup: PopupBackup) => void; dialog: ReactNode } {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const manager = useWindowManager();
  const canEdit = usePermissions(['audit.editAuditResults']);
  const [shown, setShown] = useState<PopupBackup | null>(null);

  const open = useCallback(
    (backup: PopupBackup) => {
      if (!small) {
        const title = `Tickets · ${backup.JobName} (${backup.DeviceName})`;
        if (manager.open(`audit-ticketing-${backup.PolicyId}`, ticketingPath(backup), SIZE, title)) return;
      }
      setShown(backup);
    },
    [small, manager],
  );

  const dialog = (
    <Dialog
      open={!!shown}
      onClose={() => setShown(null)}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="popup-title"
    >
      <Box sx={{ position: 'absolute', right: 8, top: 8, zIndex: 1 }}>
        <IconButton aria-label="Close" onClick={() => setShown(null)}>
          <CloseRoundedIcon />
        </IconButton>
      </Box>
      <DialogContent sx={{ pt: 3 }}>
        {shown && <TicketingPanel policyId={shown.PolicyId} backup={shown} canEdit={canEdit} />}
      </DialogContent>
    </Dialog>
  );
  return { open, dialog };
}
