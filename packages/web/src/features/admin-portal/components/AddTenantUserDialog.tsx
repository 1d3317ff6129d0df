import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { AdminTenantGroup } from '@vigil/contract';
import { LevelGroupFields } from './tenant/LevelGroupFields';
import { useAddTenantUserForm } from './tenant/useAddTenantUserForm';

/** Adds a user to a tenant; the user is e-mailed a link to choose a password. */
export function AddTenantUserDialog({
  tenant,
  groups,
  open,
  onClose,
}: {
  tenant: { Id: number; Name: string };
  groups: readonly AdminTenantGroup[];
  open: boolean;
  onClose: () => void;
}) {
  const f = useAddTenantUserForm(tenant.Id, onClose);
  const { errors, close } = f;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void f.save();
        }}
      >
        <DialogTitle>Add a user to {tenant.Name}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <DialogContentText sx={{ fontSize: 14 }}>
            The user receives an e-mail with a link to choose a password, valid for seven days.
          </DialogContentText>
          <TextField
            label="Email"
            type="email"
            required
            autoFocus
            value={f.email}
            onChange={(e) => f.setEmail(e.target.value)}
            error={!!errors.Email}
            helperText={errors.Email}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField label="First name" value={f.firstName} onChange={(e) => f.setFirstName(e.target.value)} />
            <TextField label="Last name" value={f.lastName} onChange={(e) => f.setLastName(e.target.value)} />
          </Box>
          <LevelGroupFields
            groups={groups}
            level={f.level}
            setLevel={f.setLevel}
            groupId={f.groupId}
            setGroupId={f.setGroupId}
            errors={errors}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={f.adding}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={f.adding}>
            {f.adding ? 'Adding…' : 'Add user'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
