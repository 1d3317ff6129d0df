import { createRequire } from 'node:module';
import path from 'node:path';
import pdfMake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { ReportColumn, ReportDocument, ReportSection } from '@vigil/contract';
import { CellFormat, fitLogo, headerLines, rowCount, statusStyle, widthHints, type RenderOptions } from './format.ts';

/**
 * Past this many rows a PDF still renders (about 0.75 ms and 35 kB of memory a row, all held
 * until the layout is done), but says that Excel or CSV suit the data better.
 */
export const LARGE_PDF_ROWS = 20_000;

// Roboto ships with pdfmake and covers accented and Cyrillic names, which the 14 standard fonts do not.
const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);
pdfMake.setFonts({
  Roboto: {
    normal: path.join(fontDir, 'Roboto-Regular.ttf'),
    bold: path.join(fontDir, 'Roboto-Medium.ttf'),
    italics: path.join(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
  },
});
// Reports never fetch anything: no URLs, and no files but the fonts.
pdfMake.setUrlAccessPolicy(() => false);
pdfMake.setLocalAccessPolicy((p) => path.resolve(p).startsWith(fontDir + path.sep));

const INK = '#1b2430';
const MUTED = '#667085';
const RULE = '#d0d5dd';
const HEADER_FILL = '#e9edf3';
const ZEBRA_FILL = '#f6f7f9';

const isNumeric = (c: ReportColumn) => c.type === 'number' || c.type === 'percent';

function bodyRows(section: ReportSection, rows: ReportSection['rows'], fmt: CellFormat, bold = false): TableCell[][] {
  return rows.map((values) =>
    section.columns.map((column, j): TableCell => {
      const value = values[j] ?? null;
      const text = fmt.text(column, value);
      if (column.type === 'status') {
        const colours = statusStyle(value);
        return colours ? { text, fillColor: colours.fill, color: colours.text, bold: true } : text;
      }
      if (isNumeric(column)) return { text, alignment: 'right', bold };
      return bold ? { text, bold } : text;
    }),
  );
}

/** Page width in points (A4 and A2, portrait). */
const PAGE_WIDTH = { A4: 595.28, A2: 1190.55 } as const;
const PAGE_HEIGHT = { A4: 841.89, A2: 1683.78 } as const;
const SIDE_MARGIN = 36;
/** Left and right cell padding plus the rule between cells, per column. */
const CELL_CHROME = 9;
/**
 * Column widths in points that always fit the page: every column gets a share of the content
 * width by its width hint, so a wide table wraps its text instead of running off the right edge.
 */
export function columnWidths(columns: ReportColumn[], contentWidth: number): number[] {
  const weights = widthHints(columns);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const available = Math.max(contentWidth - columns.length * CELL_CHROME, columns.length * 12);
  return weights.map((w) => Math.floor((available * w) / total));
}

function sectionContent(section: ReportSection, fmt: CellFormat, first: boolean, contentWidth: number): Content[] {
  const heading: Content = {
    text: section.title,
    style: 'section',
    ...(first ? {} : { pageBreak: 'before' as const }),
  };
  if (section.rows.length === 0 && section.emptyText) {
    return [heading, { text: section.emptyText, italics: true, color: MUTED }];
  }
  const widths = columnWidths(section.columns, contentWidth);
  const header: TableCell[] = section.columns.map((c) => ({
    text: c.label,
    bold: true,
    alignment: isNumeric(c) ? 'right' : 'left',
  }));
  const body = [header, ...bodyRows(section, section.rows, fmt)];
  if (section.totals) body.push(...bodyRows(section, [section.totals], fmt, true));
  return [heading, { table: { headerRows: 1, widths, body }, layout: 'report' }];
}

function definition(doc: ReportDocument, opts: RenderOptions): TDocumentDefinitions {
  const fmt = new CellFormat(doc);
  const lines = headerLines(doc, fmt);
  const logo = opts.logo && /^image\/(png|jpeg)$/.test(opts.logo.type) ? opts.logo : null;
  const logoSize = logo ? fitLogo(logo.bytes, 110, 30) : null;
  const rows = rowCount(doc);
  const footerText = opts.footerText?.trim() || null;
  const brandRule = opts.primaryColor && /^#[0-9a-f]{6}$/i.test(opts.primaryColor) ? opts.primaryColor : null;

  const intro: Content[] = [
    { text: doc.title, style: 'title' },
    { text: [lines.range, lines.generated].filter(Boolean).join('   ·   '), color: MUTED, margin: [0, 2, 0, 0] },
    ...doc.facts.map((f): Content => ({ text: [{ text: `${f.label}: `, bold: true }, f.value], margin: [0, 2, 0, 0] })),
  ];
  if (rows > LARGE_PDF_ROWS) {
    intro.push({
      text: `This report has ${rows.toLocaleString('en-US')} rows; the Excel or CSV file is easier to work with at this size.`,
      italics: true,
      color: MUTED,
      margin: [0, 4, 0, 0],
    });
  }
  const size = opts.formatA2 ? 'A2' : 'A4';
  const contentWidth = (opts.landscape ? PAGE_HEIGHT[size] : PAGE_WIDTH[size]) - 2 * SIDE_MARGIN;
  const sections = doc.sections.flatMap((s, i) => sectionContent(s, fmt, i === 0, contentWidth));

  return {
    pageSize: opts.formatA2 ? 'A2' : 'A4',
    pageOrientation: opts.landscape ? 'landscape' : 'portrait',
    // A footer text of up to 200 characters takes at most two lines above the page numbers.
    pageMargins: [SIDE_MARGIN, 62, SIDE_MARGIN, footerText ? 58 : 40],
    info: { title: doc.title, author: doc.tenantName, creator: doc.tenantName },
    images: logo ? { logo: `data:${logo.type};base64,${logo.bytes.toString('base64')}` } : undefined,
    header: () => ({
      margin: [36, 18, 36, 0],
      stack: [
        {
          columns: [
            ...(logo && logoSize ? [{ image: 'logo', width: logoSize.width, height: logoSize.height }] : []),
            {
              text: doc.tenantName,
              bold: true,
              fontSize: 11,
              margin: [logo ? 10 : 0, logoSize ? Math.max(0, logoSize.height / 2 - 7) : 0, 0, 0],
              width: '*',
            },
            { text: doc.title, color: MUTED, alignment: 'right', width: 'auto', margin: [0, 2, 0, 0] },
          ],
        },
        // The tenant's primary colour, when it chose one, as a rule under the header.
        ...(brandRule
          ? [
              {
                canvas: [
                  {
                    type: 'line' as const,
                    x1: 0,
                    y1: 4,
                    x2: contentWidth,
                    y2: 4,
                    lineWidth: 1.5,
                    lineColor: brandRule,
                  },
                ],
              },
            ]
          : []),
      ],
    }),
    footer: (page, pages) => ({
      margin: [36, footerText ? 8 : 12, 36, 0],
      stack: [
        ...(footerText ? [{ text: footerText, color: MUTED, fontSize: 7, alignment: 'center' as const }] : []),
        {
          margin: [0, footerText ? 3 : 0, 0, 0],
          columns: [
            { text: lines.generated, color: MUTED, fontSize: 7 },
            { text: `Page ${page} of ${pages}`, alignment: 'right', color: MUTED, fontSize: 7 },
          ],
        },
      ],
    }),
    content: [...intro, ...sections],
    defaultStyle: { font: 'Roboto', fontSize: 8, color: INK, lineHeight: 1.1 },
    styles: {
      title: { fontSize: 16, bold: true },
      section: { fontSize: 11, bold: true, margin: [0, 14, 0, 6] },
    },
  };
}

/** Zebra rows under a shaded header; cells with their own fill (status) keep it. */
pdfMake.addTableLayouts({
  report: {
    hLineWidth: (i, node) => (i === 1 || i === node.table.body.length ? 0.6 : 0),
    vLineWidth: () => 0,
    hLineColor: () => RULE,
    fillColor: (row) => (row === 0 ? HEADER_FILL : row % 2 === 0 ? ZEBRA_FILL : null),
    paddingLeft: () => 4,
    paddingRight: () => 4,
    paddingTop: () => 2.5,
    paddingBottom: () => 2.5,
  },
});

/**
 * The document as a PDF: tenant logo and name and the title on every page, the range,
 * generated-at and filters on the first, one table per section with its header repeated on
 * each page, and "Page N of M" in the footer. A4 portrait unless asked for landscape or A2.
 */
export async function renderPdf(doc: ReportDocument, opts: RenderOptions = {}): Promise<Buffer> {
  return pdfMake.createPdf(definition(doc, opts)).getBuffer();
}
