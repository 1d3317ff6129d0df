import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../parser/csv.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { activate, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/** The tenant's extra backup fields on backups: edited with the backup (PUT api/backups/{id}), filtered in Audit. */
let t: TestApp;
let ids: Record<string, number>;
let fields: Record<string, number>;
const { yesterday: Y } = clock();

beforeAll(async () => {
  t = await testApp();
  const homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'fv-a', status: 'Success', at: at(Y, 1) },
    { device: 'fv-b', status: 'Success', at: at(Y, 2) },
  ]);
  ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['fv-a'], ids['fv-b']], { schedule: null });
  const r = await (
    await t.as('admin')
  )('POST', '/api/common/user-filters/additional-backup-fields', {
    Fields: [
      { Name: 'Contract', Type: 'text' },
      { Name: 'Retention days', Type: 'number' },
      { Name: 'Tier', Type: 'choice', Choices: ['Gold', 'Silver'] },
    ],
  });
  fields = Object.fromEntries(r.body.map((f: { Id: number; Name: string }) => [f.Name, f.Id]));
});
afterAll(async () => t.close());

describe('extra field values on a backup', () => {
  it('are saved with the backup and read back with it', async () => {
    const admin = await t.as('admin');
    const r = await admin('PUT', `/api/backups/${ids['fv-a']}`, {
      AdditionalFields: {
        [fields.Contract]: 'MSA-2041 north',
        [fields['Retention days']]: '30',
        [fields.Tier]: 'Gold',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.AdditionalFields).toEqual({
      [fields.Contract]: 'MSA-2041 north',
      [fields['Retention days']]: '30',
      [fields.Tier]: 'Gold',
    });
    const again = await admin('GET', `/api/backups/${ids['fv-a']}`);
    expect(again.body.AdditionalFields[fields.Tier]).toBe('Gold');
    // null clears one value.
    const cleared = await admin('PUT', `/api/backups/${ids['fv-a']}`, { AdditionalFields: { [fields.Tier]: null } });
    expect(cleared.body.AdditionalFields[fields.Tier]).toBeUndefined();
    await admin('PUT', `/api/backups/${ids['fv-a']}`, { AdditionalFields: { [fields.Tier]: 'Gold' } });
  });

  it('must fit the field: a number, one of the choices', async () => {
    const admin = await t.as('admin');
    const n = await admin('PUT', `/api/backups/${ids['fv-b']}`, {
      AdditionalFields: { [fields['Retention days']]: 'lots' },
    });
    expect(n.status).toBe(400);
    expect(n.body.Message).toBe('Retention days: Enter a number');
    const c = await admin('PUT', `/api/backups/${ids['fv-b']}`, { AdditionalFields: { [fields.Tier]: 'Bronze' } });
    expect(c.status).toBe(400);
    expect(c.body.Message).toBe('Tier: Choose one of the listed values');
    expect((await admin('GET', `/api/backups/${ids['fv-b']}`)).body.AdditionalFields).toEqual({});
  });

  it('filter the Audit grid: a part of a text, the whole of a choice', async () => {
    const admin = await t.as('admin');
    const devices = async (AdditionalFields: object[]) =>
      (await admin('POST', '/api/policy/audit-backups', { Search: 'fv-', AdditionalFields })).body.Results.map(
        (r: { DeviceName: string }) => r.DeviceName,
      );
    expect(await devices([])).toEqual(['fv-a', 'fv-b']);
    expect(await devices([{ FieldId: fields.Contract, Value: 'msa-2041' }])).toEqual(['fv-a']);
    expect(await devices([{ FieldId: fields.Tier, Value: 'Gold' }])).toEqual(['fv-a']);
    expect(await devices([{ FieldId: fields.Tier, Value: 'Gol' }])).toEqual([]);
  });

  it('come with each Audit row, and as columns of the Audit file', async () => {
    const admin = await t.as('admin');
    const grid = await admin('POST', '/api/policy/audit-backups', { Search: 'fv-' });
    const byDevice = Object.fromEntries(
      grid.body.Results.map((r: { DeviceName: string; AdditionalFields: object }) => [
        r.DeviceName,
        r.AdditionalFields,
      ]),
    );
    expect(byDevice['fv-a']).toEqual({
      [fields.Contract]: 'MSA-2041 north',
      [fields['Retention days']]: '30',
      [fields.Tier]: 'Gold',
    });
    expect(byDevice['fv-b']).toEqual({});

    const columns = `device,field:${fields.Tier},field:${fields['Retention days']}`;
    const filter = encodeURIComponent(JSON.stringify({ Search: 'fv-' }));
    const file = await admin('GET', `/api/policy/audit/file?format=csv&filter=${filter}&columns=${columns}`);
    expect(file.status).toBe(200);
    expect(parseCsv(file.body as string)).toEqual([
      ['Device', 'Tier', 'Retention days'],
      ['fv-a', 'Gold', '30'],
      ['fv-b', '', ''],
    ]);
  });

  it("are no column of another tenant's Audit file", async () => {
    const other = await t.as('outsider');
    const filter = encodeURIComponent(JSON.stringify({}));
    const r = await other(
      'GET',
      `/api/policy/audit/file?format=csv&filter=${filter}&columns=device,field:${fields.Tier}`,
    );
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe(`Unknown column: field:${fields.Tier}`);
  });
});
