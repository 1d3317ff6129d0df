// The title of the tenant drawer: the tenant's name, slug and creation date, and Close.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import type { TenantRow } from '@vigil/contract';
import { when } from './TenantFact';

export function TenantDrawerHeader({ tenant, onClose }: { tenant: TenantRow; onClose: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 2 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="overline" sx={{ color: 'primary.main' }}>
          Tenant
        </Typography>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {tenant.Name}
        </Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>
          {tenant.Slug} · created {when(tenant.CreatedAt)}
        </Typography>
      </Box>
      <IconButton aria-label="Close tenant details" onClick={onClose}>
        <CloseRoundedIcon />
      </IconButton>
    </Box>
  );
}
