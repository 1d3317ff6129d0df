import { describe, expect, it } from 'vitest';
import { AdminInsightRow, paged } from '@vigil/contract';
import { insightsJob } from '../../jobs/insights.ts';
import { addDays } from '../../status/index.ts';
import { addCompany, sendCsv } from '../audit/test-data.ts';
import { insightDays } from './test-data.ts';
import {
  t,
  homeId,
  otherId,
  ids,
  otherIds,
  EXPECTED,
  overview,
  list,
  devices,
  insightOf,
  backup,
  insightRows,
  setUpInsightsSuite,
} from './insights.setup.ts';

setUpInsightsSuite();

describe('computing', () => {
  it('has nothing before the first run', async () => {
    const r = await (await t.as('admin'))('GET', '/api/insight');
    expect(r.body.ComputedAt).toBeNull();
    expect(Object.values(await overview()).every((n) => n === 0)).toBe(true);
  });

  it('finds each type on the backup whose history shows it, and nothing on a healthy one', async () => {
    const r = await (await t.as('admin'))('POST', '/api/insight');
    expect(r.status).toBe(200);
    expect(Date.now() - Date.parse(r.body.ComputedAt)).toBeLessThan(60_000);
    const counts = Object.fromEntries(r.body.Types.map((x: { Type: string; Count: number }) => [x.Type, x.Count]));
    expect(counts).toEqual(Object.fromEntries(Object.entries(EXPECTED).map(([k, v]) => [k, v.length])));
    for (const [type, expected] of Object.entries(EXPECTED)) expect(await devices(type)).toEqual(expected);
    const titles = r.body.Types.map((x: { Title: string; Selectable: boolean }) => [x.Title, x.Selectable]);
    expect(titles[0]).toEqual(['Backup Missing Schedule', true]);
    expect(titles[6]).toEqual(['Backup Results Decreased', false]);
  });

  it('says why and what would change, in words', async () => {
    const missing = await insightOf('BackupMissingSchedule', 'ins-missing');
    expect(missing).toMatchObject({
      PolicyId: ids['ins-missing'],
      Detail: 'Results arrived on Saturday in 8 of the last 8 weeks',
      Current: 'Weekdays',
      Suggested: 'Monday, Tuesday, Wednesday, Thursday, Friday and Saturday',
      Suggestion: { schedule: { kind: 'weekly', weekdays: 126 } },
      VendorName: 'Generic CSV',
      CompanyName: null,
    });
    const extra = await insightOf('BackupExtraSchedule', 'ins-extra');
    expect(extra.Detail).toBe(
      'No result arrived on Wednesday in any of the last 4 weeks, while other days had results every week',
    );
    expect([extra.Current, extra.Suggested]).toEqual([
      'Every day',
      'Monday, Tuesday, Thursday, Friday, Saturday and Sunday',
    ]);
    const alert = await insightOf('BackupType', 'ins-alert');
    expect([alert.Current, alert.Suggested, alert.Suggestion]).toEqual(['Alert', 'Backup', { backupType: 'Backup' }]);
    expect(alert.Detail).toMatch(/^Results arrived on 56 of the last 56 days, 100% of them successes/);
    const type = await insightOf('BackupType', 'ins-type');
    expect(type.Suggestion).toEqual({ backupType: 'Alert' });
    expect(type.Detail).toMatch(/^\d of \d results in the last 8 weeks were warnings or failures/);
    const early = await insightOf('BackupStartOfBusinessDay', 'ins-early');
    expect(early.Detail).toMatch(/^56 of 56 results in the last 8 weeks started between 00:00 and 04:00/);
    expect(early.Suggestion).toEqual({ dayStartHour: 4 });
    // Its last result is the Sunday of week 5 at 22:00; how long ago that is depends on today.
    const days = insightDays();
    const lastSunday = days.all.filter((d) => days.weekday(d) === 0 && days.week(d) <= 5).at(-1)!;
    const silent = Math.floor((Date.now() - Date.parse(`${lastSunday}T22:00:00Z`)) / 86_400_000);
    expect(silent).toBeGreaterThanOrEqual(14);
    expect((await insightOf('BackupNotUpdating', 'ins-stale')).Detail).toBe(
      `No result for ${silent} days (the last on ${lastSunday})`,
    );
    expect((await insightOf('BackupRetireSuggestion', 'ins-retire')).Detail).toMatch(/^No result for 3[45] days/);
    expect((await insightOf('BackupResultsDecreased', 'ins-decreased')).Detail).toMatch(
      /^7 results in the week of \d{4}-\d{2}-\d{2}, down from 14 the week before \(-50%\)$/,
    );
  });

  it('keeps ids and creation times when nothing changed', async () => {
    const before = await insightRows();
    await (
      await t.as('admin')
    )('POST', '/api/insight');
    expect(await insightRows()).toEqual(before);
  });

  it('pages and searches a list; an unknown type is 404', async () => {
    const page = await list('BackupType', '?Page=2&Size=1');
    expect([page.Total, page.TotalPages, page.Results.map((x) => x.DeviceName)]).toEqual([2, 2, ['ins-type']]);
    expect((await list('BackupType', '?Search=ALERT')).Results.map((x) => x.DeviceName)).toEqual(['ins-alert']);
    expect((await list('BackupType', '?Search=generic')).Total).toBe(2);
    const admin = await t.as('admin');
    const unknown = await admin('GET', '/api/insight/BackupNothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, title: 'Not Found', Message: 'There is no insight of that type.' });
    expect((await admin('GET', '/api/insight/BackupType?Size=501')).status).toBe(400);
  });
});

describe('applying and dismissing', () => {
  it('adds the missing day to the schedule, logs it, and removes the suggestion', async () => {
    const id = (await insightOf('BackupMissingSchedule', 'ins-missing')).Id;
    const r = await (await t.as('admin'))('POST', '/api/insight/BackupMissingSchedule', { Ids: [id], Action: 'apply' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Applied: 1, Dismissed: 0, Message: 'Applied 1 suggestion.' });
    expect((await backup(ids['ins-missing'])).Schedule).toEqual({ kind: 'weekly', weekdays: 126 });
    expect(await devices('BackupMissingSchedule')).toEqual(['ins-both']);
    const log = await t.database.query<{ action: string; entity_id: string; before: unknown; after: unknown }>(
      'SELECT action, entity_id, before, after FROM activity_logs WHERE tenant_id = $1 ORDER BY id DESC LIMIT 1',
      [homeId],
    );
    expect(log.rows[0]).toEqual({
      action: 'Backup edited',
      entity_id: String(ids['ins-missing']),
      before: { ScheduleName: 'Weekdays' },
      after: { ScheduleName: 'Monday, Tuesday, Wednesday, Thursday, Friday and Saturday' },
    });
    // The history follows: Saturdays are scheduled days now.
    const days = await t.database.query<{ n: string }>(
      `SELECT count(*) AS n FROM backup_days WHERE backup_id = $1 AND is_scheduled AND extract(dow FROM day) = 6`,
      [ids['ins-missing']],
    );
    expect(Number(days.rows[0].n)).toBeGreaterThanOrEqual(8);
    // A recompute does not bring it back.
    await (
      await t.as('admin')
    )('POST', '/api/insight');
    expect(await devices('BackupMissingSchedule')).toEqual(['ins-both']);
  });

  it('applies two schedule suggestions for one backup one after the other, each changing only its days', async () => {
    const admin = await t.as('admin');
    const missing = await insightOf('BackupMissingSchedule', 'ins-both');
    const extra = await insightOf('BackupExtraSchedule', 'ins-both');
    expect([missing.Suggested, extra.Suggested]).toEqual([
      'Monday, Tuesday, Wednesday, Thursday, Friday and Saturday',
      'Monday, Tuesday, Thursday and Friday',
    ]);
    await admin('POST', '/api/insight/BackupMissingSchedule', { Ids: [missing.Id], Action: 'apply' });
    await admin('POST', '/api/insight/BackupExtraSchedule', { Ids: [extra.Id], Action: 'apply' });
    // Saturday added, Wednesday removed.
    expect((await backup(ids['ins-both'])).Schedule).toEqual({ kind: 'weekly', weekdays: 2 | 4 | 16 | 32 | 64 });
    await admin('POST', '/api/insight');
    expect(await devices('BackupMissingSchedule')).toEqual([]);
    expect(await devices('BackupExtraSchedule')).toEqual(['ins-extra']);
  });

  it('removes the unused day, and changes the type', async () => {
    const admin = await t.as('admin');
    const extra = (await insightOf('BackupExtraSchedule', 'ins-extra')).Id;
    expect((await admin('POST', '/api/insight/BackupExtraSchedule', { Ids: [extra], Action: 'apply' })).status).toBe(
      200,
    );
    expect((await backup(ids['ins-extra'])).Schedule).toEqual({ kind: 'weekly', weekdays: 127 & ~8 });
    const alert = (await insightOf('BackupType', 'ins-alert')).Id;
    const r = await admin('POST', '/api/insight/BackupType', { Ids: [alert], Action: 'apply' });
    expect(r.body.Applied).toBe(1);
    expect((await backup(ids['ins-alert'])).BackupType).toBe('Backup');
    expect(await devices('BackupType')).toEqual(['ins-type']);
  });

  it('refuses a type change that would collide with an existing backup of that type', async () => {
    const admin = await t.as('admin');
    const twin = await t.database.query<{ id: number }>(
      `INSERT INTO backups (tenant_id, vendor, device_name, job_name, method, backup_type, state)
       SELECT tenant_id, vendor, device_name, job_name, method, 'Alert', 'Inactive' FROM backups WHERE id = $1
       RETURNING id`,
      [ids['ins-type']],
    );
    try {
      const id = (await insightOf('BackupType', 'ins-type')).Id;
      const r = await admin('POST', '/api/insight/BackupType', { Ids: [id], Action: 'apply' });
      expect(r.status).toBe(400);
      expect(r.body.Message).toBe('ins-type · ins-type already exists as an Alert; merge the two in Manage instead.');
      expect((await backup(ids['ins-type'])).BackupType).toBe('Backup');
      expect(await devices('BackupType')).toEqual(['ins-type']);
    } finally {
      await t.database.query('DELETE FROM backups WHERE id = $1', [twin.rows[0].id]);
    }
  });

  it('refuses to apply an informational type, writing nothing', async () => {
    const id = (await insightOf('BackupStartOfBusinessDay', 'ins-early')).Id;
    const r = await (
      await t.as('admin')
    )('POST', '/api/insight/BackupStartOfBusinessDay', { Ids: [id], Action: 'apply' });
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe(
      'Backup Start Of Business Day suggestions cannot be applied from Insights; change the backup in Manage or dismiss them.',
    );
    expect((await backup(ids['ins-early'])).DayStartHour).toBe(0);
    expect(await devices('BackupStartOfBusinessDay')).toEqual(['ins-early']);
  });

  it('dismisses, and a dismissal holds across recomputes while the evidence stands', async () => {
    const admin = await t.as('admin');
    const id = (await insightOf('BackupStartOfBusinessDay', 'ins-early')).Id;
    const r = await admin('POST', '/api/insight/BackupStartOfBusinessDay', { Ids: [id], Action: 'dismiss' });
    expect(r.body).toEqual({ Applied: 0, Dismissed: 1, Message: 'Dismissed 1 suggestion.' });
    expect((await overview()).BackupStartOfBusinessDay).toBe(0);
    await admin('POST', '/api/insight');
    expect((await overview()).BackupStartOfBusinessDay).toBe(0);
    expect((await insightRows()).find((x) => x.id === id)?.dismissed_at).not.toBeNull();
    // Dismissed is no longer in the list: acting on it again is 404.
    expect(
      (await admin('POST', '/api/insight/BackupStartOfBusinessDay', { Ids: [id], Action: 'dismiss' })).status,
    ).toBe(404);
  });

  it('opens a dismissed suggestion again when its evidence changes', async () => {
    const admin = await t.as('admin');
    const stale = await insightOf('BackupNotUpdating', 'ins-stale');
    await admin('POST', '/api/insight/BackupNotUpdating', { Ids: [stale.Id], Action: 'dismiss' });
    await admin('POST', '/api/insight');
    expect(await devices('BackupNotUpdating')).toEqual([]);
    // A late result for the Sunday before last: still silent since, but on new evidence.
    const { ctx } = insightDays();
    const sunday = addDays(ctx.weekStarts[6], 6);
    await sendCsv(t, homeId, [{ device: 'ins-stale', status: 'Success', at: new Date(`${sunday}T22:00:00Z`) }]);
    await admin('POST', '/api/insight');
    const again = await insightOf('BackupNotUpdating', 'ins-stale');
    expect(again.Id).toBe(stale.Id);
    expect(again.Detail).toContain(`(the last on ${sunday})`);
  });

  it('refuses bad input with the error body', async () => {
    const admin = await t.as('admin');
    const empty = await admin('POST', '/api/insight/BackupType', { Ids: [], Action: 'apply' });
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toContain('Select at least one suggestion');
    expect((await admin('POST', '/api/insight/BackupType', { Ids: [1], Action: 'fix' })).status).toBe(400);
    expect((await admin('POST', '/api/insight/Nope', { Ids: [1], Action: 'dismiss' })).status).toBe(404);
  });
});

describe('who may see and change what', () => {
  it('keeps tenants apart: another tenant’s ids are 404 and nothing changes', async () => {
    const outsider = await t.as('outsider');
    await outsider('POST', '/api/insight');
    const theirs = await list('BackupNotUpdating', '', 'outsider');
    expect(theirs.Results.map((x) => x.DeviceName)).toEqual(['other-stale']);
    expect((await overview('outsider')).BackupType).toBe(0);
    const before = await insightRows();
    const admin = await t.as('admin');
    const foreign = await admin('POST', '/api/insight/BackupNotUpdating', {
      Ids: [theirs.Results[0].Id],
      Action: 'dismiss',
    });
    expect(foreign.status).toBe(404);
    const type = (await insightOf('BackupType', 'ins-type')).Id;
    const mixed = await outsider('POST', '/api/insight/BackupType', { Ids: [type], Action: 'apply' });
    expect(mixed.status).toBe(404);
    expect(await insightRows()).toEqual(before);
    expect((await backup(ids['ins-type'])).BackupType).toBe('Backup');
    expect(otherIds['other-stale']).toBeGreaterThan(0);
  });

  it('shows a company-restricted user only their companies’ suggestions', async () => {
    const company = await addCompany(t, homeId, 'Insight Co', [ids['ins-retire']]);
    const user = await t.database.query<{ id: number }>(
      `UPDATE users SET is_company_restricted = true WHERE email = 'standard@acme.test' RETURNING id`,
    );
    await t.database.query('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
      user.rows[0].id,
      company,
      homeId,
    ]);
    try {
      const counts = await overview('standard');
      expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([['BackupRetireSuggestion', 1]]);
      const seen = await list('BackupRetireSuggestion', '', 'standard');
      expect(seen.Results.map((x) => [x.DeviceName, x.CompanyName])).toEqual([['ins-retire', 'Insight Co']]);
      const type = (await insightOf('BackupType', 'ins-type')).Id;
      const standard = await t.as('standard');
      expect((await standard('POST', '/api/insight/BackupType', { Ids: [type], Action: 'dismiss' })).status).toBe(404);
    } finally {
      await t.database.query('UPDATE users SET is_company_restricted = false WHERE id = $1', [user.rows[0].id]);
      await t.database.query('DELETE FROM user_companies WHERE user_id = $1', [user.rows[0].id]);
    }
  });

  it('keeps client users out', async () => {
    const client = await t.as('client');
    expect((await client('GET', '/api/insight')).status).toBe(403);
    expect((await client('GET', '/api/insight/BackupType')).status).toBe(403);
    expect((await client('POST', '/api/insight')).status).toBe(403);
  });

  it('lets platform admins list tenants with their counts and recompute one', async () => {
    const root = await t.as('root');
    const r = await root('POST', '/api/admin/insights', {});
    expect(r.status).toBe(200);
    const rows = paged(AdminInsightRow).parse(r.body);
    const acme = rows.Results.find((x) => x.TenantId === homeId)!;
    const counts = Object.fromEntries(acme.Insights.map((x) => [x.Type, x.Count]));
    expect(counts).toEqual({
      BackupMissingSchedule: 0,
      BackupExtraSchedule: 0,
      BackupType: 1,
      BackupStartOfBusinessDay: 0,
      BackupNotUpdating: 1,
      BackupRetireSuggestion: 1,
      BackupResultsDecreased: 1,
    });
    const search = await root('POST', '/api/admin/insights', { Search: 'other' });
    expect(search.body.Results.map((x: { TenantName: string }) => x.TenantName)).toEqual(['Other MSP']);
    await t.database.query('UPDATE insight_runs SET computed_at = $2 WHERE tenant_id = $1', [otherId, new Date(0)]);
    const one = await root('POST', `/api/admin/insights/${otherId}`);
    expect(one.status).toBe(200);
    expect(one.body.TenantName).toBe('Other MSP');
    expect(Date.parse(one.body.ComputedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(one.body.Insights.find((x: { Type: string }) => x.Type === 'BackupNotUpdating').Count).toBe(1);
    expect((await root('POST', '/api/admin/insights/999999')).status).toBe(404);
    expect((await (await t.as('admin'))('POST', '/api/admin/insights', {})).status).toBe(403);
  });
});

describe('the insight job', () => {
  it('runs daily at 05:00 UTC for every tenant, or for one tenant on demand', async () => {
    const job = insightsJob(t.deps);
    expect([job.name, job.cron]).toEqual(['insights', '0 5 * * *']);
    await t.database.query('UPDATE insight_runs SET computed_at = $1', [new Date(0)]);
    const runs = async () =>
      Object.fromEntries(
        (
          await t.database.query<{ tenant_id: number; computed_at: Date }>(
            'SELECT tenant_id, computed_at FROM insight_runs',
          )
        ).rows.map((r) => [r.tenant_id, new Date(r.computed_at).getTime() > 0]),
      );
    await job.handler!({ tenantId: otherId });
    expect(await runs()).toEqual({ [homeId]: false, [otherId]: true });
    await job.handler!({});
    const all = await t.database.query<{ n: string }>('SELECT count(*) AS n FROM tenants');
    const fresh = await runs();
    expect(Object.values(fresh).filter(Boolean)).toHaveLength(Number(all.rows[0].n));
  });
});
