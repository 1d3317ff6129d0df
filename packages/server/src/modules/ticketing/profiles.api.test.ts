import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@vigil/contract';
import { addCompany } from '../audit/test-data.ts';
import { emailProfile, linkConnectWise, psaCompanyId, psaProfile } from './test-data.ts';
import { t, cw, homeId, otherId, smtpId, otherSmtpId, fields, setUpProfilesSuite } from './profiles.setup.ts';

setUpProfilesSuite();

describe('e-mail profiles', () => {
  it('checks name, recipients and SMTP settings, reporting every problem at once', async () => {
    const standard = await t.as('standard');
    const noName = await standard('POST', '/api/ticket/profiles', emailProfile(smtpId, { Name: '  ' }));
    expect(noName.status).toBe(400);
    expect(noName.body.Errors).toEqual([{ Field: 'Name', Message: 'Name is required' }]);

    const bad = await standard(
      'POST',
      '/api/ticket/profiles',
      emailProfile(otherSmtpId, { Recipients: ['ok@acme.test', 'nope', 'also@bad'] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('nope in not valid email');
    expect(fields(bad.body)).toEqual([
      ['Recipients', 'nope in not valid email'],
      ['Recipients', 'also@bad in not valid email'],
      ['EmailSettingsId', 'These e-mail settings do not exist'],
    ]);

    const empty = await standard(
      'POST',
      '/api/ticket/profiles',
      emailProfile(smtpId, { Recipients: [' '], EmailSettingsId: null }),
    );
    expect(fields(empty.body)).toEqual([['Recipients', 'At least one recipient is required']]);
    const list = await standard('POST', '/api/ticket/profiles/list', {});
    expect(list.body.Total).toBe(0);
  });

  it('saves and reads back exactly what the type uses', async () => {
    const standard = await t.as('standard');
    const created = await standard(
      'POST',
      '/api/ticket/profiles',
      emailProfile(smtpId, {
        CustomSubject: '{status}: {device}',
        CustomDescription: 'not used by e-mail',
        // PSA fields on an e-mail profile are dropped.
        DefaultCrmBoard: 'Service Desk',
        NewTicketStatusId: 11,
        WebhookUrl: 'https://hooks.example.com/x',
      }),
    );
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ Id: expect.any(Number), Message: PROFILE_MESSAGES.created });
    const got = await standard('GET', `/api/ticket/profiles/${created.body.Id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      Id: created.body.Id,
      Name: 'Failures by e-mail',
      Type: 2,
      GroupBy: 0,
      CustomSubject: '{status}: {device}',
      CustomDescription: null,
      Recipients: ['noc@acme.test', 'lead@acme.test'],
      EmailSettingsId: smtpId,
      IncludeCompanyName: true,
      IncludeFailureText: false,
      CrmSourceId: null,
      CrmTypeId: 0,
      DefaultCrmBoard: null,
      NewTicketStatusId: null,
      IgnoreTicketStatusIds: [],
      WebhookUrl: null,
      HasWebhookSecret: false,
      RulesCount: 0,
    });
    expect(got.body).not.toHaveProperty('WebhookSecret');

    const dup = await standard('POST', '/api/ticket/profiles', emailProfile(smtpId, { Name: 'FAILURES BY E-MAIL' }));
    expect(dup.status).toBe(400);
    expect(dup.body.Errors).toEqual([
      { Field: 'Name', Message: 'A ticket profile named "FAILURES BY E-MAIL" already exists.' },
    ]);
  });

  it('checks subject and description patterns against the grouping', async () => {
    const standard = await t.as('standard');
    const r = await standard(
      'POST',
      '/api/ticket/profiles',
      emailProfile(smtpId, { Name: 'By company', GroupBy: 1, CustomSubject: '{company}: {job} {what}' }),
    );
    expect(r.status).toBe(400);
    expect(r.body.Errors).toEqual([
      expect.objectContaining({
        Field: 'CustomSubject',
        Message: 'This variable is available only for rules grouped by Backup or Job Name.',
        start: 11,
        end: 16,
      }),
      expect.objectContaining({ Field: 'CustomSubject', Message: 'Unknown variable {what}', start: 17, end: 23 }),
    ]);
  });
});

describe('webhook profiles', () => {
  it('needs a valid URL and a secret, seals the secret and never returns it', async () => {
    const standard = await t.as('standard');
    const base = { Name: 'Hook', Type: 3 as const, GroupBy: 2 as const };
    const bad = await standard('POST', '/api/ticket/profiles', { ...base, WebhookUrl: 'ftp://hooks.example.com' });
    expect(fields(bad.body)).toEqual([
      ['WebhookUrl', 'Webhook URL must start with https://'],
      ['WebhookSecret', 'Webhook secret is required'],
    ]);
    const notUrl = await standard('POST', '/api/ticket/profiles', { ...base, WebhookUrl: 'hooks', WebhookSecret: 's' });
    expect(fields(notUrl.body)).toEqual([['WebhookUrl', 'Webhook URL is not a valid address']]);

    const created = await standard('POST', '/api/ticket/profiles', {
      ...base,
      WebhookUrl: 'https://hooks.example.com/vigil',
      WebhookSecret: 'first-secret',
      CustomDescription: '{job} failed',
    });
    expect(created.status).toBe(200);
    const id = created.body.Id;
    const got = await standard('GET', `/api/ticket/profiles/${id}`);
    expect(got.body).toMatchObject({ WebhookUrl: 'https://hooks.example.com/vigil', HasWebhookSecret: true });
    expect(JSON.stringify(got.body)).not.toContain('first-secret');

    const secrets = t.deps.secrets;
    const stored = async () =>
      (
        await t.database.query<{ webhook_secret: string }>('SELECT webhook_secret FROM ticket_profiles WHERE id = $1', [
          id,
        ])
      ).rows[0].webhook_secret;
    expect(await stored()).not.toContain('first-secret');
    expect(secrets.open(await stored(), `webhook:${homeId}`)).toBe('first-secret');

    // An update without a secret keeps it; with one replaces it.
    const kept = await standard('PUT', '/api/ticket/profiles', {
      ...base,
      Id: id,
      Name: 'Hook renamed',
      WebhookUrl: 'https://hooks.example.com/v2',
    });
    expect(kept.status).toBe(200);
    expect(kept.body.Message).toBe('Successfully updated');
    expect(secrets.open(await stored(), `webhook:${homeId}`)).toBe('first-secret');
    await standard('PUT', '/api/ticket/profiles', {
      ...base,
      Id: id,
      Name: 'Hook renamed',
      WebhookUrl: 'https://hooks.example.com/v2',
      WebhookSecret: 'second-secret',
    });
    expect(secrets.open(await stored(), `webhook:${homeId}`)).toBe('second-secret');

    // Turning it into an e-mail profile drops the URL and the secret.
    const changed = await standard('PUT', '/api/ticket/profiles', {
      ...emailProfile(smtpId, { Name: 'Hook renamed' }),
      Id: id,
    });
    expect(changed.status).toBe(200);
    expect(await stored()).toBeNull();
    const after = await standard('GET', `/api/ticket/profiles/${id}`);
    expect(after.body).toMatchObject({ Type: 2, WebhookUrl: null, HasWebhookSecret: false, CustomDescription: null });
  });
});

describe('PSA profiles', () => {
  let integrationId: number;
  let acme: number;

  it('are refused while the tenant has no PSA', async () => {
    const r = await (await t.as('standard'))('POST', '/api/ticket/profiles', psaProfile(1));
    expect(r.status).toBe(400);
    expect(r.body.Errors).toEqual(expect.arrayContaining([{ Field: 'Type', Message: PROFILE_MESSAGES.noPsa }]));
    const psa = await (await t.as('standard'))('GET', '/api/ticket/profiles/psa');
    expect(psa.body).toEqual({ CrmTypeId: 0, Id: null, Name: null });
  });

  it('need the catch-all company, statuses, board and priority for ConnectWise', async () => {
    integrationId = await linkConnectWise(t, cw);
    acme = await psaCompanyId(t, homeId, 'Acme Corporation');
    const standard = await t.as('standard');
    expect((await standard('GET', '/api/ticket/profiles/psa')).body).toEqual({
      CrmTypeId: 3,
      Id: integrationId,
      Name: 'ConnectWise',
    });
    const r = await standard('POST', '/api/ticket/profiles', {
      Name: 'Incomplete',
      Type: 1,
      GroupBy: 0,
      DefaultCrmBoard: ' ',
    });
    expect(r.status).toBe(400);
    expect(fields(r.body)).toEqual([
      ['CatchAllCompany', 'Catch-all company is required'],
      ['DefaultCrmBoard', 'Board is required'],
      ['TicketPriority', 'Priority is required'],
      ['NewTicketStatusId', 'New ticket status is required'],
      ['ClosedTicketStatusId', 'Closed ticket status is required'],
    ]);
    const local = await addCompany(t, homeId, 'Local Only Ltd', []);
    const notPsa = await standard('POST', '/api/ticket/profiles', psaProfile(local));
    expect(fields(notPsa.body)).toEqual([
      ['CatchAllCompany', 'The catch-all company must be one of your PSA companies'],
    ]);
    const foreign = await t.database.query<{ id: number }>(
      "INSERT INTO companies (tenant_id, name, type, psa_id) VALUES ($1, 'Their PSA Co', 0, '999') RETURNING id",
      [otherId],
    );
    const theirs = await standard('POST', '/api/ticket/profiles', psaProfile(foreign.rows[0].id));
    expect(fields(theirs.body)).toEqual([
      ['CatchAllCompany', 'The catch-all company must be one of your PSA companies'],
    ]);
  });

  it('save the PSA fields with the current PSA and read them back', async () => {
    const standard = await t.as('standard');
    const created = await standard('POST', '/api/ticket/profiles', psaProfile(acme, { CustomDescription: '  ' }));
    expect(created.status).toBe(200);
    const got = await standard('GET', `/api/ticket/profiles/${created.body.Id}`);
    expect(got.body).toMatchObject({
      Type: 1,
      CrmSourceId: integrationId,
      CrmTypeId: 3,
      CatchAllCompany: acme,
      DefaultCrmBoard: 'Service Desk',
      TicketPriority: 3,
      NewTicketStatusId: 11,
      ClosedTicketStatusId: 14,
      IgnoreTicketStatusIds: [13],
      TypeId: 21,
      SubTypeId: 31,
      ItemId: 41,
      SourceId: 6,
      TicketTypeId: null,
      CustomDescription: null,
      Recipients: [],
      EmailSettingsId: null,
    });
    const list = await standard('POST', '/api/ticket/profiles/list', { Search: 'service' });
    expect(list.body.Results).toEqual([
      expect.objectContaining({ Id: created.body.Id, Type: 1, Target: 'ConnectWise Manage · Service Desk' }),
    ]);
  });

  it('re-link to a new PSA, clearing what belonged to the old one', async () => {
    const admin = await t.as('admin');
    const standard = await t.as('standard');
    const profile = (await standard('GET', '/api/ticket/profiles/dropdown')).body.find(
      (p: { Name: string }) => p.Name === 'Service desk tickets',
    );
    expect((await admin('DELETE', `/api/integration/crm/${integrationId}`)).status).toBe(200);
    const orphan = await standard('GET', `/api/ticket/profiles/${profile.Id}`);
    expect(orphan.body).toMatchObject({ CrmSourceId: null, CrmTypeId: 0 });
    const none = await standard('PATCH', `/api/ticket/profiles/psa/${profile.Id}`);
    expect(none.status).toBe(400);
    expect(none.body.Message).toBe(PROFILE_MESSAGES.noPsa);

    const newId = await linkConnectWise(t, cw);
    const relinked = await standard('PATCH', `/api/ticket/profiles/psa/${profile.Id}`);
    expect(relinked.status).toBe(200);
    expect(relinked.body).toMatchObject({
      CrmSourceId: newId,
      CrmTypeId: 3,
      CatchAllCompany: null,
      DefaultCrmBoard: null,
      NewTicketStatusId: null,
      IgnoreTicketStatusIds: [],
      Name: 'Service desk tickets',
    });
    // Linking again to the same PSA changes nothing.
    await standard('PUT', '/api/ticket/profiles', { ...psaProfile(acme), Id: profile.Id });
    const again = await standard('PATCH', `/api/ticket/profiles/psa/${profile.Id}`);
    expect(again.body).toMatchObject({ CrmSourceId: newId, DefaultCrmBoard: 'Service Desk' });
  });
});

describe('lists and deletion', () => {
  it('pages and orders the list, with a dropdown of every profile', async () => {
    const standard = await t.as('standard');
    const page = await standard('POST', '/api/ticket/profiles/list', { Page: 1, Size: 2, OrderBy: 'Name' });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ Page: 1, PageSize: 2, Total: 3, TotalPages: 2 });
    expect(page.body.Results.map((p: { Name: string }) => p.Name)).toEqual(['Failures by e-mail', 'Hook renamed']);
    expect(page.body.Results[0].Target).toBe('noc@acme.test, lead@acme.test');
    const past = await standard('POST', '/api/ticket/profiles/list', { Page: 5, Size: 2 });
    expect(past.body).toMatchObject({ Results: [], Total: 3 });
    const dropdown = await standard('GET', '/api/ticket/profiles/dropdown');
    expect(dropdown.body.map((p: { Name: string; Type: number }) => [p.Name, p.Type])).toEqual([
      ['Failures by e-mail', 2],
      ['Hook renamed', 2],
      ['Service desk tickets', 1],
    ]);
  });

  it('refuses to delete a profile while a rule uses it', async () => {
    const standard = await t.as('standard');
    const [profile] = (await standard('GET', '/api/ticket/profiles/dropdown')).body;
    const rule = await standard('POST', '/api/ticket/rules', {
      Name: 'Failures',
      IsEnabled: true,
      ProfileId: profile.Id,
      Statuses: [3],
      ConsecutiveDays: 1,
      UseFailureThreshold: false,
      CompanyIds: [],
      Tags: [],
      Vendors: [],
      AutoClose: true,
      CloseNote: null,
      NoteOnContinue: true,
    });
    expect(rule.status).toBe(200);
    const refused = await standard('DELETE', `/api/ticket/profiles/${profile.Id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('This ticket profile is used by 1 rule. Change or delete it first.');
    expect((await standard('GET', `/api/ticket/profiles/${profile.Id}`)).body.RulesCount).toBe(1);
    expect((await standard('DELETE', `/api/ticket/rules/${rule.body.Id}`)).status).toBe(200);
    const deleted = await standard('DELETE', `/api/ticket/profiles/${profile.Id}`);
    expect(deleted.status).toBe(200);
    expect((await standard('GET', `/api/ticket/profiles/${profile.Id}`)).status).toBe(404);
  });
});

describe('the activity log', () => {
  it('records who created, changed and deleted profiles, without secrets', async () => {
    const r = await t.database.query<{
      action: string;
      entity_name: string;
      user_name: string;
      before: unknown;
      after: unknown;
    }>(
      "SELECT action, entity_name, user_name, before, after FROM activity_logs WHERE tenant_id = $1 AND entity_type = 'TicketProfile' ORDER BY id",
      [homeId],
    );
    const actions = r.rows.map((x) => x.action);
    expect(actions.filter((a) => a === 'Ticket profile created')).toHaveLength(3);
    expect(actions).toContain('Ticket profile edited');
    expect(actions).toContain('Ticket profile deleted');
    expect(r.rows.every((x) => x.user_name === 'Stan Dard')).toBe(true);
    const rename = r.rows.find((x) => x.action === 'Ticket profile edited' && x.entity_name === 'Hook renamed');
    expect(rename).toMatchObject({ before: { Name: 'Hook' }, after: { Name: 'Hook renamed' } });
    const text = JSON.stringify(r.rows);
    expect(text).not.toContain('first-secret');
    expect(text).not.toContain('second-secret');
    expect(text).toContain('"WebhookSecret":"changed"');
  });
});
