import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeCsv } from './csv.ts';
import { AWKWARD_NAMES, summaryDocument } from './test-documents.ts';
import { parseCsv } from '../../../parser/csv.ts';

async function csvOf(doc: ReturnType<typeof summaryDocument>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeCsv(doc, out);
  return Buffer.concat(chunks);
}

describe('CSV', () => {
  it('is UTF-8 with a BOM, CRLF records and nothing above the header row', async () => {
    const body = await csvOf(summaryDocument(3));
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = body.toString('utf8').slice(1);
    expect(text.startsWith('Company,Backups,Success rate,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('reads back to the same rows, in the tenant formats, with sections after a blank line and a title', async () => {
    const doc = summaryDocument(8);
    const rows = parseCsv((await csvOf(doc)).toString('utf8').slice(1), { keepBlankRows: true });
    expect(rows[0]).toEqual(doc.sections[0].columns.map((c) => c.label));
    const names = rows.slice(1, 9).map((r) => r[0]);
    // A value a spreadsheet would run as a formula is kept as text.
    expect(names.slice(0, AWKWARD_NAMES.length)).toEqual(AWKWARD_NAMES.map((n) => (n.startsWith('=') ? `'${n}` : n)));
    expect(rows[2]).toEqual([
      'Globex "North"',
      '4',
      '70.0%',
      '21',
      '1',
      '3',
      '1',
      'Warning',
      '11/01/2026 08:30 PM',
      '10/02/2026',
    ]);
    expect(rows[9]).toEqual(['Total', '37', '80.5%', '', '', '', '', '', '', '']);
    expect(rows.slice(10)).toEqual([[''], ['Unassigned backups'], ['Backup']]);
  });

  it('writes day-first tenants day first', async () => {
    const doc = summaryDocument(2, { dateFormat: 'DD/MM/yyyy', timeFormat: 'HH:mm', timeZone: 'UTC' });
    const rows = parseCsv((await csvOf(doc)).toString('utf8').slice(1), { keepBlankRows: true });
    expect(rows[2].slice(8)).toEqual(['02/11/2026 01:30', '02/10/2026']);
  });
});
