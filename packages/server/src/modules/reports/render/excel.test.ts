import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetNames, writeExcel } from './excel.ts';
import type { RenderOptions } from './format.ts';
import { longDocument, RED_PNG, summaryDocument } from './test-documents.ts';

async function workbookOf(doc: ReturnType<typeof summaryDocument>, opts?: RenderOptions): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeExcel(doc, out, opts);
  await ended;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
  return book;
}

/** The 1-based row holding the column labels. */
function headerRowOf(ws: ExcelJS.Worksheet, firstLabel: string): number {
  for (let r = 1; r <= 20; r++) if (ws.getRow(r).getCell(1).value === firstLabel) return r;
  throw new Error('no header row');
}

describe('Excel', () => {
  it('has one sheet per section with a title block naming the tenant, report and range', async () => {
    const book = await workbookOf(summaryDocument(5));
    expect(book.worksheets.map((w) => w.name)).toEqual(['Companies', 'Unassigned backups']);
    const ws = book.worksheets[0];
    expect(ws.getCell('A1').value).toBe('Northwind IT & Co — Backup Status Summary');
    expect(String(ws.getCell('A2').value)).toContain('10/24/2026 – 11/22/2026');
    expect(String(ws.getCell('A2').value)).toContain('Generated 11/23/2026 12:05 PM');
    expect(ws.getCell('A3').value).toBe('Companies: All companies');
    const empty = book.worksheets[1];
    const h = headerRowOf(empty, 'Backup');
    expect(empty.getRow(h + 1).getCell(1).value).toBe('Every backup belongs to a company.');
  });

  it('writes typed cells: numbers, percents, real dates in the tenant format, status names', async () => {
    const book = await workbookOf(summaryDocument(5));
    const ws = book.worksheets[0];
    const h = headerRowOf(ws, 'Company');
    const row = ws.getRow(h + 2); // Globex "North"
    expect(row.getCell(1).value).toBe('Globex "North"');
    expect(row.getCell(2).value).toBe(4);
    expect(row.getCell(3).value).toBe(70);
    expect(row.getCell(3).numFmt).toBe('0.0"%"');
    expect(row.getCell(8).value).toBe('Warning');
    expect(row.getCell(8).fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
    // 01:30 UTC on 2 November is 8:30 PM on 1 November in New York: the cell holds that local time.
    expect(row.getCell(9).value).toEqual(new Date(Date.UTC(2026, 10, 1, 20, 30)));
    expect(row.getCell(9).numFmt).toBe('mm/dd/yyyy hh:mm AM/PM');
    expect(row.getCell(10).value).toEqual(new Date(Date.UTC(2026, 9, 2)));
    expect(row.getCell(10).numFmt).toBe('mm/dd/yyyy');
    // A formula-looking name is plain text in a workbook.
    expect(ws.getRow(h + 4).getCell(1).value).toBe('=HYPERLINK("http://x")');
    const totals = ws.getRow(h + 6);
    expect([totals.getCell(1).value, totals.getCell(2).value, totals.getCell(1).font?.bold]).toEqual([
      'Total',
      25,
      true,
    ]);
  });

  it('freezes the panes below the header row and filters the table', async () => {
    const book = await workbookOf(summaryDocument(5));
    const ws = book.worksheets[0];
    const h = headerRowOf(ws, 'Company');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: h });
    expect(ws.autoFilter).toBeTruthy();
    expect(JSON.stringify(ws.autoFilter)).toMatch(new RegExp(`A${h}.*J${h + 5}|"row":${h}`));
    expect(ws.getColumn(1).width).toBeGreaterThan(ws.getColumn(2).width ?? 0);
  });

  it('puts the logo above the title when given', async () => {
    const book = await workbookOf(summaryDocument(3), { logo: { type: 'image/png', bytes: RED_PNG } });
    const ws = book.worksheets[0];
    expect(ws.getImages()).toHaveLength(1);
    expect(ws.getCell('A2').value).toBe('Northwind IT & Co — Backup Status Summary');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRowOf(ws, 'Company') });
  });

  it('streams a big report with every row', async () => {
    const book = await workbookOf(longDocument(1200));
    const ws = book.worksheets[0];
    const h = headerRowOf(ws, 'Company');
    expect(ws.getRow(h + 1200).getCell(1).value).toBe('Company 1200');
  });

  it('makes sheet names Excel accepts', () => {
    const names = sheetNames(['A/B: [x]?', 'a/b: [x]?', 'x'.repeat(40), "'quoted'", '', 'History']);
    expect(names).toEqual(['A B x', 'a b x (2)', 'x'.repeat(31), 'quoted', 'Sheet 5', 'History (2)']);
    for (const n of names) expect(n.length).toBeLessThanOrEqual(31);
  });
});
