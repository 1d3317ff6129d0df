import { useState } from 'react';
import Button from '@mui/material/Button';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { useSnackbar } from '../../../components/snackbar';
import { useMoveUsers } from '../api/userAccess';
import type { UserKind } from '../api/userManagement';
import { usersLabel } from '../lib/userAccess';

/** The users list's bulk action that moves the selected users to the other list (staff ↔ client). */
export function MoveUsersButton({ kind, ids, onDone }: { kind: UserKind; ids: number[]; onDone: () => void }) {
  const snackbar = useSnackbar();
  const move = useMoveUsers();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const to = kind === 'partner' ? 'client' : 'standard';
  const list = to === 'client' ? 'client users' : 'staff users';
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() =>
          setConfirm({
            title: `Move to ${list}`,
            message:
              to === 'client'
                ? `Move ${usersLabel(ids.length)} to client users? They will see only the companies they are assigned and join the default client group. Administrators cannot be moved.`
                : `Move ${usersLabel(ids.length)} to staff users? They join the default staff group and keep their companies as a restriction.`,
            confirmLabel: 'Move',
            tone: 'safe',
            action: async () => {
              await move.mutateAsync({ ids, type: to });
              onDone();
              snackbar.success(`Moved ${usersLabel(ids.length)} to ${list}`);
            },
          })
        }
      >
        Move to {list}
      </Button>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
