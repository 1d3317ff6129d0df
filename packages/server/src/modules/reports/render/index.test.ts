import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { renderReport } from './index.ts';
import { summaryDocument } from './test-documents.ts';

describe('renderReport', () => {
  const doc = summaryDocument(4);

  it.each([
    [0, 'text/html; charset=utf-8', 'html', '<!DOCTYPE html>'],
    [1, 'application/pdf', 'pdf', '%PDF-'],
    [2, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', 'PK'],
    [4, 'text/csv; charset=utf-8', 'csv', '\ufeffCompany,'],
  ] as const)('format %i gives %s', async (format, contentType, ext, start) => {
    const file = await renderReport(doc, format);
    expect(file.contentType).toBe(contentType);
    expect(file.fileName).toBe(`Backup Status Summary 2026-10-24–2026-11-22.${ext}`);
    expect(file.body.toString('utf8', 0, 20).startsWith(start)).toBe(true);
  });

  it('buffers a workbook Excel opens', async () => {
    const file = await renderReport(doc, 2);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ExcelJS.Buffer);
    expect(book.worksheets).toHaveLength(2);
  });

  it('refuses an unknown format', async () => {
    await expect(renderReport(doc, 3 as 0)).rejects.toThrow(RangeError);
  });
});
