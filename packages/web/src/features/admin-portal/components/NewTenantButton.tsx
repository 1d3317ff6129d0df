import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useSignupPlans } from '../../../lib/signupPlans';
import { useCreateTenant } from '../api/tenants';

const empty = { Name: '', AdminFirstName: '', AdminLastName: '', AdminEmail: '', PlanHandle: '' };
type Values = typeof empty;

/** Admin Portal → Tenants: "New tenant" opens an MSP's account and mails its administrator a link. */
export function NewTenantButton() {
  const [open, setOpen] = useState(false);
  const create = useCreateTenant();
  const plans = useSignupPlans();
  const snackbar = useSnackbar();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [v, setV] = useState<Values>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const close = () => {
    setOpen(false);
    setV(empty);
    setErrors({});
  };
  const save = async () => {
    try {
      const r = await create.mutateAsync({ ...v, PlanHandle: v.PlanHandle || null });
      snackbar.success(r.Message);
      close();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(fields);
      if (!Object.keys(fields).length) snackbar.error(resolveErrorMessage(err));
    }
  };
  const field = (k: keyof Values, label: string) => ({
    id: `new-tenant-${k}`,
    label,
    value: v[k],
    onChange: (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value })),
    error: !!errors[k],
    helperText: errors[k],
  });

  return (
    <>
      <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setOpen(true)}>
        New tenant
      </Button>
      <Dialog
        open={open}
        onClose={create.isPending ? undefined : close}
        fullWidth
        maxWidth="xs"
        fullScreen={fullScreen}
      >
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <DialogTitle>New tenant</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ fontSize: 14, mb: 2 }}>
              The administrator gets an e-mail with a link to choose a password.
            </DialogContentText>
            <Stack spacing={2}>
              <TextField {...field('Name', 'Company name')} autoFocus />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <TextField {...field('AdminFirstName', 'First name')} fullWidth />
                <TextField {...field('AdminLastName', 'Last name')} fullWidth />
              </Stack>
              <TextField {...field('AdminEmail', 'Administrator e-mail')} type="email" />
              <TextField {...field('PlanHandle', 'Plan')} select>
                <MenuItem value="">No plan (trial)</MenuItem>
                {(plans.data ?? []).map((p) => (
                  <MenuItem key={p.Handle} value={p.Handle}>
                    {p.Name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              Create
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}
