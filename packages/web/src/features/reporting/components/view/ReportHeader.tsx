// The head of a report: the tenant's logo and name, when it was generated, the category, title and range.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReportDocument } from '@vigil/contract';
import { formatDate } from '../../../../lib/format';
import { rangeText } from '../../reportCells';

/** Only an image the tenant uploaded (inline, or served by us) is shown; anything else counts as no logo. */
function usableLogo(src: string | null | undefined): string | null {
  return src &&
    (/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,/.test(src) || /^\/api\/image\/[A-Za-z0-9_-]+$/.test(src))
    ? src
    : null;
}

export function ReportHeader({
  doc,
  logo,
  brandColor,
}: {
  doc: ReportDocument;
  logo?: string | null;
  brandColor?: string | null;
}) {
  const range = rangeText(doc);
  const src = doc.hasLogo ? usableLogo(logo) : null;
  return (
    <>
      <Box
        component="header"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          pb: 2,
          borderBottom: 2,
          borderColor: brandColor ?? 'primary.main',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          {src && (
            <Box component="img" src={src} alt={`${doc.tenantName} logo`} sx={{ maxHeight: 48, maxWidth: 180 }} />
          )}
          <Typography sx={{ fontWeight: 700, fontSize: 18 }} data-testid="report-tenant">
            {doc.tenantName}
          </Typography>
        </Box>
        <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>
          Generated {formatDate(doc.generatedAt, `${doc.dateFormat} ${doc.timeFormat}`, doc.timeZone)} ({doc.timeZone})
        </Typography>
      </Box>
      <Box sx={{ mt: 2.5 }}>
        <Typography variant="overline" sx={{ color: brandColor ?? 'primary.main', display: 'block', lineHeight: 1.6 }}>
          {doc.category}
        </Typography>
        <Typography variant="h4" component="h1">
          {doc.title}
        </Typography>
        {range && (
          <Typography sx={{ mt: 0.5, fontSize: 16 }} data-testid="report-range">
            {range}
          </Typography>
        )}
      </Box>
    </>
  );
}
