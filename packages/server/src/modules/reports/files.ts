import { PassThrough } from 'node:stream';
import type { ReportDocument } from '@vigil/contract';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { tenantBrand } from '../branding/footer.ts';
import {
  REPORT_CONTENT_TYPES,
  renderReport,
  reportFileName,
  writeCsv,
  writeExcel,
  type RenderOptions,
} from './render/index.ts';

export const canReport = { access: { permissions: ['reporting.getondemandreport'] } };
/** `attachment` with an ASCII fallback name and the exact one in RFC 5987 form. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '-').replace(/["\\]/g, '-');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The tenant's logo and footer text for the printed formats. */
export async function reportBrand(
  deps: Pick<Deps, 'database'>,
  tenantId: number,
): Promise<Pick<RenderOptions, 'logo' | 'footerText'>> {
  return tenantBrand(deps.database, tenantId);
}

/**
 * Answers a document as a file. CSV and Excel stream straight into the response, so a report
 * of a hundred thousand rows never sits in memory as a file.
 */
export async function sendReportFile(
  reply: FastifyReply,
  doc: ReportDocument,
  format: 0 | 1 | 2 | 4,
  opts: RenderOptions = {},
): Promise<FastifyReply> {
  if (format === 2 || format === 4) {
    const out = new PassThrough();
    const writing = format === 4 ? writeCsv(doc, out) : writeExcel(doc, out, opts);
    writing.catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
    return reply
      .header('content-type', REPORT_CONTENT_TYPES[format])
      .header('content-disposition', attachment(reportFileName(doc, format === 4 ? 'csv' : 'xlsx')))
      .send(out);
  }
  const file = await renderReport(doc, format, opts);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachment(file.fileName))
    .send(file.body);
}
