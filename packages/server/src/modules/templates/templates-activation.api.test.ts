import { describe, expect, it } from 'vitest';
import { at, sendCsv } from '../audit/test-data.ts';
import {
  t,
  homeId,
  ids,
  rulesFor,
  admin,
  create,
  backupRow,
  activity,
  Y,
  reloadIds,
  setUpTemplatesSuite,
} from './templates.setup.ts';

setUpTemplatesSuite();

describe('auto-activation', () => {
  it('refuses to turn on without rules', async () => {
    const x = await create('No rules yet');
    const r = await (await admin())('PATCH', `/api/template/${x.Id}/true`);
    expect(r.status).toBe(400);
    expect((await (await admin())('PATCH', `/api/template/${x.Id}/maybe`)).status).toBe(400);
  });

  it('activates a new backup from a real e-mail with the template settings, and it shows in Audit', async () => {
    const call = await admin();
    const tpl = await create('Auto NAS');
    await call('PUT', '/api/template/rules', { Id: tpl.Id, Rules: rulesFor('DeviceName', 'StartsWith', 'nas-') });
    await call('PUT', '/api/template', {
      Id: tpl.Id,
      Name: 'Auto NAS',
      Settings: { Schedule: { kind: 'weekly', weekdays: 127 }, DayStartHour: 2, Tags: ['nas'] },
      Companies: [],
    });
    const on = await call('PATCH', `/api/template/${tpl.Id}/true`);
    expect(on.body.isActive).toBe(true);
    expect((await activity('Template toggled')).at(-1)).toMatchObject({ after: { isActive: true } });

    await sendCsv(t, homeId, [
      { device: 'nas-01', status: 'Success', at: at(Y, 7) },
      { device: 'other-99', status: 'Success', at: at(Y, 7) },
    ]);
    await reloadIds();
    expect(await backupRow(ids['nas-01'])).toMatchObject({
      state: 'Active',
      template_id: tpl.Id,
      schedule: { kind: 'weekly', weekdays: 127 },
      day_start_hour: 2,
    });
    expect((await backupRow(ids['other-99'])).state).toBe('Inactive');

    const acts = await call('GET', `/api/template/activations?templateId=${tpl.Id}`);
    expect(acts.status).toBe(200);
    expect(acts.body.Results).toHaveLength(1);
    expect(acts.body.Results[0]).toMatchObject({
      BackupId: ids['nas-01'],
      DeviceName: 'nas-01',
      TemplateName: 'Auto NAS',
    });

    const audit = await call('POST', '/api/policy/audit-backups', { Search: 'nas-01' });
    expect(audit.body.Results).toHaveLength(1);
    expect(audit.body.Results[0]).toMatchObject({ DeviceName: 'nas-01', Status: 1 });
    expect(audit.body.Results[0].Tags).toContain('nas');

    // A further e-mail for the same backup is no discovery: nothing new is recorded.
    await sendCsv(t, homeId, [{ device: 'nas-01', status: 'Failed', at: at(Y, 9) }]);
    expect((await call('GET', `/api/template/activations?templateId=${tpl.Id}`)).body.Total).toBe(1);

    // Turned off, the template leaves new backups alone.
    await call('PATCH', `/api/template/${tpl.Id}/false`);
    await sendCsv(t, homeId, [{ device: 'nas-02', status: 'Success', at: at(Y, 8) }]);
    await reloadIds();
    expect((await backupRow(ids['nas-02'])).state).toBe('Inactive');

    // Activating now takes the Inactive matches and records them.
    const now = await call('POST', '/api/template/activations', { TemplateId: tpl.Id });
    expect(now.body).toEqual({ Activated: 1 });
    expect((await backupRow(ids['nas-02'])).state).toBe('Active');
    const del = await call('DELETE', '/api/template/activations', { TemplateId: tpl.Id });
    expect(del.body).toEqual({ Deleted: 2 });
  });
});

describe('access', () => {
  it('client users may not see or change templates', async () => {
    const client = await t.as('client');
    expect((await client('POST', '/api/template/list', {})).status).toBe(403);
    expect((await client('POST', '/api/template/create', 'Nope')).status).toBe(403);
    expect((await client('PUT', '/api/template/apply', { Ids: [1] })).status).toBe(403);
  });

  it('standard users may edit templates', async () => {
    const standard = await t.as('standard');
    const r = await standard('POST', '/api/template/create', 'By standard');
    expect(r.status).toBe(200);
  });

  it('another tenant gets 404 on every id route and changes nothing', async () => {
    const tpl = await create('Private');
    const call = await admin();
    await call('PUT', '/api/template/rules', { Id: tpl.Id, Rules: rulesFor('DeviceName', 'StartsWith', 'db-') });
    const snapshot = async () =>
      (
        await t.database.query(
          `SELECT (SELECT json_agg(x ORDER BY x.id) FROM templates x WHERE tenant_id = $1) AS t,
                  (SELECT json_agg(json_build_array(b.id, b.state, b.template_id, b.schedule) ORDER BY b.id)
                     FROM backups b WHERE tenant_id = $1) AS b,
                  (SELECT count(*) FROM template_activations WHERE tenant_id = $1) AS a`,
          [homeId],
        )
      ).rows[0];
    const before = await snapshot();
    const out = await t.as('outsider');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/template/${tpl.Id}`],
      ['DELETE', `/api/template/${tpl.Id}`],
      ['POST', `/api/template/${tpl.Id}/copy`],
      ['POST', `/api/template/${tpl.Id}/standalone`, {}],
      ['PATCH', `/api/template/${tpl.Id}/true`],
      ['PUT', '/api/template', { Id: tpl.Id, Name: 'Hijack', Settings: {}, Companies: [] }],
      ['DELETE', '/api/template', { Ids: [tpl.Id] }],
      ['PUT', '/api/template/rules', { Id: tpl.Id, Rules: { Groups: [] } }],
      ['PUT', '/api/template/apply', { Ids: [tpl.Id] }],
      ['GET', `/api/template/backups?templateId=${tpl.Id}`],
      ['GET', `/api/template/activations?templateId=${tpl.Id}`],
      ['POST', '/api/template/activations', { TemplateId: tpl.Id }],
      ['DELETE', '/api/template/activations', { TemplateId: tpl.Id }],
    ];
    for (const [method, url, body] of calls) {
      const r = await out(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
    }
    const list = await out('POST', '/api/template/list', {});
    expect(list.body.Total).toBe(0);
    const test = await out('POST', '/api/template/test', { Rules: rulesFor('DeviceName', 'StartsWith', 'db-') });
    expect(test.body.Total).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});
