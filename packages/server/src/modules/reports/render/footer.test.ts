import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFooter } from '../../branding/footer.ts';
import { printFooter, writeExcel } from './excel.ts';
import type { RenderOptions } from './format.ts';
import { renderHtml } from './html.ts';
import { renderPdf } from './pdf.ts';
import { longDocument, RED_PNG, summaryDocument } from './test-documents.ts';

const run = promisify(execFile);
const FOOTER = 'Managed by Northwind IT & Co — call 555-0100 <support>';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vigil-footer-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pdfText(opts: RenderOptions, name: string): Promise<{ text: string; pages: number }> {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, await renderPdf(longDocument(60), opts));
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return { text: stdout, pages: stdout.split('\f').filter((p) => p.trim()).length };
}

async function workbook(opts: RenderOptions): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeExcel(summaryDocument(5), out, opts);
  await ended;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
  return book;
}

const cellTexts = (ws: ExcelJS.Worksheet) => {
  const texts: string[] = [];
  ws.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.value))));
  return texts;
};

describe('branding footer text', () => {
  it('is printed at the foot of every PDF page, and leaves nothing behind when empty', async () => {
    const branded = await pdfText({ footerText: FOOTER }, 'branded');
    expect(branded.pages).toBeGreaterThan(1);
    expect(branded.text.match(/Managed by Northwind IT & Co — call 555-0100 <support>/g)?.length).toBe(branded.pages);
    expect(branded.text).toContain(`Page ${branded.pages} of ${branded.pages}`);
    const plain = await pdfText({ footerText: '' }, 'plain');
    expect(plain.text).not.toContain('Managed by');
    expect(plain.text).toContain('Page 1 of');
  });

  it('closes the HTML report, escaped', () => {
    const html = renderHtml(summaryDocument(3), { footerText: FOOTER });
    expect(html).toContain(
      '<footer class="brand">Managed by Northwind IT &amp; Co — call 555-0100 &lt;support&gt;</footer>\n</body>',
    );
    expect(renderHtml(summaryDocument(3), { footerText: null })).not.toContain('<footer');
  });

  it('ends every Excel sheet and its printed pages, in memory and streamed', async () => {
    // With a logo the workbook is built in memory, without one it is streamed.
    for (const logo of [{ type: 'image/png', bytes: RED_PNG }, null]) {
      const book = await workbook({ footerText: FOOTER, logo });
      for (const ws of book.worksheets) {
        expect(cellTexts(ws).at(-1)).toBe(FOOTER);
        expect(ws.headerFooter.oddFooter).toBe(
          '&L&8Managed by Northwind IT && Co — call 555-0100 <support>&R&8Page &P of &N',
        );
      }
    }
    const plain = await workbook({});
    for (const ws of plain.worksheets) {
      expect(cellTexts(ws).some((t) => t.includes('Managed by'))).toBe(false);
      expect(ws.headerFooter.oddFooter).toBe('&R&8Page &P of &N');
    }
  });

  it('keeps the Excel print footer within its 255 characters', () => {
    const footer = printFooter('&'.repeat(200));
    expect(footer.length).toBeLessThanOrEqual(255);
    // Never a lone ampersand left at the cut: that would start a control code.
    const text = footer.slice('&L&8'.length, footer.indexOf('&R&8Page'));
    expect(text.length % 2).toBe(0);
    expect(text.length).toBeGreaterThan(200);
  });

  it('goes under a mail text after a blank line, and not at all when blank', () => {
    expect(withFooter('Report attached.', FOOTER)).toBe(`Report attached.\n\n${FOOTER}`);
    expect(withFooter('Report attached.', '   ')).toBe('Report attached.');
    expect(withFooter('Report attached.', null)).toBe('Report attached.');
  });
});
