import { memo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import type { ReportColumn, ReportDocument, ReportSection } from '@vigil/contract';
import { dayStatusInfo } from '../../../lib/audit';
import { formatDate } from '../../../lib/format';
import { formatCell, formatsOf, isNumericColumn, rangeText, type CellFormats } from '../reportCells';

/** Only an image the tenant uploaded (inline, or served by us) is shown; anything else counts as no logo. */
function usableLogo(src: string | null | undefined): string | null {
  return src &&
    (/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,/.test(src) || /^\/api\/image\/[A-Za-z0-9_-]+$/.test(src))
    ? src
    : null;
}

function tableSx(t: Theme) {
  const line = t.palette.divider;
  return {
    width: '100%',
    borderCollapse: 'collapse',
    fontSize: 13,
    fontVariantNumeric: 'tabular-nums',
    '& th, & td': { px: 1, py: 0.75, borderBottom: `1px solid ${line}`, textAlign: 'left', verticalAlign: 'top' },
    '& th': {
      fontWeight: 600,
      color: 'text.secondary',
      bgcolor: t.palette.grey[50],
      borderBottom: `2px solid ${line}`,
      whiteSpace: 'nowrap',
    },
    '& td.num, & th.num': { textAlign: 'right', whiteSpace: 'nowrap' },
    '& td.when': { whiteSpace: 'nowrap' },
    '& tbody tr:nth-of-type(even) td': { bgcolor: alpha(t.palette.grey[100], 0.5) },
    '& tfoot td': { fontWeight: 700, borderTop: `2px solid ${line}`, borderBottom: 'none' },
    '& .status': {
      display: 'inline-flex',
      alignItems: 'center',
      gap: 0.75,
      px: 1,
      py: 0.25,
      borderRadius: 10,
      fontSize: 12,
      fontWeight: 600,
      whiteSpace: 'nowrap',
      color: 'var(--status)',
      bgcolor: 'var(--status-bg)',
    },
    '& .status::before': { content: '""', width: 7, height: 7, borderRadius: '50%', bgcolor: 'var(--status)' },
    // Print (features §2.5 print button): headers repeat on every page, rows do not split,
    // and totals print once at the end rather than under every page.
    '@media print': {
      fontSize: 10,
      '& thead': { display: 'table-header-group' },
      '& tfoot': { display: 'table-row-group' },
      '& tr': { breakInside: 'avoid' },
      '& th, & td': { px: 0.5, py: 0.4 },
      '& .status': { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
    },
  } as const;
}

function Cell({
  column,
  value,
  f,
}: {
  column: ReportColumn;
  value: ReportDocument['sections'][0]['rows'][0][0];
  f: CellFormats;
}) {
  const theme = useTheme();
  const text = formatCell(value, column.type, f);
  if (column.type === 'status' && typeof value === 'number') {
    const colour = theme.palette.status[dayStatusInfo(value).colour];
    return (
      <td>
        <span
          className="status"
          data-status={value}
          style={{ ['--status' as string]: colour, ['--status-bg' as string]: alpha(colour, 0.12) }}
        >
          {text}
        </span>
      </td>
    );
  }
  const cls = isNumericColumn(column.type)
    ? 'num'
    : column.type === 'date' || column.type === 'datetime'
      ? 'when'
      : undefined;
  return <td className={cls}>{text}</td>;
}

const SectionTable = memo(function SectionTable({ section, f }: { section: ReportSection; f: CellFormats }) {
  const theme = useTheme();
  return (
    <Box component="section" sx={{ mt: 4, '@media print': { mt: 2 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1, breakAfter: 'avoid' }}>
        {section.title}
        <Typography component="span" sx={{ ml: 1, color: 'text.secondary', fontSize: 14 }}>
          {section.rows.length.toLocaleString('en-US')} {section.rows.length === 1 ? 'row' : 'rows'}
        </Typography>
      </Typography>
      {section.rows.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{section.emptyText ?? 'Nothing to report.'}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', '@media print': { overflow: 'visible' } }}>
          <Box component="table" sx={tableSx(theme)} aria-label={section.title}>
            <thead>
              <tr>
                {section.columns.map((c) => (
                  <th key={c.key} scope="col" className={isNumericColumn(c.type) ? 'num' : undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {section.rows.map((row, i) => (
                <tr key={i}>
                  {section.columns.map((c, j) => (
                    <Cell key={c.key} column={c} value={row[j] ?? null} f={f} />
                  ))}
                </tr>
              ))}
            </tbody>
            {section.totals && (
              <tfoot>
                <tr>
                  {section.columns.map((c, j) => (
                    <Cell key={c.key} column={c} value={section.totals?.[j] ?? null} f={f} />
                  ))}
                </tr>
              </tfoot>
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
});

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
  const range = rangeText(doc);
  const src = doc.hasLogo ? usableLogo(logo) : null;
  return (
    <Box component="article" aria-label={doc.title} sx={{ color: 'text.primary' }}>
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
      {doc.facts.length > 0 && (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 0.5,
            my: 2,
            fontSize: 14,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0 },
          }}
        >
          {doc.facts.map((fact) => (
            <Box key={fact.label} sx={{ display: 'contents' }}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </Box>
          ))}
        </Box>
      )}
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
