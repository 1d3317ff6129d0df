// The administrator roles, as checkboxes of the privilege bits with what each one may do.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { Privilege } from '@vigil/contract';

export const ROLES = [
  { bit: Privilege.superAdmin, label: 'Super', help: 'Everything, including who is an administrator' },
  { bit: Privilege.successAdmin, label: 'Success', help: 'Tenants, users and impersonation' },
  { bit: Privilege.billingAdmin, label: 'Billing', help: 'Plans, subscriptions and invoices' },
  { bit: Privilege.salesAdmin, label: 'Sales', help: 'Coupons, resellers and sign-ups' },
] as const;

export function AdminRolesField({
  mask,
  setMask,
  error,
}: {
  mask: number;
  setMask: (update: (mask: number) => number) => void;
  error?: string;
}) {
  return (
    <FormControl error={!!error} component="fieldset" variant="standard">
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
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
