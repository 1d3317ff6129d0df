import { describe, expect, it } from 'vitest';
import { addCompany } from '../audit/test-data.ts';
import {
  t,
  homeId,
  ids,
  Row,
  rulesFor,
  admin,
  create,
  backupRow,
  activity,
  setUpTemplatesSuite,
} from './templates.setup.ts';

setUpTemplatesSuite();

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
