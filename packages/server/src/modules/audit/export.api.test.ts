import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parseCsv } from '../../parser/csv.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import {
  activate,
  addCompany,
  at,
  backupIds,
  clock,
  EVERY_DAY,
  homeTenantId,
  sendCsv,
  setTimeZone,
} from './test-data.ts';

/**
 * GET /api/policy/audit/file: the Audit grid as Excel or CSV, with the grid's filter model (a JSON
 * string), its order and its visible columns, every matching row.
 */
let t: TestApp;
const { yesterday: Y } = clock();

const fileUrl = (format: string, filter: object, columns?: string) =>
  `/api/policy/audit/file?format=${format}&filter=${encodeURIComponent(JSON.stringify(filter))}` +
  (columns ? `&columns=${columns}` : '');

beforeAll(async () => {
  t = await testApp();
  const homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'ex-a', status: 'Success', at: at(Y, 1) },
    { device: 'ex-b', status: 'Failed', at: at(Y, 2) },
    { device: 'ex-c', status: 'Success', at: at(addDays(Y, -2), 3) },
  ]);
  const ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['ex-a'], ids['ex-b'], ids['ex-c']], { schedule: EVERY_DAY, tags: ['nightly'] });
  await addCompany(t, homeId, 'Export Co', [ids['ex-a'], ids['ex-b']]);
});
afterAll(async () => t.close());

describe('GET /api/policy/audit/file', () => {
  it('answers the rows the grid shows as CSV: same filter, order and visible columns', async () => {
    const admin = await t.as('admin');
    const filter = { Search: 'ex-', OrderBy: 'DeviceName', OrderAscending: false };
    const grid = await admin('POST', '/api/policy/audit-backups', { ...filter, Size: 50 });
    const r = await admin('GET', fileUrl('csv', filter, 'job,company,status,daysInStatus,tags'));
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(String(r.headers['content-disposition'])).toMatch(/^attachment; filename="Audit .*\.csv"/);
    const [header, ...rows] = parseCsv(r.body as string);
    expect(header).toEqual(['Backup', 'Company', 'Status', 'Days in status', 'Tags']);
    const names: Record<number, string> = { 1: 'Success', 3: 'Failure', 4: 'No Result' };
    expect(rows).toEqual(
      grid.body.Results.map((g: { JobName: string; CompanyName: string; Status: number; DaysInStatus: number }) => [
        g.JobName,
        // Text a spreadsheet would run as a formula is written with a leading apostrophe.
        /^[-=+@]/.test(g.CompanyName) ? `'${g.CompanyName}` : g.CompanyName,
        names[g.Status],
        String(g.DaysInStatus),
        'nightly',
      ]),
    );
    expect(rows.map((x) => x[0])).toEqual(['ex-c', 'ex-b', 'ex-a']);
    expect(rows.map((x) => x[2])).toEqual(['No Result', 'Failure', 'Success']);
  });

  it('narrows the file by the filter, filterScheduled included', async () => {
    const admin = await t.as('admin');
    const r = await admin('GET', fileUrl('csv', { Search: 'ex-', Statuses: [3] }, 'device'));
    expect(parseCsv(r.body as string)).toEqual([['Device'], ['ex-b']]);
    const sched = await admin('GET', fileUrl('csv', { Search: 'ex-', filterScheduled: true }, 'device'));
    expect(
      parseCsv(sched.body as string)
        .slice(1)
        .flat()
        .sort(),
    ).toEqual(['ex-a', 'ex-b', 'ex-c']);
  });

  it('answers an Excel workbook with the default columns', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: fileUrl('excel', { Search: 'ex-' }),
      headers: { authorization: `Bearer ${await t.token('admin')}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values: string[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const header = values.findIndex((v) => v[0] === 'Company');
    expect(values[header]).toEqual([
      'Company',
      'Backup',
      'Device',
      'Status',
      'Days in status',
      'Last success',
      'Vendor',
      'Tags',
      'Tickets',
    ]);
    const jobs = values.slice(header + 1).map((v) => v[1]);
    expect(jobs).toEqual(['ex-a', 'ex-b', 'ex-c']);
  });

  it('refuses a filter that is not JSON and an unknown column', async () => {
    const admin = await t.as('admin');
    const bad = await admin('GET', '/api/policy/audit/file?format=csv&filter=%7Bnope');
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('The filter is not valid JSON.');
    const col = await admin('GET', fileUrl('csv', {}, 'company,salary'));
    expect(col.status).toBe(400);
    expect(col.body.Message).toBe('Unknown column: salary');
    // A name every object carries is no column either.
    const inherited = await admin('GET', fileUrl('csv', {}, 'toString'));
    expect(inherited.status).toBe(400);
    expect(inherited.body.Message).toBe('Unknown column: toString');
  });

  it("leaves out what the caller may not see, and another tenant's rows", async () => {
    const client = await t.as('client');
    const r = await client('GET', fileUrl('csv', { Search: 'ex-' }, 'device'));
    expect(r.status).toBe(200);
    expect(parseCsv(r.body as string)).toEqual([['Device']]);
    const outsider = await (await t.as('outsider'))('GET', fileUrl('csv', { Search: 'ex-' }, 'device'));
    expect(parseCsv(outsider.body as string)).toEqual([['Device']]);
  });
});
