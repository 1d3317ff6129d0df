import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/**
 * Templates (api/template) as an API client sees them, on backups discovered from real e-mails
 * through the intake.
 */
let t: TestApp;
let homeId: number;
let ids: Record<string, number>;
const { yesterday: Y } = clock();

type Row = {
  Id: number;
  Name: string;
  Settings: Record<string, unknown>;
  Rules: { Groups: { Conditions: { Field: string; Operator: string; Value: string }[] }[] };
  Companies: number[];
  CompanyNames: string[];
  isActive: boolean;
  BackupsCount: number;
};

const rulesFor = (Field: string, Operator: string, Value: string) => ({
  Groups: [{ Conditions: [{ Field, Operator, Value }] }],
});

async function admin() {
  return t.as('admin');
}

async function create(name: string): Promise<Row> {
  const r = await (await admin())('POST', '/api/template/create', name);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Row;
}

async function backupRow(id: number) {
  const r = await t.database.query<{
    state: string;
    template_id: number | null;
    schedule: unknown;
    day_start_hour: number;
    failure_threshold: number;
    treat_warning_as_success: boolean;
    notes: string | null;
  }>(
    'SELECT state, template_id, schedule, day_start_hour, failure_threshold, treat_warning_as_success, notes FROM backups WHERE id = $1',
    [id],
  );
  return r.rows[0];
}

async function activity(action: string) {
  const r = await t.database.query<{ entity_name: string; after: unknown }>(
    'SELECT entity_name, after FROM activity_logs WHERE tenant_id = $1 AND action = $2 ORDER BY id',
    [homeId, action],
  );
  return r.rows;
}

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'web-01', status: 'Success', at: at(Y, 1) },
    { device: 'web-02', status: 'Failed', at: at(Y, 2) },
    { device: 'web-03', status: 'Success', at: at(Y, 3) },
    { device: 'db-01', status: 'Success', at: at(Y, 4) },
    { device: 'mail-01', status: 'Warning', at: at(Y, 5) },
  ]);
  ids = await backupIds(t, homeId);
});
afterAll(async () => t?.close());

describe('create, read, copy, rename, delete', () => {
  it('creates from a bare JSON string with default settings', async () => {
    const row = await create('Servers nightly');
    expect(row).toMatchObject({
      Name: 'Servers nightly',
      isActive: false,
      BackupsCount: 0,
      Companies: [],
      Rules: { Groups: [] },
      Settings: { Schedule: { kind: 'weekly', weekdays: 127 }, DayStartHour: 0, StatusCalculation: 'WarningIfMixed' },
    });
    const got = await (await admin())('GET', `/api/template/${row.Id}`);
    expect(got.status).toBe(200);
    expect(got.body.Name).toBe('Servers nightly');
    expect((await activity('Template created')).map((a) => a.entity_name)).toContain('Servers nightly');
  });

  it('refuses a duplicate name (any case), an empty name and a non-string body', async () => {
    const call = await admin();
    const dup = await call('POST', '/api/template/create', 'SERVERS NIGHTLY');
    expect(dup.status).toBe(400);
    expect(dup.body.Message).toBe('A template with this name already exists');
    expect(dup.body.Errors[0].Field).toBe('Name');
    expect((await call('POST', '/api/template/create', '   ')).status).toBe(400);
    expect((await call('POST', '/api/template/create', { Name: 'x' })).status).toBe(400);
  });

  it('lists with search and paging, and offers a dropdown', async () => {
    await create('Workstations');
    const call = await admin();
    const all = await call('POST', '/api/template/list', { Page: 1, Size: 1 });
    expect(all.status).toBe(200);
    expect(all.body.Total).toBeGreaterThanOrEqual(2);
    expect(all.body.Results).toHaveLength(1);
    const found = await call('POST', '/api/template/list', { Search: 'work' });
    expect(found.body.Results.map((r: Row) => r.Name)).toEqual(['Workstations']);
    const dd = await call('GET', '/api/template/dropdown');
    expect(dd.body.map((x: { Name: string }) => x.Name)).toEqual(
      expect.arrayContaining(['Servers nightly', 'Workstations']),
    );
  });

  it('copies as "Copy of …", numbering a second copy', async () => {
    const src = await create('Copy source');
    const call = await admin();
    await call('PUT', '/api/template/rules', { Id: src.Id, Rules: rulesFor('DeviceName', 'StartsWith', 'web') });
    const a = await call('POST', `/api/template/${src.Id}/copy`);
    const b = await call('POST', `/api/template/${src.Id}/copy`);
    expect(a.body.Name).toBe('Copy of Copy source');
    expect(b.body.Name).toBe('Copy of Copy source (2)');
    expect(a.body.Rules).toEqual(rulesFor('DeviceName', 'StartsWith', 'web'));
    expect(a.body.isActive).toBe(false);
    const del = await call('DELETE', '/api/template', { Ids: [src.Id, a.body.Id, b.body.Id] });
    expect(del.body.Deleted).toBe(3);
    expect((await call('GET', `/api/template/${a.body.Id}`)).status).toBe(404);
  });

  it('renames, refusing a name another template has, and checks companies', async () => {
    const x = await create('Rename me');
    const call = await admin();
    const ok = await call('PUT', '/api/template', { Id: x.Id, Name: 'Renamed', Settings: {}, Companies: [] });
    expect(ok.status).toBe(200);
    expect(ok.body.Name).toBe('Renamed');
    const dup = await call('PUT', '/api/template', { Id: x.Id, Name: 'workstations', Settings: {}, Companies: [] });
    expect(dup.status).toBe(400);
    const bad = await call('PUT', '/api/template', { Id: x.Id, Name: 'Renamed', Settings: {}, Companies: [999999] });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors[0].Field).toBe('Companies');
    expect((await call('DELETE', `/api/template/${x.Id}`)).status).toBe(200);
  });
});

describe('rules, test and apply', () => {
  let web: Row;
  let two: Row;

  it('tests rules without saving anything', async () => {
    web = await create('Web servers');
    const call = await admin();
    const r = await call('POST', '/api/template/test', { Rules: rulesFor('DeviceName', 'StartsWith', 'web-') });
    expect(r.status).toBe(200);
    expect(r.body.Total).toBe(3);
    expect(r.body.Backups.map((b: { DeviceName: string }) => b.DeviceName)).toEqual(['web-01', 'web-02', 'web-03']);
    expect(r.body.Backups[0]).toMatchObject({
      State: 'Inactive',
      TemplateId: null,
      CompanyName: '- No company assigned -',
    });
    expect((await call('GET', `/api/template/${web.Id}`)).body.Rules).toEqual({ Groups: [] });
  });

  it('saves rules and previews an apply with conflicts between templates', async () => {
    const call = await admin();
    const saved = await call('PUT', '/api/template/rules', {
      Id: web.Id,
      Rules: rulesFor('DeviceName', 'StartsWith', 'web-'),
    });
    expect(saved.status).toBe(200);
    two = await create('Second web');
    await call('PUT', '/api/template/rules', { Id: two.Id, Rules: rulesFor('DeviceName', 'EndsWith', '-02') });
    const preview = await call('PUT', '/api/template/apply', { Ids: [web.Id], Preview: true });
    expect(preview.status).toBe(200);
    const [tpl] = preview.body.Templates;
    expect(tpl).toMatchObject({ Id: web.Id, Name: 'Web servers', HasConflict: true });
    const conflict = tpl.Backups.find((b: { Id: number }) => b.Id === ids['web-02']);
    expect(conflict).toMatchObject({ HasConflict: true, ConflictsWith: ['Second web'] });
    expect(tpl.Backups.filter((b: { HasConflict: boolean }) => !b.HasConflict)).toHaveLength(2);
    expect(preview.body.Applied).toBe(0);
    expect((await backupRow(ids['web-01'])).state).toBe('Inactive');
  });

  it('applies: links and activates the matches with its settings, skipping conflicts', async () => {
    const call = await admin();
    const upd = await call('PUT', '/api/template', {
      Id: web.Id,
      Name: 'Web servers',
      Settings: { Schedule: { kind: 'weekly', weekdays: 62 }, DayStartHour: 6, FailureThreshold: 2, Tags: ['web'] },
      Companies: [],
    });
    expect(upd.status).toBe(200);
    const r = await call('PUT', '/api/template/apply', { Ids: [web.Id] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ Applied: 2, Skipped: 1, Activated: 2, Reroll: 'inline' });
    for (const d of ['web-01', 'web-03']) {
      expect(await backupRow(ids[d])).toMatchObject({
        state: 'Active',
        template_id: web.Id,
        schedule: { kind: 'weekly', weekdays: 62 },
        day_start_hour: 6,
        failure_threshold: 2,
      });
    }
    expect((await backupRow(ids['web-02'])).state).toBe('Inactive');
    const linked = await call('GET', `/api/template/backups?templateId=${web.Id}`);
    expect(linked.body.map((b: { DeviceName: string }) => b.DeviceName)).toEqual(['web-01', 'web-03']);
    expect((await call('GET', `/api/template/${web.Id}`)).body.BackupsCount).toBe(2);
    const audit = await call('POST', '/api/policy/audit-backups', { Search: 'web-0' });
    const rows = audit.body.Results as { DeviceName: string; Tags: string[] }[];
    expect(rows.map((x) => x.DeviceName).sort()).toEqual(['web-01', 'web-03']);
    expect(rows[0].Tags).toContain('web');
    expect((await activity('Template applied')).at(-1)).toMatchObject({
      entity_name: 'Web servers',
      after: { Backups: 2, Activated: 2 },
    });
  });

  it('applies a conflicting backup to the first template listed when asked to', async () => {
    const call = await admin();
    const r = await call('PUT', '/api/template/apply', { Ids: [two.Id, web.Id], IncludeConflicts: true });
    expect(r.status).toBe(200);
    expect((await backupRow(ids['web-02'])).template_id).toBe(two.Id);
    expect((await backupRow(ids['web-01'])).template_id).toBe(web.Id);
  });

  it('a settings change reaches every linked backup at once', async () => {
    const call = await admin();
    const r = await call('PUT', '/api/template', {
      Id: web.Id,
      Name: 'Web servers',
      Settings: {
        Schedule: { kind: 'weekly', weekdays: 127 },
        DayStartHour: 3,
        Notes: 'edge',
        TreatWarningAsSuccess: true,
      },
      Companies: [],
    });
    expect(r.status).toBe(200);
    for (const d of ['web-01', 'web-03']) {
      expect(await backupRow(ids[d])).toMatchObject({
        schedule: { kind: 'weekly', weekdays: 127 },
        day_start_hour: 3,
        notes: 'edge',
        treat_warning_as_success: true,
      });
    }
    // A backup of another template is not touched.
    expect((await backupRow(ids['web-02'])).day_start_hour).toBe(0);
    expect((await activity('Template edited')).at(-1)?.after).toMatchObject({ BackupsUpdated: 2 });
  });

  it('a company-limited template matches only that company', async () => {
    const acme = await addCompany(t, homeId, 'Limited Co', [ids['db-01']]);
    const call = await admin();
    const r = await call('POST', '/api/template/test', {
      Rules: rulesFor('DeviceName', 'Contains', '-01'),
      Companies: [acme],
    });
    expect(r.body.Backups.map((b: { DeviceName: string }) => b.DeviceName)).toEqual(['db-01']);
    expect(r.body.Backups[0].CompanyName).toBe('Limited Co');
  });

  it('converts backups to standalone; a template governing none stops auto-activating', async () => {
    const call = await admin();
    const on = await call('PATCH', `/api/template/${two.Id}/true`);
    expect(on.body.isActive).toBe(true);
    const r = await call('POST', `/api/template/${two.Id}/standalone`, {});
    expect(r.body).toEqual({ Converted: 1, isActive: false });
    const b = await backupRow(ids['web-02']);
    expect(b.template_id).toBeNull();
    expect(b.state).toBe('Active');
    expect((await call('GET', `/api/template/${two.Id}`)).body.isActive).toBe(false);
  });

  it('deleting a template leaves its backups standalone with their settings', async () => {
    const call = await admin();
    const r = await call('DELETE', `/api/template/${web.Id}`);
    expect(r.status).toBe(200);
    expect(await backupRow(ids['web-01'])).toMatchObject({
      state: 'Active',
      template_id: null,
      day_start_hour: 3,
      notes: 'edge',
    });
    expect((await activity('Template deleted')).at(-1)).toMatchObject({
      entity_name: 'Web servers',
      after: { StandaloneBackups: 2 },
    });
  });
});

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
    ids = await backupIds(t, homeId);
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
    ids = await backupIds(t, homeId);
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
