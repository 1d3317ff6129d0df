import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { startConnectWiseStub, type ConnectWiseStub } from '../../../test/psa-stubs/connectwise.ts';
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
} from '../audit/test-data.ts';
import { deliverDue, evaluateTenant } from './engine/index.ts';
import { linkConnectWise, psaCompanyId, psaProfile } from './test-data.ts';

/**
 * A backup's tickets end to end: a rule opens a ConnectWise ticket, Issues and the Audit grid
 * show it, the ticketing popup lists, notes, creates, links and unlinks, and deleting or
 * retiring the backup unlinks or closes its tickets. The PSA is the ConnectWise stand-in.
 */
let t: TestApp;
let cw: ConnectWiseStub;
let homeId: number;
let ids: Record<string, number>;
let profileId: number;
let ruleTicket: { Id: number; ExternalId: string; ExternalNumber: string };
let manualTicketId: number;
const { today, yesterday: Y } = clock();

interface PolicyTicketView {
  Id: number;
  Subject: string;
  State: string;
  Kind: number;
  ExternalId: string | null;
  ExternalNumber: string | null;
  Manual: boolean;
  ClosedAt: string | null;
}

async function backupTickets(persona: 'standard' | 'client', policyId: number, date?: string) {
  const r = await (await t.as(persona))('POST', '/api/policy/tickets', { PolicyId: policyId, Date: date ?? null });
  expect(r.status).toBe(200);
  return r.body as { Tickets: PolicyTicketView[]; TicketsCount: number };
}
async function ticketsCount(device: string): Promise<number> {
  const r = await (await t.as('standard'))('POST', '/api/policy/audit-backups', { Search: device });
  expect(r.status).toBe(200);
  return r.body.Results.find((x: { DeviceName: string }) => x.DeviceName === device).TicketsCount;
}
const stubTicket = (id: string) => cw.state.tickets.find((x) => String(x.id) === id);

beforeAll(async () => {
  t = await testApp();
  cw = await startConnectWiseStub();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'tk-01', status: 'Failed', at: at(addDays(Y, -1), 2) },
    { device: 'tk-01', status: 'Failed', at: at(Y, 2) },
    { device: 'tk-02', status: 'Success', at: at(Y, 2) },
  ]);
  ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['tk-01'], ids['tk-02']], { schedule: EVERY_DAY });
  await linkConnectWise(t, cw);
  const acme = await psaCompanyId(t, homeId, 'Acme Corporation');
  await t.database.query('UPDATE backups SET company_id = $1 WHERE id = $2', [acme, ids['tk-01']]);
  const local = await addCompany(t, homeId, 'Corner Bakery', [ids['tk-02']]);
  // The client user sees Corner Bakery's backups only.
  await t.database.query(
    `INSERT INTO user_companies (tenant_id, user_id, company_id)
     SELECT $1, id, $2 FROM users WHERE email = 'client@acme.test'`,
    [homeId, local],
  );
  const standard = await t.as('standard');
  const profile = await standard(
    'POST',
    '/api/ticket/profiles',
    psaProfile(acme, { CustomSubject: 'Backup {status}: {device}' }),
  );
  expect(profile.status).toBe(200);
  profileId = profile.body.Id;
  const rule = await standard('POST', '/api/ticket/rules', {
    Name: 'Failures to the service desk',
    IsEnabled: true,
    ProfileId: profileId,
    Statuses: [3],
    ConsecutiveDays: 1,
    UseFailureThreshold: false,
    CompanyIds: [],
    Tags: [],
    Vendors: [],
    AutoClose: true,
    CloseNote: null,
    NoteOnContinue: false,
  });
  expect(rule.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await cw.close();
});

describe('a rule’s ticket', () => {
  it('is opened, delivered to the PSA and counted on the Audit grid', async () => {
    expect(await ticketsCount('tk-01')).toBe(0);
    const result = await evaluateTenant(t.deps, homeId);
    expect(result.opened).toBe(1);
    expect(await ticketsCount('tk-01')).toBe(1);
    const pending = await backupTickets('standard', ids['tk-01']);
    expect(pending.Tickets).toEqual([
      expect.objectContaining({
        State: 'Pending',
        Subject: 'Backup Failure: tk-01',
        Kind: 1,
        ExternalId: null,
        Manual: false,
      }),
    ]);
    expect(await deliverDue(t.deps, { tenantId: homeId })).toBe(1);
    const open = await backupTickets('standard', ids['tk-01']);
    expect(open.TicketsCount).toBe(1);
    const [ticket] = open.Tickets;
    expect(ticket).toMatchObject({ State: 'Open', ExternalId: expect.any(String), ExternalNumber: expect.any(String) });
    ruleTicket = { Id: ticket.Id, ExternalId: ticket.ExternalId!, ExternalNumber: ticket.ExternalNumber! };
    expect(stubTicket(ruleTicket.ExternalId)).toMatchObject({ summary: 'Backup Failure: tk-01', closedFlag: false });
    expect(await ticketsCount('tk-02')).toBe(0);
  });

  it('shows in Issues with its rule, profile and company, found by search', async () => {
    const standard = await t.as('standard');
    const r = await standard('GET', '/api/ticket/issues');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Page: 1, Total: 1, TotalPages: 1 });
    expect(r.body.Results[0]).toMatchObject({
      Id: ruleTicket.Id,
      key: expect.stringContaining(`#${ruleTicket.Id}`),
      Subject: 'Backup Failure: tk-01',
      State: 'Open',
      Status: 3,
      Kind: 1,
      GroupBy: 0,
      RuleName: 'Failures to the service desk',
      ProfileName: 'Service desk tickets',
      CompanyName: 'Acme Corporation',
      BackupIds: [ids['tk-01']],
      ExternalNumber: ruleTicket.ExternalNumber,
      ClosedAt: null,
    });
    expect((await standard('GET', '/api/ticket/issues?Search=acme%20corp')).body.Total).toBe(1);
    expect((await standard('GET', `/api/ticket/issues?Search=${ruleTicket.ExternalNumber}`)).body.Total).toBe(1);
    expect((await standard('GET', '/api/ticket/issues?Search=nothing-like-this')).body.Total).toBe(0);
    expect((await standard('GET', '/api/ticket/issues?State=Closed')).body.Total).toBe(0);
    expect((await standard('GET', '/api/ticket/issues?State=All&Page=2&Size=1')).body).toMatchObject({
      Results: [],
      Total: 1,
    });
  });

  it('is listed for the day it was open on, and as the backup’s open ticket', async () => {
    expect((await backupTickets('standard', ids['tk-01'], today)).TicketsCount).toBe(1);
    expect((await backupTickets('standard', ids['tk-01'], addDays(Y, -1))).TicketsCount).toBe(0);
    const bad = await (
      await t.as('standard')
    )('POST', '/api/policy/tickets', { PolicyId: ids['tk-01'], Date: '23/11/2026' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('Date must be a day (YYYY-MM-DD)');
    const link = await (await t.as('standard'))('GET', `/api/policy/ticket-link?policyId=${ids['tk-01']}`);
    expect(link.body.Tickets.map((x: PolicyTicketView) => x.Id)).toEqual([ruleTicket.Id]);
  });

  it('has details: its timeline and what the PSA says, or no PSA part when the PSA fails', async () => {
    const standard = await t.as('standard');
    const r = await standard('GET', `/api/ticket/get-details?ticketID=${ruleTicket.Id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Id: ruleTicket.Id, State: 'Open' });
    expect(r.body.Events.map((e: { Kind: string }) => e.Kind)).toContain('created');
    expect(r.body.Psa).toMatchObject({ StatusName: 'New', Closed: false, CompanyName: 'Acme Corporation' });

    // The PSA refuses the stored credentials now.
    cw.failNext(
      `${cw.apiPath}/service/tickets/${ruleTicket.ExternalId}`,
      { status: 401, body: { message: 'Unauthorized' } },
      1,
    );
    const failed = await standard('GET', `/api/ticket/get-details?ticketID=${ruleTicket.Id}`);
    expect(failed.status).toBe(200);
    expect(failed.body.Psa).toBeNull();
    expect(failed.body.Events.length).toBeGreaterThan(0);
  });

  it('takes a note, delivered to the PSA', async () => {
    const standard = await t.as('standard');
    const empty = await standard('POST', '/api/ticket/UpdateDetails', { TicketId: ruleTicket.Id, Note: '  ' });
    expect(empty.status).toBe(400);
    const r = await standard('POST', '/api/ticket/UpdateDetails', {
      TicketId: ruleTicket.Id,
      Note: 'Looking into the NAS',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Id: ruleTicket.Id, State: 'Open' });
    await deliverDue(t.deps, { tenantId: homeId });
    expect(stubTicket(ruleTicket.ExternalId)!.notes.map((n) => n.text)).toContain('Looking into the NAS');
    const details = await standard('GET', `/api/ticket/get-details?ticketID=${ruleTicket.Id}`);
    expect(details.body.Events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Kind: 'note', Text: 'Looking into the NAS', UserName: 'Stan Dard' }),
      ]),
    );
  });
});

describe('tickets made by hand', () => {
  it('are created for a backup with a profile and delivered', async () => {
    const standard = await t.as('standard');
    const noProfile = await standard('POST', `/api/ticket/CreateForPolicy/${ids['tk-02']}`, { ProfileId: 99999 });
    expect(noProfile.status).toBe(400);
    const r = await standard('POST', `/api/ticket/CreateForPolicy/${ids['tk-02']}`, {
      ProfileId: profileId,
      Subject: 'Check the bakery backup',
      Description: 'Raised from the audit',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Subject: 'Check the bakery backup', State: 'Pending', Manual: true, Kind: 1 });
    manualTicketId = r.body.Id;
    await deliverDue(t.deps, { tenantId: homeId });
    const [listed] = (await backupTickets('standard', ids['tk-02'])).Tickets;
    expect(listed).toMatchObject({ Id: manualTicketId, State: 'Open' });
    expect(stubTicket(listed.ExternalId!)).toMatchObject({ summary: 'Check the bakery backup' });
    expect(await ticketsCount('tk-02')).toBe(1);
  });

  it('link an existing PSA ticket to another backup once, and unlink it again', async () => {
    const standard = await t.as('standard');
    const missing = await standard('GET', `/api/ticket/link?ticketId=999999&policyId=${ids['tk-02']}`);
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toBe('Ticket 999999 was not found in the PSA');
    const linked = await standard('GET', `/api/ticket/link?ticketId=${ruleTicket.ExternalId}&policyId=${ids['tk-02']}`);
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ Id: ruleTicket.Id, State: 'Open' });
    const again = await standard('GET', `/api/ticket/link?ticketId=${ruleTicket.ExternalId}&policyId=${ids['tk-02']}`);
    expect(again.body.Id).toBe(ruleTicket.Id);
    expect((await backupTickets('standard', ids['tk-02'])).Tickets.map((x) => x.Id).sort()).toEqual(
      [ruleTicket.Id, manualTicketId].sort(),
    );
    expect(await ticketsCount('tk-02')).toBe(2);

    const bad = await t.call('POST', `/api/ticket/UnlinkFromPolicy/${ids['tk-02']}`, {
      token: await t.token('standard'),
      rawBody: '"abc"',
    });
    expect(bad.status).toBe(400);
    const unlinked = await t.call('POST', `/api/ticket/UnlinkFromPolicy/${ids['tk-02']}`, {
      token: await t.token('standard'),
      rawBody: JSON.stringify(String(ruleTicket.Id)),
    });
    expect(unlinked.status).toBe(200);
    expect((await backupTickets('standard', ids['tk-02'])).Tickets.map((x) => x.Id)).toEqual([manualTicketId]);
    // Still open for the backup it was raised for.
    expect((await backupTickets('standard', ids['tk-01'])).Tickets[0]).toMatchObject({
      Id: ruleTicket.Id,
      State: 'Open',
    });
  });
});

describe('who may see and do what', () => {
  it('lets a client read only its companies’ tickets and change none', async () => {
    const client = await t.as('client');
    expect((await backupTickets('client', ids['tk-02'])).Tickets.map((x) => x.Id)).toEqual([manualTicketId]);
    expect((await client('POST', '/api/policy/tickets', { PolicyId: ids['tk-01'] })).status).toBe(404);
    expect((await client('GET', `/api/ticket/get-details?ticketID=${ruleTicket.Id}`)).status).toBe(404);
    expect((await client('GET', `/api/ticket/get-details?ticketID=${manualTicketId}`)).status).toBe(200);
    expect((await client('POST', `/api/ticket/CreateForPolicy/${ids['tk-02']}`, { ProfileId: profileId })).status).toBe(
      403,
    );
    expect((await client('POST', '/api/ticket/UpdateDetails', { TicketId: manualTicketId, Note: 'x' })).status).toBe(
      403,
    );
    expect((await client('GET', '/api/ticket/issues')).status).toBe(403);
  });

  it('shows another tenant nothing', async () => {
    const outsider = await t.as('outsider');
    expect((await outsider('POST', '/api/policy/tickets', { PolicyId: ids['tk-01'] })).status).toBe(404);
    expect((await outsider('GET', `/api/policy/ticket-link?policyId=${ids['tk-01']}`)).status).toBe(404);
    expect((await outsider('GET', `/api/ticket/get-details?ticketID=${ruleTicket.Id}`)).status).toBe(404);
    expect((await outsider('POST', '/api/ticket/UpdateDetails', { TicketId: ruleTicket.Id, Note: 'hi' })).status).toBe(
      404,
    );
    expect(
      (await outsider('POST', `/api/ticket/CreateForPolicy/${ids['tk-01']}`, { ProfileId: profileId })).status,
    ).toBe(404);
    const unlink = await t.call('POST', `/api/ticket/UnlinkFromPolicy/${ids['tk-01']}`, {
      token: await t.token('outsider'),
      rawBody: JSON.stringify(String(ruleTicket.Id)),
    });
    expect(unlink.status).toBe(404);
    expect((await outsider('GET', '/api/ticket/issues?State=All')).body.Total).toBe(0);
    expect((await backupTickets('standard', ids['tk-01'])).Tickets[0].State).toBe('Open');
  });
});

describe('retiring and deleting backups', () => {
  it('retiring with Unlink ends the tickets in Vigil only', async () => {
    const r = await (
      await t.as('standard')
    )('PUT', '/api/policy-operation/retire', {
      PolicyId: ids['tk-02'],
      ClosePsaTicket: false,
    });
    expect(r.status).toBe(200);
    const state = await t.database.query<{ state: string; external_id: string }>(
      'SELECT state, external_id FROM tickets WHERE id = $1',
      [manualTicketId],
    );
    expect(state.rows[0].state).toBe('Unlinked');
    await deliverDue(t.deps, { tenantId: homeId });
    expect(stubTicket(state.rows[0].external_id)!.closedFlag).toBe(false);
  });

  it('deleting with Close closes the ticket in Vigil and in the PSA', async () => {
    const r = await (
      await t.as('standard')
    )('POST', '/api/policy-operation/delete', {
      PolicyId: ids['tk-01'],
      ClosePsaTicket: true,
    });
    expect(r.status).toBe(200);
    const issues = await (await t.as('standard'))('GET', '/api/ticket/issues?State=Closed');
    expect(issues.body.Results.map((x: { Id: number; State: string }) => [x.Id, x.State])).toEqual(
      expect.arrayContaining([
        [ruleTicket.Id, 'Closed'],
        [manualTicketId, 'Unlinked'],
      ]),
    );
    await deliverDue(t.deps, { tenantId: homeId });
    const psa = stubTicket(ruleTicket.ExternalId)!;
    expect(psa.status.id).toBe(14);
    expect(psa.closedFlag).toBe(true);
  });
});
