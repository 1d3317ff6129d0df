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
import { useSignupPlans } from '../../../lib/signupPlans';
import { useNewTenantForm } from './tenants/useNewTenantForm';

/** Admin Portal → Tenants: "New tenant" opens an MSP's account and mails its administrator a link. */
export function NewTenantButton() {
  const [open, setOpen] = useState(false);
  const plans = useSignupPlans();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { field, save, close, creating } = useNewTenantForm(() => setOpen(false));

  return (
    <>
      <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setOpen(true)}>
        New tenant
      </Button>
      <Dialog open={open} onClose={creating ? undefined : close} fullWidth maxWidth="xs" fullScreen={fullScreen}>
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
            <Button onClick={close} disabled={creating}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={creating}>
              Create
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}
