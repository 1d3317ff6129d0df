import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { AdministratorRow } from '@vigil/contract';
import { AdminRolesField } from './administrators/AdminRolesField';
import { useAdministratorForm } from './administrators/useAdministratorForm';

/** Adds an administrator (who is e-mailed a set-password link) or edits one's roles. */
export function AdministratorDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  /** The administrator being edited; null adds a new one. */
  editing: AdministratorRow | null;
  onClose: () => void;
}) {
  const f = useAdministratorForm(open, editing, onClose);
  const { errors, busy, close } = f;

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
        <DialogTitle>{editing ? `Edit ${editing.Email}` : 'Add administrator'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {!editing && (
            <TextField
              label="Email"
              type="email"
              required
              autoFocus
              value={f.email}
              onChange={(e) => f.setEmail(e.target.value)}
              error={!!errors.Email}
              helperText={errors.Email ?? 'A link to choose a password is sent to this address.'}
            />
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField label="First name" value={f.firstName} onChange={(e) => f.setFirstName(e.target.value)} />
            <TextField label="Last name" value={f.lastName} onChange={(e) => f.setLastName(e.target.value)} />
          </Box>
          <AdminRolesField mask={f.mask} setMask={f.setMask} error={errors.Privileges} />
          {editing && (
            <FormControlLabel
              control={<Switch checked={f.enabled} onChange={(e) => f.setEnabled(e.target.checked)} />}
              label={f.enabled ? 'Enabled' : 'Disabled: cannot sign in'}
            />
          )}
          {errors.IsEnabled && <FormHelperText error>{errors.IsEnabled}</FormHelperText>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {editing ? 'Save' : 'Add administrator'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
