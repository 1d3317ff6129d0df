import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { GroupType, isEmail, UserLevel, type AdminTenantGroup } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/errors';
import { useAddTenantUser } from '../api/tenants';

const LEVELS = [
  { value: UserLevel.Administrator, label: 'Administrator' },
  { value: UserLevel.Standard, label: 'Standard User' },
  { value: UserLevel.Client, label: 'Client' },
];

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
  const add = useAddTenantUser(tenant.Id);
  const snackbar = useSnackbar();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [level, setLevel] = useState<number>(UserLevel.Standard);
  const [groupId, setGroupId] = useState<number | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fitting = groups.filter((g) =>
    level === UserLevel.Client ? g.Type === GroupType.Client : g.Type === GroupType.Standard,
  );

  const reset = () => {
    setEmail('');
    setFirstName('');
    setLastName('');
    setLevel(UserLevel.Standard);
    setGroupId('');
    setErrors({});
  };
  const close = () => {
    if (add.isPending) return;
    reset();
    onClose();
  };

  const save = async () => {
    if (!email.trim()) return setErrors({ Email: 'Email is required' });
    if (!isEmail(email.trim())) return setErrors({ Email: `${email.trim()} in not valid email` });
    try {
      const user = await add.mutateAsync({
        Email: email.trim(),
        FirstName: firstName,
        LastName: lastName,
        Level: level,
        GroupId: groupId === '' ? null : groupId,
      });
      snackbar.success(`${user.Email} added. A link to set a password is on its way.`);
      reset();
      onClose();
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
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={!!errors.Email}
            helperText={errors.Email}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField label="First name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
            <TextField label="Last name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
          </Box>
          <TextField
            select
            label="Level"
            value={level}
            onChange={(e) => {
              setLevel(Number(e.target.value));
              setGroupId('');
            }}
            error={!!errors.Level}
            helperText={errors.Level}
          >
            {LEVELS.map((l) => (
              <MenuItem key={l.value} value={l.value}>
                {l.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Group"
            value={groupId}
            onChange={(e) => setGroupId(e.target.value === '' ? '' : Number(e.target.value))}
            error={!!errors.GroupId}
            helperText={errors.GroupId ?? 'Left empty: the default group of the level'}
          >
            <MenuItem value="">Default group</MenuItem>
            {fitting.map((g) => (
              <MenuItem key={g.Id} value={g.Id}>
                {g.Name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add user'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
