// The tenant's name and logo at the foot of the open sidebar (Settings → Branding).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';

/** The tenant's name and branding (Settings → Branding) shown at the foot of the sidebar. */
export interface TenantBrand {
  tenantName?: string | null;
  tenantLogo?: string | null;
  tenantAccent?: string | null;
}

export function SidebarTenantCard({ tenantName, tenantLogo, tenantAccent }: TenantBrand & { tenantName: string }) {
  return (
    <Box
      sx={(t) => ({
        mx: 1.5,
        mb: 1,
        px: 1.5,
        py: 1.25,
        borderRadius: '10px',
        bgcolor: t.palette.sidebar.hover,
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        ...(tenantAccent ? { borderLeft: `3px solid ${tenantAccent}` } : {}),
      })}
    >
      {!tenantLogo && <ApartmentOutlinedIcon sx={(t) => ({ color: t.palette.sidebar.muted, fontSize: 20 })} />}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {tenantLogo && (
          <Box sx={{ bgcolor: '#fff', borderRadius: '8px', p: 0.75, mb: 1, display: 'flex', justifyContent: 'center' }}>
            <Box
              component="img"
              src={tenantLogo}
              alt={`${tenantName} logo`}
              data-testid="tenant-logo"
              sx={{ maxHeight: 40, maxWidth: '100%', objectFit: 'contain', display: 'block' }}
            />
          </Box>
        )}
        <Typography sx={(t) => ({ fontSize: 11, color: t.palette.sidebar.muted, lineHeight: 1.3 })}>Tenant</Typography>
        <Typography noWrap sx={{ fontSize: 13.5, fontWeight: 600, color: '#fff', lineHeight: 1.35 }}>
          {tenantName}
        </Typography>
      </Box>
    </Box>
  );
}
