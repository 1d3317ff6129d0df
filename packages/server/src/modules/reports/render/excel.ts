import ExcelJS from 'exceljs';
import type { ReportCell, ReportColumn, ReportDocument, ReportSection } from '@vigil/contract';
import {
  CellFormat,
  excelFormat,
  fitLogo,
  headerLines,
  rowCount,
  statusName,
  statusStyle,
  widthHints,
  type RenderOptions,
} from './format.ts';

/**
 * Above this many rows the workbook is always streamed. Below it, a workbook with a logo is
 * built in memory, because exceljs's streaming writer cannot place pictures in cells.
 */
const IN_MEMORY_ROWS = 20_000;
const YIELD_EVERY = 1_000;
const MAX_CELL_TEXT = 32_767;

/** Excel's sheet-name rules: ≤ 31 characters, none of []:*?/\, no edge apostrophes, unique ignoring case. */
export function sheetNames(titles: string[]): string[] {
  const taken = new Set<string>(['history']);
  return titles.map((title, i) => {
    const clean =
      title
        .replace(/[[\]:*?/\\\p{Cc}]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^'+|'+$/g, '')
        .slice(0, 31)
        .trim() || `Sheet ${i + 1}`;
    let name = clean;
    for (let n = 2; taken.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = clean.slice(0, 31 - suffix.length).trimEnd() + suffix;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}

/** Character widths in proportion to the hints, averaging 16, never narrower than the label. */
function columnWidths(columns: ReportColumn[]): number[] {
  const hints = widthHints(columns);
  const mean = hints.reduce((a, b) => a + b, 0) / (hints.length || 1);
  return hints.map((h, i) => Math.min(60, Math.max(8, Math.round((h / mean) * 16), columns[i].label.length + 4)));
}

type Style = Partial<ExcelJS.Style>;

/** One style object per kind of cell, so the writer dedupes them instead of comparing thousands. */
function stylesFor(doc: ReportDocument) {
  const fmt = new CellFormat(doc);
  const status = new Map<number, Style>();
  for (let s = 0; s <= 6; s++) {
    const colours = statusStyle(s);
    if (!colours) continue;
    status.set(s, {
      font: { color: { argb: `FF${colours.text.slice(1)}` }, bold: true },
      fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${colours.fill.slice(1)}` } },
    });
  }
  return {
    fmt,
    date: { numFmt: excelFormat(fmt.datePattern) } as Style,
    dateTime: { numFmt: excelFormat(fmt.dateTimePattern) } as Style,
    percent: { numFmt: '0.0"%"' } as Style,
    number: { numFmt: '#,##0.##' } as Style,
    integer: { numFmt: '#,##0' } as Style,
    status,
    header: {
      font: { bold: true, color: { argb: 'FF1B2430' } },
      fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9EDF3' } },
      border: { bottom: { style: 'thin', color: { argb: 'FF98A2B3' } } },
      alignment: { vertical: 'middle' },
    } as Style,
  };
}
type Styles = ReturnType<typeof stylesFor>;

/** A typed cell value and its style: numbers stay numbers, days and instants become Excel dates. */
function typedCell(styles: Styles, column: ReportColumn, value: ReportCell): [ExcelJS.CellValue, Style | undefined] {
  if (value === null || value === '') return [null, undefined];
  switch (column.type) {
    case 'number':
      if (typeof value !== 'number') return [value, undefined];
      return [value, Number.isInteger(value) ? styles.integer : styles.number];
    case 'percent':
      return typeof value === 'number' ? [value, styles.percent] : [value, undefined];
    case 'date': {
      const wall = styles.fmt.wall('date', value);
      return wall ? [wall, styles.date] : [String(value), undefined];
    }
    case 'datetime': {
      const wall = styles.fmt.wall('datetime', value);
      return wall ? [wall, styles.dateTime] : [String(value), undefined];
    }
    case 'status':
      return [statusName(value), styles.status.get(Number(value))];
    default:
      // Excel refuses to open a workbook with a longer cell.
      return [String(value).slice(0, MAX_CELL_TEXT), undefined];
  }
}

interface Sink {
  sheet(name: string, options: Partial<ExcelJS.AddWorksheetOptions>): ExcelJS.Worksheet;
  logo: number | null;
  streaming: boolean;
  finish(): Promise<void>;
}

function openBook(doc: ReportDocument, out: NodeJS.WritableStream, opts: RenderOptions): Sink {
  const logo = opts.logo && /^image\/(png|jpeg|gif)$/.test(opts.logo.type) ? opts.logo : null;
  const meta = { creator: doc.tenantName, created: new Date(doc.generatedAt) };
  if (logo && rowCount(doc) <= IN_MEMORY_ROWS) {
    const book = new ExcelJS.Workbook();
    Object.assign(book, meta);
    const extension = logo.type.slice('image/'.length) as 'png' | 'jpeg' | 'gif';
    // exceljs's types want a browser-style Buffer; Node's Buffer is what it reads.
    const id = book.addImage({ buffer: logo.bytes as unknown as ExcelJS.Buffer, extension });
    return {
      sheet: (name, options) => book.addWorksheet(name, options),
      logo: id,
      streaming: false,
      finish: async () => {
        await book.xlsx.write(out as unknown as import('stream').Stream);
        out.end();
      },
    };
  }
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out as unknown as import('stream').Stream,
    useStyles: true,
    useSharedStrings: false,
    ...meta,
  } as Partial<ExcelJS.stream.xlsx.WorkbookStreamWriterOptions>);
  return {
    sheet: (name, options) => book.addWorksheet(name, options),
    logo: null,
    streaming: true,
    finish: async () => {
      await book.commit();
    },
  };
}

/**
 * The printed page footer: the footer text on the left, the page number on the right. `&` starts
 * a control code in Excel's header language, so the text's own ampersands are doubled.
 */
export function printFooter(footerText: string | null): string {
  const page = '&R&8Page &P of &N';
  if (!footerText) return page;
  // Excel refuses a header or footer over 255 characters, codes included.
  let text = footerText.replace(/[\r\n]+/g, ' ').replace(/&/g, '&&');
  if (text.length > 230) text = text.slice(0, 230).replace(/(^|[^&])(&&)*&$/, (m) => m.slice(0, -1));
  return `&L&8${text}${page}`;
}

async function writeSheet(
  sink: Sink,
  doc: ReportDocument,
  section: ReportSection,
  name: string,
  styles: Styles,
  logo: RenderOptions['logo'],
  footerText: string | null,
): Promise<void> {
  const lines = headerLines(doc, styles.fmt);
  const columns = section.columns;
  const ncols = Math.max(1, columns.length);
  // The header row number decides the frozen pane, so count the rows above it first.
  const above: { text: string; style: Style; height?: number }[] = [];
  if (sink.logo !== null) above.push({ text: '', style: {}, height: 40 });
  above.push({ text: `${doc.tenantName} — ${doc.title}`, style: { font: { bold: true, size: 14 } }, height: 22 });
  const sub = [doc.sections.length > 1 ? section.title : null, lines.range, lines.generated].filter(Boolean);
  above.push({ text: sub.join('  ·  '), style: { font: { color: { argb: 'FF475467' } } } });
  for (const fact of doc.facts) {
    above.push({ text: `${fact.label}: ${fact.value}`, style: { font: { color: { argb: 'FF475467' } } } });
  }
  above.push({ text: '', style: {} });
  const headerRow = above.length + 1;

  const ws = sink.sheet(name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: headerRow, topLeftCell: `A${headerRow + 1}`, activeCell: 'A1' }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    headerFooter: { oddFooter: printFooter(footerText) },
  });
  ws.columns = columnWidths(columns).map((width) => ({ width }));

  if (sink.logo !== null && logo) {
    const size = fitLogo(logo.bytes, 200, 48);
    ws.addImage(sink.logo, { tl: { col: 0.1, row: 0.1 }, ext: size, editAs: 'oneCell' });
  }
  // Rows by number: the in-memory sheet's addRow can start below an empty first row.
  let rowNumber = 0;
  const addRow = (values: ExcelJS.CellValue[]) => {
    const row = ws.getRow(++rowNumber);
    values.forEach((v, j) => (row.getCell(j + 1).value = v));
    return row;
  };
  for (const line of above) {
    const row = addRow([line.text]);
    row.getCell(1).style = line.style;
    if (line.height) row.height = line.height;
    row.commit();
  }

  const header = addRow(columns.map((c) => c.label));
  for (let j = 1; j <= columns.length; j++) header.getCell(j).style = styles.header;
  header.height = 20;
  header.commit();

  const put = (values: ReportCell[], extra?: Style) => {
    const row = addRow([]);
    columns.forEach((column, j) => {
      const [value, style] = typedCell(styles, column, values[j] ?? null);
      const cell = row.getCell(j + 1);
      cell.value = value;
      if (style || extra) cell.style = extra ? { ...style, ...extra, font: { ...style?.font, ...extra.font } } : style!;
    });
    row.commit();
  };
  for (const [i, values] of section.rows.entries()) {
    put(values);
    // Let the zip drain between batches so a big sheet does not pile up in memory.
    if (sink.streaming && i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((r) => setImmediate(r));
  }
  if (section.totals) {
    put(section.totals, { font: { bold: true }, border: { top: { style: 'thin', color: { argb: 'FF98A2B3' } } } });
  }
  if (section.rows.length === 0 && section.emptyText) {
    const row = addRow([section.emptyText]);
    row.getCell(1).style = { font: { italic: true, color: { argb: 'FF667085' } } };
    row.commit();
  }
  if (footerText) {
    addRow([]).commit();
    const row = addRow([footerText]);
    row.getCell(1).style = { font: { color: { argb: 'FF475467' } } };
    row.commit();
  }
  const lastRow = headerRow + section.rows.length;
  ws.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: lastRow, column: ncols } };
  if (sink.streaming) ws.commit();
}

/**
 * Streams the document as an XLSX workbook into `out` (and ends it): one sheet per section,
 * a title block (tenant, report, range, generated at, filters), a frozen and filterable
 * header row, and typed cells in the tenant's date formats.
 */
export async function writeExcel(
  doc: ReportDocument,
  out: NodeJS.WritableStream,
  opts: RenderOptions = {},
): Promise<void> {
  const sink = openBook(doc, out, opts);
  const styles = stylesFor(doc);
  const sections: ReportSection[] = doc.sections.length
    ? doc.sections
    : [{ title: doc.title, columns: [], rows: [], emptyText: 'No data' }];
  const names = sheetNames(sections.map((s) => s.title));
  for (const [i, section] of sections.entries()) {
    await writeSheet(sink, doc, section, names[i], styles, opts.logo, opts.footerText?.trim() || null);
  }
  await sink.finish();
}
