import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { isEmail, Privilege, type AdministratorRow } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/errors';
import { useCreateAdministrator, useUpdateAdministrator } from '../api/administrators';

export const ROLES = [
  { bit: Privilege.superAdmin, label: 'Super', help: 'Everything, including who is an administrator' },
  { bit: Privilege.successAdmin, label: 'Success', help: 'Tenants, users and impersonation' },
  { bit: Privilege.billingAdmin, label: 'Billing', help: 'Plans, subscriptions and invoices' },
  { bit: Privilege.salesAdmin, label: 'Sales', help: 'Coupons, resellers and sign-ups' },
] as const;

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
  const create = useCreateAdministrator();
  const update = useUpdateAdministrator();
  const snackbar = useSnackbar();
  const [shown, setShown] = useState<AdministratorRow | null | undefined>(undefined);
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [mask, setMask] = useState<number>(Privilege.successAdmin);
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (open && shown !== editing) {
    setShown(editing);
    setEmail(editing?.Email ?? '');
    setFirstName(editing?.FirstName ?? '');
    setLastName(editing?.LastName ?? '');
    setMask(editing?.Privileges ?? Privilege.successAdmin);
    setEnabled(editing?.IsEnabled ?? true);
    setErrors({});
  }
  const busy = create.isPending || update.isPending;
  const close = () => {
    if (busy) return;
    setShown(undefined);
    onClose();
  };

  const save = async () => {
    if (!editing) {
      if (!email.trim()) return setErrors({ Email: 'Email is required' });
      if (!isEmail(email.trim())) return setErrors({ Email: `${email.trim()} in not valid email` });
    }
    if (!mask) return setErrors({ Privileges: 'Choose at least one role' });
    try {
      if (editing) {
        await update.mutateAsync({
          Id: editing.Id,
          FirstName: firstName,
          LastName: lastName,
          Privileges: mask,
          IsEnabled: enabled,
        });
        snackbar.success('Successfully updated');
      } else {
        const row = await create.mutateAsync({
          Email: email.trim(),
          FirstName: firstName,
          LastName: lastName,
          Privileges: mask,
        });
        snackbar.success(`${row.Email} added. A link to set a password is on its way.`);
      }
      close();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) setErrors(err.fieldErrors);
      else snackbar.error(err);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
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
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={!!errors.Email}
              helperText={errors.Email ?? 'A link to choose a password is sent to this address.'}
            />
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField label="First name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
            <TextField label="Last name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
          </Box>
          <FormControl error={!!errors.Privileges} component="fieldset" variant="standard">
            <FormLabel component="legend">Roles</FormLabel>
            <FormGroup>
              {ROLES.map((r) => (
                <FormControlLabel
                  key={r.bit}
                  control={
                    <Checkbox
                      checked={(mask & r.bit) !== 0}
                      onChange={(e) => setMask((m) => (e.target.checked ? m | r.bit : m & ~r.bit))}
                    />
                  }
                  label={
                    <Box>
                      {r.label}
                      <Box component="span" sx={{ display: 'block', fontSize: 12.5, color: 'text.secondary' }}>
                        {r.help}
                      </Box>
                    </Box>
                  }
                />
              ))}
            </FormGroup>
            {errors.Privileges && <FormHelperText>{errors.Privileges}</FormHelperText>}
          </FormControl>
          {editing && (
            <FormControlLabel
              control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
              label={enabled ? 'Enabled' : 'Disabled: cannot sign in'}
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
