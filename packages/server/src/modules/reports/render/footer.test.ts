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

describe('brand colour', () => {
  const BRAND = '#d4335a';

  /** Pixels of page 1 close to the brand colour, rendered by poppler at 40 dpi. */
  async function brandPixels(opts: RenderOptions, name: string): Promise<number> {
    const file = path.join(dir, `${name}.pdf`);
    await writeFile(file, await renderPdf(summaryDocument(3), opts));
    const { stdout } = await run('pdftoppm', ['-r', '40', '-f', '1', '-l', '1', file], {
      encoding: 'buffer',
      maxBuffer: 32 * 1024 * 1024,
    });
    const ppm = stdout as unknown as Buffer;
    // P6 header: magic, width, height, maxval, each followed by one whitespace byte.
    let at = 0;
    const fields: string[] = [];
    while (fields.length < 4) {
      let end = at;
      while (!/\s/.test(String.fromCharCode(ppm[end]))) end++;
      fields.push(ppm.subarray(at, end).toString('latin1'));
      at = end + 1;
    }
    expect(fields[0]).toBe('P6');
    const [r0, g0, b0] = [0xd4, 0x33, 0x5a];
    let hits = 0;
    for (let i = at; i + 2 < ppm.length; i += 3) {
      if (Math.abs(ppm[i] - r0) + Math.abs(ppm[i + 1] - g0) + Math.abs(ppm[i + 2] - b0) < 60) hits++;
    }
    return hits;
  }

  it('draws the tenant colour as the rule under the PDF header, and nothing without one', async () => {
    expect(await brandPixels({ primaryColor: BRAND }, 'brand-rule')).toBeGreaterThan(40);
    expect(await brandPixels({}, 'no-brand-rule')).toBe(0);
  });

  it('colours the HTML header rule, and ignores a value that is not a plain colour', () => {
    expect(renderHtml(summaryDocument(2), { primaryColor: BRAND })).toContain(`border-bottom-color: ${BRAND}`);
    const odd = renderHtml(summaryDocument(2), { primaryColor: 'red; } body { display: none' });
    expect(odd).not.toContain('display: none');
  });
});
