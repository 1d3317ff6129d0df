import Box from '@mui/material/Box';
import type { ReportDocument } from '@vigil/contract';
import { formatsOf } from '../reportCells';
import { ReportFacts } from './view/ReportFacts';
import { ReportHeader } from './view/ReportHeader';
import { SectionTable } from './view/SectionTable';

/**
 * The HTML report (features §2.5): the tenant's logo and name, the title, range and filters in
 * words, then each section as a table with typed cells, status chips and totals.
 */
export function ReportView({
  doc,
  logo,
  brandColor,
  footer,
}: {
  doc: ReportDocument;
  logo?: string | null;
  /** The tenant's primary colour (Settings → Branding) for the header rule and category. */
  brandColor?: string | null;
  /** The tenant's footer text (Settings → Branding), closing the report as on the printed copies. */
  footer?: string | null;
}) {
  const f = formatsOf(doc);
  return (
    <Box component="article" aria-label={doc.title} sx={{ color: 'text.primary' }}>
      <ReportHeader doc={doc} logo={logo} brandColor={brandColor} />
      {doc.facts.length > 0 && <ReportFacts facts={doc.facts} />}
      {doc.sections.map((s, i) => (
        <SectionTable key={`${i}-${s.title}`} section={s} f={f} />
      ))}
      {footer?.trim() && (
        <Box
          component="footer"
          data-testid="report-footer"
          sx={{
            mt: 4,
            pt: 1.5,
            borderTop: 1,
            borderColor: 'divider',
            color: 'text.secondary',
            fontSize: 13,
            whiteSpace: 'pre-line',
          }}
        >
          {footer.trim()}
        </Box>
      )}
    </Box>
  );
}
