import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DEFAULT_BRANDING } from '@vigil/contract';
import { Logo } from '../../../components/Logo';

export interface PreviewValues {
  logo: string | null;
  primary: string | null;
  accent: string | null;
  tenantName: string;
}

/** The tenant card of the sidebar, as it will look with this logo. */
function SidebarCard({ v }: { v: PreviewValues }) {
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

/** A report's first lines, as the HTML report shows the branding. */
function ReportHead({ v }: { v: PreviewValues }) {
  const primary = v.primary ?? DEFAULT_BRANDING.PrimaryColor;
  return (
    <Box sx={{ bgcolor: '#fff', color: '#111827', borderRadius: '12px', p: 2, border: '1px solid #e5e7eb' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pb: 1.25, borderBottom: `2px solid ${primary}` }}>
        {v.logo ? (
          <Box component="img" src={v.logo} alt="" sx={{ maxHeight: 36, maxWidth: 150, objectFit: 'contain' }} />
        ) : (
          <Logo size={28} />
        )}
        <Typography noWrap sx={{ fontWeight: 700, fontSize: 14 }}>
          {v.tenantName}
        </Typography>
      </Box>
      <Typography sx={{ mt: 1.25, fontSize: 11, fontWeight: 600, letterSpacing: '0.08em', color: primary }}>
        BACKUP REPORTS
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: 16 }}>Backup Status Summary</Typography>
      <Box sx={{ mt: 1, display: 'grid', gap: 0.75 }}>
        {[72, 54, 88].map((w) => (
          <Box key={w} sx={{ height: 8, width: `${w}%`, borderRadius: 4, bgcolor: '#eef1f6' }} />
        ))}
      </Box>
    </Box>
  );
}

/** Live preview of the branding being edited. */
export function BrandingPreview(v: PreviewValues) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="branding-preview">
      <Box>
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mb: 0.75 }}>Sidebar</Typography>
        <Box sx={{ maxWidth: 240 }}>
          <SidebarCard v={v} />
        </Box>
      </Box>
      <Box>
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mb: 0.75 }}>HTML reports</Typography>
        <ReportHead v={v} />
      </Box>
    </Box>
  );
}
