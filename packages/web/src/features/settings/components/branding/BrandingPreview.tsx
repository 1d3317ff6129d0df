// Live preview of the branding being edited: the sidebar card and a report's head.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PreviewValues } from './brandingForm';
import { PreviewReportHead } from './PreviewReportHead';
import { PreviewSidebarCard } from './PreviewSidebarCard';

/** Live preview of the branding being edited. */
export function BrandingPreview(v: PreviewValues) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="branding-preview">
      <Box>
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mb: 0.75 }}>Sidebar</Typography>
        <Box sx={{ maxWidth: 240 }}>
          <PreviewSidebarCard v={v} />
        </Box>
      </Box>
      <Box>
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mb: 0.75 }}>HTML reports</Typography>
        <PreviewReportHead v={v} />
      </Box>
    </Box>
  );
}
