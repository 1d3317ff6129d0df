import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import type { ReportCell, ReportColumn, ReportDocument } from '@vigil/contract';
import { CellFormat } from './format.ts';

/** Text a spreadsheet would run as a formula when the file is opened. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV is pure rows so any tool can load it: the first section's header row comes first, then
 * its rows and totals; each further section follows a blank line and a one-field line with its
 * title. No branding or comment lines. Text that a spreadsheet would read as a formula gets a
 * leading apostrophe, since names and failure texts come from outside mail.
 */
export function* csvRecords(doc: ReportDocument): Generator<string[]> {
  const fmt = new CellFormat(doc);
  const cell = (column: ReportColumn, value: ReportCell) => {
    const text = fmt.text(column, value);
    return column.type === 'text' && FORMULA_START.test(text) ? `'${text}` : text;
  };
  for (const [i, section] of doc.sections.entries()) {
    if (i > 0) {
      yield [];
      yield [section.title];
    }
    yield section.columns.map((c) => c.label);
    for (const row of section.rows) yield section.columns.map((c, j) => cell(c, row[j] ?? null));
    if (section.totals) yield section.columns.map((c, j) => cell(c, section.totals?.[j] ?? null));
  }
}

/** Streams the document as RFC 4180 CSV (CRLF, UTF-8 with a BOM so Excel reads the accents) and ends `out`. */
export async function writeCsv(doc: ReportDocument, out: NodeJS.WritableStream): Promise<void> {
  await pipeline(Readable.from(csvChunks(doc)), out);
}

/** Records per chunk: a stream step per record costs more than writing the record itself. */
const CHUNK_RECORDS = 2000;

/** The CSV text in chunks of records: the BOM first, then each chunk stringified at once. */
function* csvChunks(doc: ReportDocument): Generator<string> {
  yield '\uFEFF';
  let batch: string[][] = [];
  const flush = () => {
    // Lone CR or LF inside a field is quoted too: many readers split records on either.
    const text = stringify(batch, { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
    batch = [];
    return text;
  };
  for (const record of csvRecords(doc)) {
    batch.push(record);
    if (batch.length >= CHUNK_RECORDS) yield flush();
  }
  if (batch.length) yield flush();
}
