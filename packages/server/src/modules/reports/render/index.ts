import { PassThrough } from 'node:stream';
import type { ReportDocument } from '@vigil/contract';
import { writeCsv } from './csv.ts';
import { writeExcel } from './excel.ts';
import { reportFileName, type RenderOptions } from './format.ts';
import { renderHtml } from './html.ts';
import { renderPdf } from './pdf.ts';

export { writeCsv } from './csv.ts';
export { writeExcel } from './excel.ts';
export { renderHtml } from './html.ts';
export { renderPdf, LARGE_PDF_ROWS } from './pdf.ts';
export { reportFileName, type RenderOptions } from './format.ts';

export interface RenderedReport {
  fileName: string;
  contentType: string;
  body: Buffer;
}

export const REPORT_CONTENT_TYPES = {
  0: 'text/html; charset=utf-8',
  1: 'application/pdf',
  2: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  4: 'text/csv; charset=utf-8',
} as const;

const EXTENSIONS = { 0: 'html', 1: 'pdf', 2: 'xlsx', 4: 'csv' } as const;

/** Runs a streaming writer into memory. */
async function buffered(write: (out: NodeJS.WritableStream) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await write(out);
  await ended;
  return Buffer.concat(chunks);
}

/** A report document as a file in one of the report formats (Html 0, Pdf 1, Excel 2, Csv 4). */
export async function renderReport(
  doc: ReportDocument,
  format: 0 | 1 | 2 | 4,
  opts: RenderOptions = {},
): Promise<RenderedReport> {
  let body: Buffer;
  switch (format) {
    case 0:
      body = Buffer.from(renderHtml(doc, opts), 'utf8');
      break;
    case 1:
      body = await renderPdf(doc, opts);
      break;
    case 2:
      body = await buffered((out) => writeExcel(doc, out, opts));
      break;
    case 4:
      body = await buffered((out) => writeCsv(doc, out));
      break;
    default:
      throw new RangeError(`Unknown report format ${String(format)}`);
  }
  return { fileName: reportFileName(doc, EXTENSIONS[format]), contentType: REPORT_CONTENT_TYPES[format], body };
}
