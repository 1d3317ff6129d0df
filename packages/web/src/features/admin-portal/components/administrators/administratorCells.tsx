// An administrator's roles as coloured chips, and whether they are disabled, invited or active.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { AdministratorRow } from '@vigil/contract';

const roleColor: Record<string, 'primary' | 'secondary' | 'success' | 'warning'> = {
  Super: 'primary',
  Success: 'success',
  Billing: 'warning',
  Sales: 'secondary',
};

export function AdministratorRoles({ roles }: { roles: string[] }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {roles.map((r) => (
        <Chip key={r} size="small" label={r} color={roleColor[r]} variant="outlined" />
      ))}
    </Box>
  );
}

export function AdministratorState({ a }: { a: AdministratorRow }) {
  return !a.IsEnabled ? (
    <Chip size="small" label="Disabled" variant="outlined" />
  ) : !a.HasPassword ? (
    <Chip size="small" label="Invited" color="info" variant="outlined" />
  ) : (
    <Chip size="small" label={a.MfaEnabled ? 'Active · MFA' : 'Active'} color="success" variant="outlined" />
  );
}
