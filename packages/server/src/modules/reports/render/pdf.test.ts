import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportColumn } from '@vigil/contract';
import { columnWidths, renderPdf } from './pdf.ts';
import { longDocument, RED_PNG, summaryDocument } from './test-documents.ts';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vigil-pdf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** pdfinfo's facts about a PDF (pages, page size). */
async function info(pdf: Buffer, name: string): Promise<Record<string, string>> {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdfinfo', [file]);
  return Object.fromEntries(
    stdout.split('\n').map((l) => [l.split(':')[0].trim(), l.split(':').slice(1).join(':').trim()]),
  );
}

/** Standard deviation of the grey levels of the first page at 50 dpi: 0 for a blank page. */
async function firstPageVariance(pdf: Buffer, name: string): Promise<number> {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  // A binary PGM: "P5 <width> <height> 255" and one byte a pixel.
  await run('pdftoppm', ['-gray', '-r', '50', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, name)]);
  const pgm = await readFile(path.join(dir, `${name}.pgm`));
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40));
  if (!header) throw new Error('not a PGM');
  const grey = pgm.subarray(header[0].length);
  expect(grey.length).toBe(Number(header[1]) * Number(header[2]));
  let sum = 0;
  for (const g of grey) sum += g;
  const mean = sum / grey.length;
  let squares = 0;
  for (const g of grey) squares += (g - mean) ** 2;
  return Math.sqrt(squares / grey.length);
}

describe('PDF', () => {
  it('renders a 200-company summary quickly, on several A4 portrait pages with a drawn first page', async () => {
    const started = performance.now();
    const pdf = await renderPdf(summaryDocument(200), { logo: { type: 'image/png', bytes: RED_PNG } });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const facts = await info(pdf, 'summary');
    expect(Number(facts.Pages)).toBeGreaterThan(1);
    expect(facts['Page size']).toMatch(/^595\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(facts.Title).toBe('Backup Status Summary');
    expect(await firstPageVariance(pdf, 'summary')).toBeGreaterThan(10);
  });

  it('prints "Page N of M" in the footer and the tenant in the header', async () => {
    const pdf = await renderPdf(longDocument(60));
    const file = path.join(dir, 'paged.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    const pages = Number((await info(pdf, 'paged')).Pages);
    expect(pages).toBeGreaterThan(1);
    expect(stdout).toContain(`Page 1 of ${pages}`);
    expect(stdout).toContain(`Page ${pages} of ${pages}`);
    expect(stdout.match(/Northwind IT & Co/g)?.length).toBe(pages);
    // The column labels repeat at the top of every page.
    expect(stdout.match(/Monitored/g)?.length).toBe(pages);
  });

  it('turns landscape and grows to A2 when asked', async () => {
    const doc = longDocument(10);
    expect((await info(await renderPdf(doc, { landscape: true }), 'landscape'))['Page size']).toMatch(
      /^841\.\d+ x 595\.\d+/,
    );
    expect((await info(await renderPdf(doc, { formatA2: true }), 'a2'))['Page size']).toMatch(/\(A2\)/);
  });

  it('prints a cell taller than a page in full, across pages', async () => {
    const base = summaryDocument(0);
    const text = Array.from({ length: 150 }, (_, i) => `Line ${i}: VSS writer failed on volume C:`).join('\n');
    const doc = {
      ...base,
      sections: [
        {
          title: 'Failures',
          columns: [
            { key: 'company', label: 'Company', type: 'text' as const },
            { key: 'text', label: 'Failure text', type: 'text' as const },
          ],
          rows: [
            ['Acme', text],
            ['Globex', 'short'],
          ],
        },
      ],
    };
    const file = path.join(dir, 'tall.pdf');
    await writeFile(file, await renderPdf(doc));
    const { stdout } = await run('pdftotext', [file, '-']);
    expect(stdout.match(/Line \d+:/g)).toHaveLength(150);
    expect(stdout).toContain('Globex');
  });

  it('shows the empty text instead of an empty table', async () => {
    const doc = summaryDocument(0);
    const file = path.join(dir, 'empty.pdf');
    await writeFile(file, await renderPdf({ ...doc, sections: [{ ...doc.sections[1] }] }));
    const { stdout } = await run('pdftotext', [file, '-']);
    expect(stdout).toContain('Every backup belongs to a company.');
  });
});

describe('PDF column widths', () => {
  it('fit twelve columns across an A4 portrait page, text wider than numbers', () => {
    const columns: ReportColumn[] = [
      ...['Company', 'Device', 'Job', 'Vendor', 'Schedule'].map((label) => ({
        key: label,
        label,
        type: 'text' as const,
      })),
      ...['Scheduled', 'Good', 'Days since'].map((label) => ({ key: label, label, type: 'number' as const })),
      { key: 'c', label: 'Compliance', type: 'percent' },
      { key: 'l', label: 'Last good', type: 'date' },
      { key: 'r', label: 'RPO', type: 'number' },
      { key: 'b', label: 'Breach', type: 'text', width: 1 },
    ];
    const content = 595.28 - 72;
    const widths = columnWidths(columns, content);
    expect(widths).toHaveLength(12);
    expect(widths.reduce((a, b) => a + b, 0) + 12 * 9).toBeLessThanOrEqual(content);
    expect(widths[0]).toBeGreaterThan(widths[5] * 2);
    expect(Math.min(...widths)).toBeGreaterThan(12);
  });
});
