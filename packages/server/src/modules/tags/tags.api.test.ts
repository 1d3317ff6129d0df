import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { activate, at, backupIds, clock, EVERY_DAY, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';
import { backfillTagCatalogue } from './service.ts';

/** Settings → Tags (`/api/tags`) and the editors' tag choices (`GET /api/policy/tags`). */
let t: TestApp;
let homeId: number;
let ids: Record<string, number>;
const { yesterday: Y } = clock();

interface TagRow {
  Id: number;
  TagValue: string;
  BackupCount: number;
}

async function catalogue(): Promise<TagRow[]> {
  const r = await (await t.as('admin'))('GET', '/api/tags');
  expect(r.status).toBe(200);
  return r.body;
}
const byValue = async (value: string) => (await catalogue()).find((x) => x.TagValue === value);

/** The tags of each backup as the Audit grid shows them, by device. */
async function backupTags(): Promise<Record<string, string[]>> {
  const r = await (await t.as('admin'))('POST', '/api/policy/audit-backups', { Search: 'tag-' });
  expect(r.status).toBe(200);
  return Object.fromEntries(
    r.body.Results.map((x: { DeviceName: string; Tags: string[] }) => [x.DeviceName, [...x.Tags].sort()]),
  );
}

/** The newest activity log rows of the home tenant, as the database holds them. */
async function lastLogs(n: number) {
  const r = await t.database.query<{ action: string; entity_name: string; before: unknown; after: unknown }>(
    'SELECT action, entity_name, before, after FROM activity_logs WHERE tenant_id = $1 ORDER BY id DESC LIMIT $2',
    [homeId, n],
  );
  return r.rows;
}

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'tag-01', status: 'Success', at: at(addDays(Y, -2), 1) },
    { device: 'tag-02', status: 'Success', at: at(addDays(Y, -2), 1) },
    { device: 'tag-03', status: 'Success', at: at(addDays(Y, -2), 1) },
  ]);
  ids = await backupIds(t, homeId);
  // Activation tags backups and adds the tags to the catalogue.
  await activate(t, homeId, [ids['tag-01'], ids['tag-02']], { schedule: EVERY_DAY, tags: ['Servers', 'Nightly'] });
  await activate(t, homeId, [ids['tag-03']], { schedule: EVERY_DAY, tags: ['servers', 'Critical'] });
});
afterAll(async () => t.close());

describe('the catalogue', () => {
  it('lists every tag in use, once whatever its case, with the number of backups carrying it', async () => {
    const list = await catalogue();
    expect(list.map((x) => [x.TagValue, x.BackupCount])).toEqual([
      ['Critical', 1],
      ['Nightly', 2],
      ['Servers', 3],
    ]);
    for (const x of list) expect(x.Id).toBeGreaterThan(0);
    // Listing twice adds nothing.
    expect((await catalogue()).map((x) => x.Id)).toEqual(list.map((x) => x.Id));
  });

  it('adds a tag; the same value in any case is refused', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/tags', { TagValue: '  Offsite ' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Id: expect.any(Number), TagValue: 'Offsite', BackupCount: 0 });
    const dup = await admin('POST', '/api/tags', { TagValue: 'OFFSITE' });
    expect(dup.status).toBe(400);
    expect(dup.body.Message).toBe('A tag named "OFFSITE" already exists.');
    expect(dup.body.Errors).toEqual([{ Field: 'TagValue', Message: 'A tag named "OFFSITE" already exists.' }]);
    expect((await admin('POST', '/api/tags', { TagValue: '   ' })).status).toBe(400);
    expect((await admin('POST', '/api/tags', { TagValue: 'x'.repeat(65) })).status).toBe(400);
    expect((await admin('POST', '/api/tags', {})).status).toBe(400);
    expect((await catalogue()).map((x) => x.TagValue)).toEqual(['Critical', 'Nightly', 'Offsite', 'Servers']);
    const [log] = await lastLogs(1);
    expect(log).toEqual({
      action: 'Tag created',
      entity_name: 'Offsite',
      before: null,
      after: { TagValue: 'Offsite' },
    });
  });

  it('offers the tag values to the editors', async () => {
    const r = await (await t.as('standard'))('GET', '/api/policy/tags');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(['Critical', 'Nightly', 'Offsite', 'Servers']);
  });
});

describe('renaming', () => {
  it('renames a tag on every backup carrying it, in any case', async () => {
    const admin = await t.as('admin');
    const servers = (await byValue('Servers'))!;
    const r = await admin('PUT', '/api/tags', { Id: servers.Id, TagValue: 'Server fleet' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Id: servers.Id, TagValue: 'Server fleet', BackupCount: 3 });
    expect(await backupTags()).toEqual({
      'tag-01': ['Nightly', 'Server fleet'],
      'tag-02': ['Nightly', 'Server fleet'],
      'tag-03': ['Critical', 'Server fleet'],
    });
    const [log] = await lastLogs(1);
    expect(log).toEqual({
      action: 'Tag renamed',
      entity_name: 'Server fleet',
      before: { TagValue: 'Servers', BackupCount: 3 },
      after: { TagValue: 'Server fleet', BackupCount: 3 },
    });
  });

  it('changes only the case of a tag in place', async () => {
    const admin = await t.as('admin');
    const tag = (await byValue('Server fleet'))!;
    const r = await admin('PUT', '/api/tags', { Id: tag.Id, TagValue: 'SERVER FLEET' });
    expect(r.body).toEqual({ Id: tag.Id, TagValue: 'SERVER FLEET', BackupCount: 3 });
    expect((await backupTags())['tag-03']).toEqual(['Critical', 'SERVER FLEET']);
  });

  it('merges into an existing tag: each backup keeps it once, the renamed entry goes', async () => {
    const admin = await t.as('admin');
    const nightly = (await byValue('Nightly'))!;
    const critical = (await byValue('Critical'))!;
    // tag-01 and tag-02 carry Nightly, tag-03 Critical: renaming Nightly to "critical" merges.
    const r = await admin('PUT', '/api/tags', { Id: nightly.Id, TagValue: 'critical' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Id: critical.Id, TagValue: 'Critical', BackupCount: 3 });
    expect(await backupTags()).toEqual({
      'tag-01': ['Critical', 'SERVER FLEET'],
      'tag-02': ['Critical', 'SERVER FLEET'],
      'tag-03': ['Critical', 'SERVER FLEET'],
    });
    expect((await catalogue()).map((x) => x.TagValue)).toEqual(['Critical', 'Offsite', 'SERVER FLEET']);
    const [log] = await lastLogs(1);
    expect(log.action).toBe('Tag renamed');
    expect(log.before).toEqual({ TagValue: 'Nightly', BackupCount: 2 });
    expect(log.after).toEqual({
      TagValue: 'Critical',
      BackupCount: 3,
      MergedInto: { Id: critical.Id, TagValue: 'Critical' },
    });
    // The merged entry is gone.
    expect((await admin('PUT', '/api/tags', { Id: nightly.Id, TagValue: 'Again' })).status).toBe(404);
  });

  it('follows a rename into the tags that templates and backup plans add', async () => {
    const admin = await t.as('admin');
    // Template settings are written by the template editor; one is stored here directly.
    await t.database.query(`INSERT INTO templates (tenant_id, name, settings) VALUES ($1, 'Servers', $2::jsonb)`, [
      homeId,
      JSON.stringify({ Tags: ['Offsite', 'Critical', 'offsite-b'] }),
    ]);
    const offsite = (await byValue('Offsite'))!;
    const critical = (await byValue('Critical'))!;
    await admin('PUT', '/api/tags', { Id: offsite.Id, TagValue: 'CRITICAL' });
    const settings = async () =>
      (
        await t.database.query<{ settings: { Tags: string[] } }>(
          `SELECT settings FROM templates WHERE tenant_id = $1 AND name = 'Servers'`,
          [homeId],
        )
      ).rows[0].settings.Tags;
    expect(await settings()).toEqual(['Critical', 'offsite-b']);
    await admin('DELETE', `/api/tags?id=${critical.Id}`);
    expect(await settings()).toEqual(['offsite-b']);
    await t.database.query(`DELETE FROM templates WHERE tenant_id = $1`, [homeId]);
  });

  it('refuses an empty value, a missing id and an unknown id', async () => {
    const admin = await t.as('admin');
    const tag = (await byValue('SERVER FLEET'))!;
    expect((await admin('PUT', '/api/tags', { Id: tag.Id, TagValue: '' })).status).toBe(400);
    expect((await admin('PUT', '/api/tags', { Id: 99999999, TagValue: 'x' })).status).toBe(404);
    expect((await admin('PUT', '/api/tags', { TagValue: 'x' })).status).toBe(400);
  });
});

describe('deleting', () => {
  it('removes the tag from every backup and from the catalogue', async () => {
    const admin = await t.as('admin');
    const fleet = (await byValue('SERVER FLEET'))!;
    const r = await admin('DELETE', `/api/tags?id=${fleet.Id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Id: fleet.Id, TagValue: 'SERVER FLEET', BackupCount: 3 });
    expect(await backupTags()).toEqual({ 'tag-01': [], 'tag-02': [], 'tag-03': [] });
    expect(await catalogue()).toEqual([]);
    const [log] = await lastLogs(1);
    expect(log).toEqual({
      action: 'Tag deleted',
      entity_name: 'SERVER FLEET',
      before: { TagValue: 'SERVER FLEET', BackupCount: 3 },
      after: null,
    });
    expect((await admin('DELETE', `/api/tags?id=${fleet.Id}`)).status).toBe(404);
    expect((await admin('DELETE', '/api/tags')).status).toBe(400);
  });
});

describe('who may', () => {
  it('client users neither see nor change tags', async () => {
    const client = await t.as('client');
    expect((await client('GET', '/api/tags')).status).toBe(403);
    expect((await client('POST', '/api/tags', { TagValue: 'Client' })).status).toBe(403);
    expect((await client('PUT', '/api/tags', { Id: 1, TagValue: 'Client' })).status).toBe(403);
    expect((await client('DELETE', '/api/tags?id=1')).status).toBe(403);
    expect((await client('GET', '/api/policy/tags')).status).toBe(403);
  });

  it('standard users manage tags', async () => {
    const standard = await t.as('standard');
    const r = await standard('POST', '/api/tags', { TagValue: 'Standard' });
    expect(r.status).toBe(200);
    expect((await standard('DELETE', `/api/tags?id=${r.body.Id}`)).status).toBe(200);
  });

  it('another tenant sees none of our tags and gets 404 for each of them', async () => {
    const admin = await t.as('admin');
    const ours = (await admin('POST', '/api/tags', { TagValue: 'Ours' })).body as TagRow;
    await activate(t, homeId, [ids['tag-01']], { tags: ['Ours'] });
    const outsider = await t.as('outsider');
    expect((await outsider('GET', '/api/tags')).body).toEqual([]);
    expect((await outsider('GET', '/api/policy/tags')).body).toEqual([]);
    const rename = await outsider('PUT', '/api/tags', { Id: ours.Id, TagValue: 'Theirs' });
    expect(rename.status).toBe(404);
    expect(rename.body.Message).toBe('Not found');
    expect((await outsider('DELETE', `/api/tags?id=${ours.Id}`)).status).toBe(404);
    // Their own tag of the same name is theirs alone.
    expect((await outsider('POST', '/api/tags', { TagValue: 'Ours' })).status).toBe(200);
    expect(await byValue('Ours')).toEqual({ Id: ours.Id, TagValue: 'Ours', BackupCount: 1 });
    expect((await backupTags())['tag-01']).toEqual(['Ours']);
  });
});

describe('reads never write', () => {
  const tagRows = async () => Number((await t.database.query('SELECT count(*) AS n FROM tags')).rows[0].n);

  it('lists without adding to the catalogue; a tag missing from it joins once at start-up', async () => {
    // A tag on a backup from before the catalogue followed every change.
    await t.database.query('INSERT INTO backup_tags (tenant_id, backup_id, tag) VALUES ($1, $2, $3)', [
      homeId,
      ids['tag-02'],
      'Legacy',
    ]);
    const before = await tagRows();
    const admin = await t.as('admin');
    for (const url of ['/api/tags', '/api/policy/tags']) {
      const r = await admin('GET', url);
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain('Legacy');
    }
    expect(await tagRows()).toBe(before);

    await backfillTagCatalogue(t.database);
    expect(await tagRows()).toBe(before + 1);
    expect(await byValue('Legacy')).toMatchObject({ TagValue: 'Legacy', BackupCount: 1 });
    expect((await admin('GET', '/api/policy/tags')).body).toContain('Legacy');
  });
});
