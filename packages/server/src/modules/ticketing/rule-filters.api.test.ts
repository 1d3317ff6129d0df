import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketRuleInput } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { activate, addCompany, at, backupIds, clock, EVERY_DAY, homeTenantId, sendCsv } from '../audit/test-data.ts';
import { addEmailSettings, emailProfile } from './test-data.ts';

/** Ticket rules' filters with all / specific mode and exclusions (features §5.4). */
let t: TestApp;
let companyA: number;
let profileId: number;
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
  CloseNote: null,
  NoteOnContinue: false,
  ...over,
});

beforeAll(async () => {
  t = await testApp();
  const homeId = await homeTenantId(t);
  await sendCsv(
    t,
    homeId,
    ['f-01', 'f-02', 'f-03'].map((device) => ({ device, status: 'Failed' as const, at: at(addDays(Y, -1), 2) })),
  );
  const ids = await backupIds(t, homeId);
  companyA = await addCompany(t, homeId, 'Alpha Dental', [ids['f-01']]);
  await addCompany(t, homeId, 'Bravo Law', [ids['f-02']]);
  await activate(t, homeId, [ids['f-01']], { schedule: EVERY_DAY, tags: ['Servers'] });
  await activate(t, homeId, [ids['f-02']], { schedule: EVERY_DAY, tags: ['Lab'] });
  await activate(t, homeId, [ids['f-03']], { schedule: EVERY_DAY });
  const smtp = await addEmailSettings(t, homeId);
  profileId = (await (await t.as('standard'))('POST', '/api/ticket/profiles', emailProfile(smtp))).body.Id;
});
afterAll(async () => t.close());

describe('ticket rule filters', () => {
  it('need at least one item in specific mode and no item both included and excluded', async () => {
    const standard = await t.as('standard');
    const none = await standard('POST', '/api/ticket/rules', rule({ CompanyMode: 'specific' }));
    expect(none.status).toBe(400);
    expect(none.body.Errors).toEqual([{ Field: 'CompanyIds', Message: 'Please select at least one company' }]);
    const twice = await standard(
      'POST',
      '/api/ticket/rules',
      rule({ TagMode: 'specific', Tags: ['Servers'], ExcludeTags: ['servers'], VendorMode: 'specific' }),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.Errors).toEqual([
      { Field: 'ExcludeTags', Message: 'Filters must be unique. Please remove any duplicates.' },
      { Field: 'Vendors', Message: 'Please select at least one vendor' },
    ]);
  });

  it('leave excluded companies and tags to no rule, and read back as saved', async () => {
    const standard = await t.as('standard');
    const r = await standard(
      'POST',
      '/api/ticket/rules',
      rule({
        Name: 'All but Alpha and the lab',
        CompanyMode: 'all',
        ExcludeCompanyIds: [companyA],
        ExcludeTags: ['LAB'],
      }),
    );
    expect(r.status).toBe(200);
    // f-01 is Alpha's, f-02 is tagged Lab: only f-03 is handled.
    expect(r.body).toMatchObject({
      CompanyMode: 'all',
      ExcludeCompanyIds: [companyA],
      ExcludeTags: ['LAB'],
      BackupsCount: 1,
    });
    expect((await standard('GET', `/api/ticket/rules/${r.body.Id}`)).body).toEqual(r.body);
  });
});
