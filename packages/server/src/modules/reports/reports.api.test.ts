import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../../status/index.ts';
import { clock } from '../audit/test-data.ts';
import { t, contosoId, D, RANGE, run, records, byKey, Y, setUpReportsSuite } from './reports.setup.ts';

setUpReportsSuite();

describe('catalogue', () => {
  it('lists every report type by category', async () => {
    const r = await (await t.as('standard'))('GET', '/api/reports');
    expect(r.status).toBe(200);
    expect(r.body.map((c: { category: string }) => c.category)).toEqual([
      'Administrative Reports',
      'Compliance Reports',
      'Backup Reports',
    ]);
    const backup = r.body.find((c: { category: string }) => c.category === 'Backup Reports');
    expect(backup.reports.map((x: { type: string }) => x.type)).toEqual([
      'BackupStatusSummary',
      'DailyResults',
      'FailuresAndNoResults',
      'BackupInventory',
    ]);
    expect((await t.call('GET', '/api/reports')).status).toBe(401);
  });
});

describe('Backup Status Summary', () => {
  it('counts the days in each status per company, with success rate and totals', async () => {
    const { doc, job } = await run('BackupStatusSummary', { DateRange: RANGE });
    expect(doc.range).toEqual({ From: D(4), To: Y });
    expect(doc.tenantName).toBe('Acme MSP');
    expect(doc.facts).toContainEqual({ label: 'Companies', value: 'All companies' });
    const rows = byKey(records(doc.sections[0]), 'company');
    expect(rows.get('Contoso')).toEqual({
      company: 'Contoso',
      backups: 2,
      success: 7,
      warning: 1,
      failure: 1,
      noResult: 1,
      successRate: 70,
    });
    expect(rows.get('Fabrikam')).toMatchObject({ backups: 1, success: 0, noResult: 5, successRate: 0 });
    expect(rows.get('- No company assigned -')).toMatchObject({
      backups: 1,
      success: 1,
      warning: 1,
      failure: 0,
      noResult: 3,
      successRate: 20,
    });
    // Retired and inactive backups are not counted; neither is the other tenant's.
    expect(doc.sections[0].totals).toEqual(['Total', 4, 8, 2, 1, 9, 40]);
    expect(job.rowCount).toBe(3);
  });

  it('narrows by company, vendor, tag and status, and says so in the facts', async () => {
    const company = await run('BackupStatusSummary', { DateRange: RANGE, Companies: [contosoId] });
    expect(company.doc.sections[0].rows.map((r) => r[0])).toEqual(['Contoso']);
    expect(company.doc.facts).toContainEqual({ label: 'Companies', value: 'Contoso' });

    const tagged = await run('BackupStatusSummary', { DateRange: RANGE, Tags: ['critical'] });
    expect(tagged.doc.sections[0].totals).toEqual(['Total', 1, 5, 0, 0, 0, 100]);
    expect(tagged.doc.facts).toContainEqual({ label: 'Tags', value: 'critical' });

    const vendor = await run('BackupStatusSummary', { DateRange: RANGE, Vendors: ['generic-csv'] });
    expect(vendor.doc.sections[0].totals?.[1]).toBe(4);
    expect(vendor.doc.facts).toContainEqual({ label: 'Vendors', value: 'Generic CSV' });
    const none = await run('BackupStatusSummary', { DateRange: RANGE, Vendors: ['acronis'] });
    expect(none.doc.sections[0].rows).toEqual([]);

    // Backups with a Failure day in the range: only srv-b.
    const failed = await run('BackupStatusSummary', { DateRange: RANGE, Statuses: [3] });
    expect(failed.doc.sections[0].totals).toEqual(['Total', 1, 2, 1, 1, 1, 40]);
    expect(failed.doc.facts).toContainEqual({ label: 'Statuses', value: 'Failure' });
  });

  it('resolves presets in the tenant calendar', async () => {
    const { doc } = await run('BackupStatusSummary', { DateRange: { Preset: 'yesterday' } });
    expect(doc.range).toEqual({ From: Y, To: Y });
    // Yesterday: srv-a Success, srv-b No Result, srv-c No Result, srv-d Warning.
    expect(doc.sections[0].totals).toEqual(['Total', 4, 1, 1, 0, 2, 25]);
    const last7 = await run('BackupStatusSummary', { DateRange: { Preset: 'last7days' } });
    expect(last7.doc.range).toEqual({ From: addDays(Y, -6), To: Y });
  });
});

describe('Daily Results', () => {
  it('has one row per backup and day with its status and counts', async () => {
    const { doc } = await run('DailyResults', { DateRange: RANGE });
    const rows = records(doc.sections[0]);
    expect(rows).toHaveLength(4 * 5);
    const b = rows.filter((r) => r.device === 'srv-b').map((r) => [r.day, r.status, r.success, r.warning, r.failure]);
    expect(b).toEqual([
      [D(4), 1, 1, 0, 0],
      [D(3), 1, 1, 0, 0],
      [D(2), 3, 0, 0, 1],
      [D(1), 2, 0, 1, 0],
      [Y, 4, 0, 0, 0],
    ]);
    expect(rows[0]).toMatchObject({ company: 'Contoso', vendor: 'Generic CSV' });
  });

  it('keeps only the days of the chosen statuses', async () => {
    const { doc } = await run('DailyResults', { DateRange: RANGE, Statuses: [2] });
    expect(records(doc.sections[0]).map((r) => [r.device, r.day])).toEqual([
      ['srv-b', D(1)],
      ['srv-d', Y],
    ]);
  });
});

describe('Failures and No Results', () => {
  it('lists each failed or missed day with the failure text of its results', async () => {
    const { doc } = await run('FailuresAndNoResults', { DateRange: RANGE });
    const rows = records(doc.sections[0]);
    expect(rows.filter((r) => r.status === 3)).toEqual([
      expect.objectContaining({
        company: 'Contoso',
        device: 'srv-b',
        day: D(2),
        failures: 1,
        failureText: 'Unknown status "Disk full"',
      }),
    ]);
    // srv-b on Y, srv-c on all five days, srv-d on three.
    expect(rows.filter((r) => r.status === 4)).toHaveLength(1 + 5 + 3);
    expect(rows.find((r) => r.device === 'srv-b' && r.day === Y)?.failureText).toBe('No result received');
  });
});

describe('Compliance', () => {
  it('gives compliance %, days since the last good result and RPO breaches per backup', async () => {
    const { doc } = await run('Compliance', { DateRange: RANGE });
    const rows = byKey(records(doc.sections[0]), 'device');
    expect(rows.get('srv-a')).toMatchObject({
      schedule: 'Every day',
      scheduledDays: 5,
      goodDays: 5,
      compliance: 100,
      lastGood: Y,
      daysSinceGood: 1,
      rpoDays: 1,
      rpoBreach: 'No',
    });
    expect(rows.get('srv-b')).toMatchObject({
      scheduledDays: 5,
      goodDays: 2,
      compliance: 40,
      lastGood: D(3),
      daysSinceGood: 4,
      rpoBreach: 'Yes',
    });
    expect(rows.get('srv-c')).toMatchObject({ scheduledDays: 5, goodDays: 0, compliance: 0, lastGood: D(10) });
    expect(rows.get('srv-c')?.daysSinceGood).toBe(daysBetween(D(10), clock().today));
    expect(rows.get('srv-d')).toMatchObject({ goodDays: 1, compliance: 20, rpoBreach: 'Yes' });
    expect(doc.sections[0].totals?.slice(5)).toEqual([20, 8, 40, null, null, null, '3 breached']);
  });
});

describe('inventories and activity', () => {
  it('lists active backups with method, schedule and tags', async () => {
    const { doc } = await run('BackupInventory');
    expect(doc.range).toBeNull();
    const rows = byKey(records(doc.sections[0]), 'device');
    expect([...rows.keys()].sort()).toEqual(['srv-a', 'srv-b', 'srv-c', 'srv-d']);
    expect(rows.get('srv-a')).toMatchObject({
      company: 'Contoso',
      vendor: 'Generic CSV',
      method: 'Email',
      schedule: 'Every day',
      tags: 'critical',
    });
    expect(typeof rows.get('srv-a')?.activated).toBe('string');
  });

  it('lists inactive and retired backups in two sections', async () => {
    const { doc } = await run('InactiveAndRetired');
    expect(doc.sections.map((s) => s.title)).toEqual(['Inactive backups', 'Retired backups']);
    expect(records(doc.sections[0]).map((r) => r.device)).toEqual(['srv-x']);
    expect(records(doc.sections[1]).map((r) => r.device)).toEqual(['srv-r']);
    expect(records(doc.sections[1])[0].retired).not.toBeNull();
  });

  it('lists who did what in the range', async () => {
    const { doc } = await run('UserActivity', { DateRange: { Preset: 'today' } });
    const retire = records(doc.sections[0]).find((r) => r.action === 'Backup retired');
    expect(retire).toMatchObject({ user: 'Ada Admin', itemType: 'Backup' });
    const { doc: before } = await run('UserActivity', { DateRange: RANGE });
    expect(records(before.sections[0]).find((r) => r.action === 'Backup retired')).toBeUndefined();
  });

  it('counts backups per vendor and method, overall and per company', async () => {
    const { doc } = await run('BackupMethods');
    expect(doc.sections[0].rows).toEqual([['Generic CSV', 'Email', 3, 4]]);
    expect(doc.sections[1].rows).toEqual([
      ['Contoso', 'Generic CSV', 'Email', 2],
      ['Fabrikam', 'Generic CSV', 'Email', 1],
      ['- No company assigned -', 'Generic CSV', 'Email', 1],
    ]);
  });
});
