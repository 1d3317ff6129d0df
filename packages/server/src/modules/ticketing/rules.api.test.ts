import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketRuleInput } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { activate, addCompany, at, backupIds, clock, EVERY_DAY, homeTenantId, sendCsv } from '../audit/test-data.ts';
import { addEmailSettings, emailProfile } from './test-data.ts';

/** Tickets → Rules: order, scope, the backups each rule handles, and the per-backup views. */
let t: TestApp;
let homeId: number;
let ids: Record<string, number>;
let companyA: number;
let companyB: number;
let profileId: number;
let vendor: string;
const { yesterday: Y } = clock();

const rule = (over: Partial<TicketRuleInput> = {}): TicketRuleInput => ({
  Name: 'Rule',
  IsEnabled: true,
  ProfileId: profileId,
  Statuses: [3, 4],
  ConsecutiveDays: 2,
  UseFailureThreshold: false,
  CompanyIds: [],
  Tags: [],
  Vendors: [],
  AutoClose: true,
  CloseNote: 'Backup succeeded again',
  NoteOnContinue: true,
  ...over,
});

interface RuleView {
  Id: number;
  Name: string;
  Position: number;
  BackupsCount: number;
  IsEnabled: boolean;
}
async function rules(): Promise<RuleView[]> {
  const r = await (await t.as('standard'))('GET', '/api/ticket/rules');
  expect(r.status).toBe(200);
  return r.body;
}
const summary = async () => (await rules()).map((r) => [r.Name, r.Position, r.BackupsCount]);

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await sendCsv(
    t,
    homeId,
    ['r-01', 'r-02', 'r-03', 'r-04', 'r-05'].map((device) => ({
      device,
      status: 'Failed' as const,
      at: at(addDays(Y, -1), 2),
    })),
  );
  ids = await backupIds(t, homeId);
  companyA = await addCompany(t, homeId, 'Alpha Dental', [ids['r-01'], ids['r-02']]);
  companyB = await addCompany(t, homeId, 'Bravo Law', [ids['r-03']]);
  await activate(t, homeId, [ids['r-01']], { schedule: EVERY_DAY, tags: ['Servers'] });
  await activate(t, homeId, [ids['r-02']], { schedule: EVERY_DAY });
  await activate(t, homeId, [ids['r-03']], { schedule: EVERY_DAY, tags: ['servers'] });
  await activate(t, homeId, [ids['r-04']], { schedule: EVERY_DAY });
  // r-05 stays inactive: rules handle active backups only.
  vendor = (await t.database.query<{ vendor: string }>('SELECT vendor FROM backups WHERE id = $1', [ids['r-01']]))
    .rows[0].vendor;
  const smtp = await addEmailSettings(t, homeId);
  const p = await (await t.as('standard'))('POST', '/api/ticket/profiles', emailProfile(smtp));
  profileId = p.body.Id;
});
afterAll(async () => t.close());

describe('rules', () => {
  it('are checked: the profile and companies must be the tenant’s, statuses given', async () => {
    const standard = await t.as('standard');
    const foreignCompany = await t.database.query<{ id: number }>(
      "INSERT INTO companies (tenant_id, name) VALUES ($1, 'Not yours') RETURNING id",
      [await homeTenantId(t, 'other')],
    );
    const bad = await standard(
      'POST',
      '/api/ticket/rules',
      rule({ ProfileId: 99999, CompanyIds: [foreignCompany.rows[0].id] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toEqual([
      { Field: 'ProfileId', Message: 'This ticket profile does not exist' },
      { Field: 'CompanyIds', Message: 'Some of these companies do not exist' },
    ]);
    const noStatus = await standard('POST', '/api/ticket/rules', rule({ Statuses: [] }));
    expect(noStatus.status).toBe(400);
    expect(noStatus.body.Errors).toEqual([{ Field: 'Statuses', Message: 'Choose at least one status' }]);
    expect((await standard('POST', '/api/ticket/rules', rule({ Statuses: [1] as never }))).status).toBe(400);
    expect((await standard('POST', '/api/ticket/rules', rule({ Name: ' ' }))).status).toBe(400);
    expect(await rules()).toEqual([]);
  });

  it('go last when created and read back as saved', async () => {
    const standard = await t.as('standard');
    const first = await standard(
      'POST',
      '/api/ticket/rules',
      rule({ Name: 'Alpha servers', CompanyIds: [companyA, companyA], Tags: ['SERVERS', ' '] }),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      Name: 'Alpha servers',
      Position: 1,
      ProfileId: profileId,
      ProfileName: 'Failures by e-mail',
      ProfileType: 2,
      GroupBy: 0,
      Statuses: [3, 4],
      ConsecutiveDays: 2,
      CompanyIds: [companyA],
      Tags: ['SERVERS'],
      Vendors: [],
      CloseNote: 'Backup succeeded again',
      BackupsCount: 1,
      OpenTickets: 0,
    });
    await standard('POST', '/api/ticket/rules', rule({ Name: 'All of Alpha', CompanyIds: [companyA] }));
    await standard('POST', '/api/ticket/rules', rule({ Name: 'Everything' }));
    // Tags compare without case; r-01 goes to the first rule, r-02 to the second, r-03 and r-04 to the last.
    expect(await summary()).toEqual([
      ['Alpha servers', 1, 1],
      ['All of Alpha', 2, 1],
      ['Everything', 3, 2],
    ]);
    const got = await standard('GET', `/api/ticket/rules/${first.body.Id}`);
    expect(got.body).toEqual(first.body);
  });

  it('hand backups on when a rule is disabled, narrowed or moved', async () => {
    const standard = await t.as('standard');
    const [alphaServers, allAlpha, everything] = await rules();
    const disabled = await standard(
      'PUT',
      `/api/ticket/rules/${alphaServers.Id}`,
      rule({ Name: 'Alpha servers', IsEnabled: false, CompanyIds: [companyA], Tags: ['Servers'] }),
    );
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ IsEnabled: false, BackupsCount: 0 });
    expect(await summary()).toEqual([
      ['Alpha servers', 1, 0],
      ['All of Alpha', 2, 2],
      ['Everything', 3, 2],
    ]);
    await standard(
      'PUT',
      `/api/ticket/rules/${everything.Id}`,
      rule({ Name: 'Everything', Vendors: [vendor], Tags: ['servers'] }),
    );
    expect(await summary()).toEqual([
      ['Alpha servers', 1, 0],
      ['All of Alpha', 2, 2],
      ['Everything', 3, 1],
    ]);
    await standard(
      'PUT',
      `/api/ticket/rules/${everything.Id}`,
      rule({ Name: 'Everything', Vendors: ['no-such-vendor'] }),
    );
    expect((await rules())[2].BackupsCount).toBe(0);
    await standard('PUT', `/api/ticket/rules/${everything.Id}`, rule({ Name: 'Everything' }));

    const moved = await standard('PUT', `/api/ticket/rules/${everything.Id}/position`, { AfterId: null });
    expect(moved.status).toBe(200);
    expect(moved.body.map((r: RuleView) => [r.Name, r.Position, r.BackupsCount])).toEqual([
      ['Everything', 1, 4],
      ['Alpha servers', 2, 0],
      ['All of Alpha', 3, 0],
    ]);
    await standard('PUT', `/api/ticket/rules/${everything.Id}/position`, { AfterId: allAlpha.Id });
    expect(await summary()).toEqual([
      ['Alpha servers', 1, 0],
      ['All of Alpha', 2, 2],
      ['Everything', 3, 2],
    ]);
    const self = await standard('PUT', `/api/ticket/rules/${everything.Id}/position`, { AfterId: everything.Id });
    expect(self.status).toBe(400);
    expect(self.body.Message).toBe('The rule to move after does not exist');
  });

  it('tell which rule handles each backup, and which rules cover one', async () => {
    const standard = await t.as('standard');
    const [, allAlpha, everything] = await rules();
    const r = await standard('POST', '/api/ticket/rules/GetWithPolicyData', {
      PolicyIds: [ids['r-01'], ids['r-03'], ids['r-05']],
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { PolicyId: ids['r-01'], RuleId: allAlpha.Id, RuleName: 'All of Alpha' },
      { PolicyId: ids['r-03'], RuleId: everything.Id, RuleName: 'Everything' },
      { PolicyId: ids['r-05'], RuleId: null, RuleName: null },
    ]);
    const covering = await standard('GET', `/api/policy/${ids['r-01']}/ticket-rules`);
    expect(covering.status).toBe(200);
    // The disabled rule does not count; the first listed is the one that acts.
    expect(covering.body.map((x: RuleView) => x.Name)).toEqual(['All of Alpha', 'Everything']);
    expect((await standard('GET', `/api/policy/${ids['r-05']}/ticket-rules`)).body).toEqual([]);
    expect((await standard('GET', `/api/policy/${companyB + 100000}/ticket-rules`)).status).toBe(404);
  });

  it('leave paused backups out of the counts', async () => {
    const standard = await t.as('standard');
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect((await standard('POST', `/api/backups/${ids['r-04']}/pause`, { Until: until })).status).toBe(200);
    expect((await rules()).map((r) => [r.Name, r.BackupsCount])).toEqual([
      ['Alpha servers', 0],
      ['All of Alpha', 2],
      ['Everything', 1],
    ]);
  });

  it('renumber when one is deleted', async () => {
    const standard = await t.as('standard');
    const [alphaServers] = await rules();
    expect((await standard('DELETE', `/api/ticket/rules/${alphaServers.Id}`)).status).toBe(200);
    expect((await standard('GET', `/api/ticket/rules/${alphaServers.Id}`)).status).toBe(404);
    expect(await summary()).toEqual([
      ['All of Alpha', 1, 2],
      ['Everything', 2, 1],
    ]);
    const logged = await t.database.query<{ action: string; entity_name: string }>(
      "SELECT action, entity_name FROM activity_logs WHERE tenant_id = $1 AND entity_type = 'TicketRule' ORDER BY id",
      [homeId],
    );
    expect(logged.rows.map((x) => x.action)).toEqual([
      'Ticket rule created',
      'Ticket rule created',
      'Ticket rule created',
      'Ticket rule edited',
      'Ticket rule edited',
      'Ticket rule edited',
      'Ticket rule edited',
      'Ticket rules reordered',
      'Ticket rules reordered',
      'Ticket rule deleted',
    ]);
    const dirty = await t.database.query<{ dirty: boolean }>(
      'SELECT dirty FROM ticket_evaluations WHERE tenant_id = $1',
      [homeId],
    );
    expect(dirty.rows[0]?.dirty).toBe(true);
  });
});

describe('access', () => {
  it('keeps client users and other tenants out', async () => {
    const [mine] = await rules();
    const client = await t.as('client');
    expect((await client('GET', '/api/ticket/rules')).status).toBe(403);
    expect((await client('POST', '/api/ticket/rules', rule({ Name: 'Client rule' }))).status).toBe(403);
    expect((await client('GET', `/api/policy/${ids['r-01']}/ticket-rules`)).status).toBe(403);

    const outsider = await t.as('outsider');
    expect((await outsider('GET', '/api/ticket/rules')).body).toEqual([]);
    expect((await outsider('GET', `/api/ticket/rules/${mine.Id}`)).status).toBe(404);
    expect((await outsider('PUT', `/api/ticket/rules/${mine.Id}`, rule({ ProfileId: profileId }))).status).toBe(404);
    expect((await outsider('PUT', `/api/ticket/rules/${mine.Id}/position`, { AfterId: null })).status).toBe(404);
    expect((await outsider('DELETE', `/api/ticket/rules/${mine.Id}`)).status).toBe(404);
    expect((await outsider('GET', `/api/policy/${ids['r-01']}/ticket-rules`)).status).toBe(404);
    expect((await outsider('POST', '/api/ticket/rules/GetWithPolicyData', { PolicyIds: [ids['r-01']] })).status).toBe(
      404,
    );
    // Their rule cannot use our profile.
    const stolen = await outsider('POST', '/api/ticket/rules', rule({ Name: 'Stolen profile' }));
    expect(stolen.status).toBe(400);
    expect((await rules()).map((r) => r.Name)).toEqual(['All of Alpha', 'Everything']);
  });
});
