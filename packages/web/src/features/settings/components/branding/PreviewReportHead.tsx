// The head of an HTML report in the branding preview, with the logo and primary colour.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DEFAULT_BRANDING } from '@vigil/contract';
import { Logo } from '../../../../components/Logo';
import type { PreviewValues } from './brandingForm';

/** A report's first lines, as the HTML report shows the branding. */
export function PreviewReportHead({ v }: { v: PreviewValues }) {
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
