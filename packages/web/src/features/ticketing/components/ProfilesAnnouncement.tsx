import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Privilege } from '@vigil/contract';
import { usePrivilege } from '../../../lib/permissions';
import { useAuth } from '../../../lib/queries';
import { browserStorage } from '../../../lib/storage';

const KEY = 'vigil.ticketProfilesAnnouncement';

/** Dismissal is remembered per user, so a shared browser still shows it to the next person. */
function storageKey(userId: number | null | undefined) {
  return `${KEY}.${userId ?? 'anonymous'}`;
}

/** The one-time "Ticket Profiles" announcement for tenant admins and standard users (features §2.4). */
export function ProfilesAnnouncement() {
  const auth = useAuth();
  const allowed = usePrivilege(Privilege.tenantAdminOrStandard);
  const key = storageKey(auth?.userId);
  const [dismissed, setDismissed] = useState(() => browserStorage()?.getItem(key) === '1');
  const dismiss = () => {
    browserStorage()?.setItem(key, '1');
    setDismissed(true);
  };
  return (
    <Dialog
      open={allowed && !dismissed}
      onClose={dismiss}
      maxWidth="sm"
      fullWidth
      aria-labelledby="profiles-news-title"
    >
      <DialogTitle id="profiles-news-title">Ticket Profiles</DialogTitle>
      <DialogContent>
        <DialogContentText component="div" sx={{ display: 'grid', gap: 1.5 }}>
          <span>
            A ticket profile says where a ticket goes — your PSA, a list of e-mail recipients or a webhook — and how it
            reads: the grouping (one ticket per backup, company, job or device), the subject and the description.
          </span>
          <span>
            Ticket rules decide when a ticket opens: which statuses, for how many days, and for which companies, tags or
            vendors. Each rule uses one profile, so several rules can share the same settings.
          </span>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={dismiss} autoFocus>
          Got it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
