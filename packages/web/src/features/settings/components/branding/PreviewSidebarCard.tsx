// The sidebar's tenant card in the branding preview, with the logo and accent colour.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DEFAULT_BRANDING } from '@vigil/contract';
import type { PreviewValues } from './brandingForm';

/** The tenant card of the sidebar, as it will look with this logo. */
export function PreviewSidebarCard({ v }: { v: PreviewValues }) {
  return (
    <Box sx={(t) => ({ bgcolor: t.palette.sidebar.background, p: 1.5, borderRadius: '12px' })}>
      <Box
        sx={(t) => ({
          px: 1.5,
          py: 1.25,
          borderRadius: '10px',
          bgcolor: t.palette.sidebar.hover,
          borderLeft: `3px solid ${v.accent ?? DEFAULT_BRANDING.AccentColor}`,
          display: 'grid',
          gap: 1,
        })}
      >
        {v.logo && (
          <Box sx={{ bgcolor: '#fff', borderRadius: '8px', p: 0.75, display: 'flex', justifyContent: 'center' }}>
            <Box component="img" src={v.logo} alt="" sx={{ maxHeight: 40, maxWidth: '100%', objectFit: 'contain' }} />
          </Box>
        )}
        <Box>
          <Typography sx={(t) => ({ fontSize: 11, color: t.palette.sidebar.muted })}>Tenant</Typography>
          <Typography noWrap sx={{ fontSize: 13.5, fontWeight: 600, color: '#fff' }}>
            {v.tenantName}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
