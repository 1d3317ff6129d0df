// The tenant's current logo, or the product logo when none is uploaded.
import Box from '@mui/material/Box';
import { Logo } from '../../../../components/Logo';

export function CurrentLogo({ logo, tenantName }: { logo: string | null; tenantName: string | null }) {
  return (
    <Box
      data-testid="current-logo"
      sx={{
        width: 220,
        maxWidth: '100%',
        height: 88,
        borderRadius: '12px',
        border: 1,
        borderColor: 'divider',
        bgcolor: '#fff',
        display: 'grid',
        placeItems: 'center',
        p: 1.5,
      }}
    >
      {logo ? (
        <Box
          component="img"
          src={logo}
          alt={`${tenantName ?? 'Tenant'} logo`}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : (
        <Logo size={48} title="Product logo" />
      )}
    </Box>
  );
}
