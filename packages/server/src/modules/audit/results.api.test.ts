import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { activate, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from './test-data.ts';

/**
 * Audit results: a day's results, one result with its e-mail, manual results added, edited and
 * deleted (the history bar follows at once), and verify / remediate / restore marks.
 */
let t: TestApp;
let homeId: number;
let ids: Record<string, number>;
let emailId: number;
const { today, yesterday: Y, day } = clock();
const D2 = addDays(Y, -2);

type Day = { Date: string; Status: number; CountSuccess: number; CountFailure: number; CountNoResult: number };

/** The history bar of one backup, by date, as the Audit grid shows it. */
async function bar(device: string, days = 5): Promise<Record<string, Day>> {
  const r = await (
    await t.as('admin')
  )('POST', '/api/policy/audit-backups', {
    Search: device,
    HistoryDays: days,
    Date: today,
  });
  expect(r.status).toBe(200);
  const row = r.body.Results.find((x: { DeviceName: string }) => x.DeviceName === device);
  return Object.fromEntries(row.History.map((h: Day) => [h.Date, h]));
}

async function resultsOf(device: string, date: string) {
  const r = await (await t.as('admin'))('GET', `/api/policy/audit/results?policyId=${ids[device]}&date=${date}`);
  expect(r.status).toBe(200);
  return r.body as {
    ResultID: number;
    Status: number;
    Source: string;
    Subject: string | null;
    Notes: string | null;
    CreatedBy: string | null;
    ParsedDateTime: string;
    EditedAt: string | null;
  }[];
}

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  emailId = await sendCsv(
    t,
    homeId,
    [
      { device: 'web-01', status: 'Success', at: at(addDays(Y, -3), 1) },
      { device: 'web-01', status: 'Success', at: at(Y, 1) },
      { device: 'web-01', status: 'Failed', at: at(Y, 7) },
      { device: 'db-01', status: 'Success', at: at(addDays(Y, -3), 1) },
      { device: 'idle-01', status: 'Success', at: at(addDays(Y, -3), 1) },
    ],
    'Backup Report CSV - web farm',
  );
  ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['web-01'], ids['db-01']]);
});
afterAll(async () => t.close());

describe('reading results', () => {
  it("lists a backup's results of one business day, newest first, with the e-mail subject", async () => {
    const list = await resultsOf('web-01', Y);
    expect(list.map((r) => [r.Status, r.ParsedDateTime])).toEqual([
      [3, at(Y, 7).toISOString()],
      [1, at(Y, 1).toISOString()],
    ]);
    expect(list[0]).toMatchObject({ Source: 'email', Subject: 'Backup Report CSV - web farm', CreatedBy: null });
    expect(await resultsOf('web-01', D2)).toEqual([]);
  });

  it('shows one result with the text of its e-mail, and its time alone', async () => {
    const [first] = await resultsOf('web-01', Y);
    const admin = await t.as('admin');
    const r = await admin('GET', `/api/audit-result/${first.ResultID}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ResultID: first.ResultID,
      EmailId: emailId,
      VendorName: 'Generic CSV',
      DeviceName: 'web-01',
      CompanyName: '- No company assigned -',
      Subject: 'Backup Report CSV - web farm',
      From: 'exports@acme-client.test',
      BusinessDay: Y,
    });
    expect(r.body.EmailText).toContain('Backup status export attached.');
    expect(r.body.ReceivedAt).toBeTruthy();
    const time = await admin('GET', `/api/audit-result/parsed-datetime/${first.ResultID}`);
    expect(time.body).toEqual({ ParsedDateTime: at(Y, 7).toISOString() });
    expect((await admin('GET', '/api/audit-result/99999999')).status).toBe(404);
    expect((await admin('GET', '/api/audit-result/parsed-datetime/99999999')).status).toBe(404);
  });

  it('refuses a future date and a backup that is not there', async () => {
    const admin = await t.as('admin');
    const future = await admin('GET', `/api/policy/audit/results?policyId=${ids['web-01']}&date=${day(1)}`);
    expect(future.status).toBe(400);
    expect(future.body.Message).toBe('Future Date is not allowed');
    expect((await admin('GET', `/api/policy/audit/results?policyId=99999999&date=${Y}`)).status).toBe(404);
    expect((await admin('GET', `/api/policy/audit/results?policyId=${ids['web-01']}&date=2026-13-01`)).status).toBe(
      400,
    );
  });
});

describe('manual results', () => {
  let manualId: number;

  it('adds a result to a No Result day, and the history bar changes at once', async () => {
    expect((await bar('db-01'))[D2]).toMatchObject({ Status: 4, CountNoResult: 1 });
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/audit-result', {
      PolicyId: ids['db-01'],
      Status: 1,
      ParsedDateTime: at(D2, 9, 30).toISOString(),
      Notes: 'Checked the NAS by hand',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      Status: 1,
      Source: 'manual',
      Notes: 'Checked the NAS by hand',
      CreatedBy: 'Ada Admin',
      BusinessDay: D2,
      EmailId: null,
      ResultKind: 'Primary Backup',
    });
    manualId = r.body.ResultID;
    expect((await bar('db-01'))[D2]).toMatchObject({ Status: 1, CountSuccess: 1, CountNoResult: 0 });
    const list = await resultsOf('db-01', D2);
    expect(list.map((x) => x.ResultID)).toEqual([manualId]);
  });

  it('edits the result: status and time move, the days follow', async () => {
    const admin = await t.as('admin');
    const failed = await admin('PUT', '/api/audit-result/edit', {
      ResultID: manualId,
      Status: 3,
      ParsedDateTime: at(D2, 9, 30).toISOString(),
    });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ Status: 3, Notes: 'Checked the NAS by hand' });
    expect(failed.body.EditedAt).toBeTruthy();
    expect((await bar('db-01'))[D2]).toMatchObject({ Status: 3, CountFailure: 1 });

    const moved = await admin('PUT', '/api/audit-result/edit', {
      ResultID: manualId,
      Status: 2,
      ParsedDateTime: at(Y, 8).toISOString(),
      Notes: null,
    });
    expect(moved.body).toMatchObject({ Status: 2, Notes: null, BusinessDay: Y });
    const days = await bar('db-01');
    expect(days[D2]).toMatchObject({ Status: 4, CountNoResult: 1 });
    expect(days[Y]).toMatchObject({ Status: 2 });
  });

  it('deletes the result, and the day is No Result again', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/audit-result/delete', { ResultIds: [manualId] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Deleted: 1 });
    expect((await bar('db-01'))[Y]).toMatchObject({ Status: 4 });
    expect((await admin('GET', `/api/audit-result/${manualId}`)).status).toBe(404);
    expect((await admin('POST', '/api/audit-result/delete', { ResultIds: [manualId] })).status).toBe(404);
  });

  it('deletes e-mailed results too; the e-mail stays and reprocessing reads them again', async () => {
    const admin = await t.as('admin');
    const before = await resultsOf('web-01', Y);
    const failure = before.find((r) => r.Status === 3)!;
    expect((await bar('web-01'))[Y]).toMatchObject({ Status: 2 });
    const r = await admin('POST', '/api/audit-result/delete', { ResultIds: [failure.ResultID] });
    expect(r.body).toEqual({ Deleted: 1 });
    expect((await bar('web-01'))[Y]).toMatchObject({ Status: 1, CountFailure: 0 });
    const emails = await admin('GET', '/api/tenant/processed-emails?search=web%20farm');
    expect(emails.body.Total).toBe(1);
    const again = await admin('POST', '/api/tenant/processed-emails/reprocess', { emailId });
    expect(again.status).toBe(200);
    expect((await resultsOf('web-01', Y)).map((x) => x.Status)).toEqual([3, 1]);
  });

  it('refuses results for inactive, foreign or missing backups, future times and bad statuses', async () => {
    const admin = await t.as('admin');
    const body = { PolicyId: ids['idle-01'], Status: 1, ParsedDateTime: at(Y, 9).toISOString() };
    const inactive = await admin('POST', '/api/audit-result', body);
    expect(inactive.status).toBe(400);
    expect(inactive.body.Message).toBe('Results can be added to active backups only.');
    expect((await admin('POST', '/api/audit-result', { ...body, PolicyId: 99999999 })).status).toBe(404);
    const future = await admin('POST', '/api/audit-result', {
      ...body,
      PolicyId: ids['db-01'],
      ParsedDateTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.Message).toBe('Future Date is not allowed');
    expect((await admin('POST', '/api/audit-result', { ...body, PolicyId: ids['db-01'], Status: 4 })).status).toBe(400);
    expect(
      (await admin('POST', '/api/audit-result', { ...body, PolicyId: ids['db-01'], ParsedDateTime: 'yesterday' }))
        .status,
    ).toBe(400);
    expect((await resultsOf('db-01', Y)).length).toBe(0);
  });

  it('is for users who may edit results: the client user is refused', async () => {
    const client = await t.as('client');
    const r = await client('POST', '/api/audit-result', {
      PolicyId: ids['db-01'],
      Status: 1,
      ParsedDateTime: at(Y, 9).toISOString(),
    });
    expect(r.status).toBe(403);
    // A client user sees only their companies' backups: none here, so the backup is not there.
    expect((await client('GET', `/api/policy/audit/results?policyId=${ids['web-01']}&date=${Y}`)).status).toBe(404);
    const standard = await t.as('standard');
    const added = await standard('POST', '/api/audit-result', {
      PolicyId: ids['db-01'],
      Status: 1,
      ParsedDateTime: at(Y, 9).toISOString(),
    });
    expect(added.status).toBe(200);
    expect(added.body.CreatedBy).toBe('Stan Dard');
    await standard('POST', '/api/audit-result/delete', { ResultIds: [added.body.ResultID] });
  });
});

describe('verify, remediate and restore', () => {
  it('verifies a day with notes, once per backup and day; the audit row shows it', async () => {
    const admin = await t.as('admin');
    const r = await admin('PUT', '/api/audit-result/verify', {
      PolicyIds: [ids['web-01'], ids['db-01']],
      Date: Y,
      Notes: 'Looked at the job log',
    });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(2);
    expect(r.body[0]).toMatchObject({ Kind: 'verify', Date: Y, Notes: 'Looked at the job log', UserName: 'Ada Admin' });
    const again = await admin('PUT', '/api/audit-result/verify', {
      PolicyIds: [ids['web-01']],
      Date: Y,
      Notes: 'Second look',
    });
    expect(again.body).toHaveLength(1);
    const marks = await admin('GET', `/api/audit-result/verify?policyId=${ids['web-01']}&date=${Y}`);
    expect(marks.status).toBe(200);
    expect(marks.body.map((m: { Kind: string; Notes: string }) => [m.Kind, m.Notes])).toEqual([
      ['verify', 'Second look'],
    ]);
    const grid = await admin('POST', '/api/policy/audit-backups', { Search: 'web-01' });
    expect(grid.body.Results[0]).toMatchObject({ Verified: true, Remediated: false, Restored: false });
    const other = await admin('POST', '/api/policy/audit-backups', { Search: 'web-01', Date: D2 });
    expect(other.body.Results[0].Verified).toBe(false);
  });

  it('remediates and restores alongside; each kind is removed on its own', async () => {
    const admin = await t.as('admin');
    await admin('PUT', '/api/audit-result/remediate', { PolicyIds: [ids['web-01']], Date: Y, Notes: 'Re-ran it' });
    await admin('PUT', '/api/audit-result/restore', { PolicyIds: [ids['web-01']], Date: Y });
    const marks = await admin('GET', `/api/audit-result/verify?policyId=${ids['web-01']}&date=${Y}`);
    expect(marks.body.map((m: { Kind: string }) => m.Kind)).toEqual(['remediate', 'restore', 'verify']);

    const gone = await admin('PUT', '/api/audit-result/delete-verify', { PolicyIds: [ids['web-01']], Date: Y });
    expect(gone.body).toEqual({ Deleted: 1 });
    const grid = await admin('POST', '/api/policy/audit-backups', { Search: 'web-01' });
    expect(grid.body.Results[0]).toMatchObject({ Verified: false, Remediated: true, Restored: true });
    await admin('PUT', '/api/audit-result/delete-remediate', { PolicyIds: [ids['web-01']], Date: Y });
    await admin('PUT', '/api/audit-result/delete-restore', { PolicyIds: [ids['web-01']], Date: Y });
    const none = await admin('GET', `/api/audit-result/verify?policyId=${ids['web-01']}&date=${Y}`);
    expect(none.body).toEqual([]);
  });

  it('writes nothing when any id is not ours, and refuses future days and client users', async () => {
    const admin = await t.as('admin');
    const mixed = await admin('PUT', '/api/audit-result/remediate', {
      PolicyIds: [ids['db-01'], 99999999],
      Date: Y,
    });
    expect(mixed.status).toBe(404);
    const marks = await admin('GET', `/api/audit-result/verify?policyId=${ids['db-01']}&date=${Y}`);
    expect(marks.body.map((m: { Kind: string }) => m.Kind)).toEqual(['verify']);
    const future = await admin('PUT', '/api/audit-result/verify', { PolicyIds: [ids['db-01']], Date: day(1) });
    expect(future.status).toBe(400);
    expect(future.body.Message).toBe('Future Date is not allowed');
    const client = await t.as('client');
    expect((await client('PUT', '/api/audit-result/verify', { PolicyIds: [ids['db-01']], Date: Y })).status).toBe(403);
    expect((await client('GET', `/api/audit-result/verify?policyId=${ids['db-01']}&date=${Y}`)).status).toBe(404);
  });
});
