import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const valid = {
  Name: 'Acme Managed Services',
  PrimaryUserEmailDomain: 'Acme.test',
  SecondaryUserEmailDomains: ['acme-it.example', 'ACME.co.uk'],
  TimeZoneId: 'Europe/Berlin',
  Country: 'DE',
  DateFormat: 'DD.MM.yyyy',
  TimeFormat: 'HH:mm',
};

describe('tenant settings', () => {
  it('reads the defaults of the spec', async () => {
    const outsider = await t.as('outsider');
    const r = await outsider('GET', '/api/tenants/config');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      Name: 'Other MSP',
      DateFormat: 'MM/DD/yyyy',
      TimeFormat: 'hh:mm A',
      DateTimeFormat: 'MM/DD/yyyy hh:mm A',
      DeleteRequestedAt: null,
    });
  });

  it('saves name, domains, zone, country and formats, and the shell settings follow', async () => {
    const admin = await t.as('admin');
    const r = await admin('PUT', '/api/tenants/config', valid);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      Name: 'Acme Managed Services',
      PrimaryUserEmailDomain: 'acme.test',
      SecondaryUserEmailDomains: ['acme-it.example', 'acme.co.uk'],
      TimeZoneId: 'Europe/Berlin',
      Country: 'DE',
      DateTimeFormat: 'DD.MM.yyyy HH:mm',
    });
    const settings = (await admin('GET', '/api/common/settings')).body;
    expect(settings).toMatchObject({ TenantName: 'Acme Managed Services', TimeZoneId: 'Europe/Berlin' });
    expect(settings.DateTimeFormat.DateTimeFormat).toBe('DD.MM.yyyy HH:mm');
    expect((await admin('GET', '/api/tenants/email-domains')).body.Domains).toEqual([
      'acme.test',
      'acme-it.example',
      'acme.co.uk',
    ]);
    // The other tenant is untouched.
    expect((await (await t.as('outsider'))('GET', '/api/tenants/config')).body.Name).toBe('Other MSP');
  });

  it('names each bad domain with the message of the spec and changes nothing', async () => {
    const admin = await t.as('admin');
    const before = (await admin('GET', '/api/tenants/config')).body;
    const r = await admin('PUT', '/api/tenants/config', {
      ...valid,
      Name: 'Changed',
      SecondaryUserEmailDomains: ['good.example', 'not a domain'],
    });
    expect(r.status).toBe(400);
    expect(r.body.Errors).toContainEqual({
      Field: 'SecondaryUserEmailDomains.1',
      Message: 'not a domain is not correct domain value',
    });
    const p = await admin('PUT', '/api/tenants/config', { ...valid, PrimaryUserEmailDomain: 'acme' });
    expect(p.body.Message).toBe('PrimaryUserEmailDomain: acme is not correct domain value');
    expect((await admin('GET', '/api/tenants/config')).body).toEqual(before);
  });

  it('refuses an unknown time zone, country or format', async () => {
    const admin = await t.as('admin');
    const zone = await admin('PUT', '/api/tenants/config', { ...valid, TimeZoneId: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(zone.body.Message).toBe('Mars/Olympus is not a known time zone');
    const country = await admin('PUT', '/api/tenants/config', { ...valid, Country: 'XX' });
    expect(country.body.Message).toBe('XX is not a known country');
    const fmt = await admin('PUT', '/api/tenants/config', { ...valid, DateFormat: 'yy' });
    expect(fmt.status).toBe(400);
    expect(fmt.body.Errors[0].Field).toBe('DateFormat');
    const name = await admin('PUT', '/api/tenants/config', { ...valid, Name: '   ' });
    expect(name.body.Errors[0]).toEqual({ Field: 'Name', Message: 'Name is required' });
  });

  it('moves scheduled reports to the new time zone', async () => {
    const admin = await t.as('admin');
    await admin('PUT', '/api/tenants/config', { ...valid, TimeZoneId: 'UTC' });
    const report = await admin('POST', '/api/reports/scheduled', {
      Name: 'Morning',
      ReportType: 'BackupStatusSummary',
      Format: 0,
      Recipients: ['ops@acme.test'],
      Weekdays: 127,
      Hour: 7,
      Filters: {},
      IsEnabled: true,
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const due = async () =>
      (
        await t.database.query<{ next_run_at: Date }>('SELECT next_run_at FROM scheduled_reports WHERE id = $1', [
          report.body.Id,
        ])
      ).rows[0].next_run_at;
    const before = new Date(await due());
    expect(before.getUTCHours()).toBe(7);
    await admin('PUT', '/api/tenants/config', { ...valid, TimeZoneId: 'Asia/Tokyo' });
    // 07:00 in Tokyo is 22:00 UTC.
    expect(new Date(await due()).getUTCHours()).toBe(22);
  });
});

describe('tenant switches and identity', () => {
  it('records and withdraws a deletion request, and toggles auto-upgrade (administrators only)', async () => {
    const admin = await t.as('admin');
    const asked = await admin('PUT', '/api/tenants/delete/true');
    expect(asked.status).toBe(200);
    expect(Date.parse(asked.body.DeleteRequestedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await admin('PUT', '/api/tenants/delete/true')).body.DeleteRequestedAt).toBe(asked.body.DeleteRequestedAt);
    expect((await admin('PUT', '/api/tenants/delete/false')).body.DeleteRequestedAt).toBeNull();
    expect((await admin('PUT', '/api/tenants/autoupgrade/false')).body.AutoUpgrade).toBe(false);
    expect((await admin('GET', '/api/tenants/config')).body.AutoUpgrade).toBe(false);
    expect((await admin('PUT', '/api/tenants/enable/true')).body.IsEnabled).toBe(true);
    expect((await admin('PUT', '/api/tenants/autoupgrade/maybe')).status).toBe(400);
    const standard = await t.as('standard');
    expect((await standard('PUT', '/api/tenants/delete/true')).status).toBe(403);
    expect((await standard('GET', '/api/tenants/config')).status).toBe(403);
  });

  it('tells any signed-in user of the tenant its ids and info', async () => {
    const client = await t.as('client');
    const ids = (await client('GET', '/api/tenants/id')).body;
    const info = (await client('GET', '/api/tenants/info')).body;
    expect(info.Id).toBe(ids.TenantId);
    expect(info.UnifiedId).toBe(ids.TenantUnifiedId);
    expect(info.InboundEmail).toBe('acme@inbound.localhost');
    const other = (await (await t.as('outsider'))('GET', '/api/tenants/id')).body;
    expect(other.TenantId).not.toBe(ids.TenantId);
  });
});

describe('platform admin fields', () => {
  it('writes subscription notes (creating the row) and the ScalePad id; 404 for a tenant that does not exist', async () => {
    const root = await t.as('root');
    const acme = (await (await t.as('admin'))('GET', '/api/tenants/id')).body.TenantId as number;
    const notes = await root('PUT', `/api/tenants/${acme}/subscription-notes`, { TenantSubscriptionNotes: 'Net 30' });
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
    const row = await t.database.query<{ notes: string }>('SELECT notes FROM subscriptions WHERE tenant_id = $1', [
      acme,
    ]);
    expect(row.rows[0].notes).toBe('Net 30');
    const sp = await root('PUT', `/api/tenants/${acme}/scalepad-tenant`, { ScalePadTenantId: 'sp-123' });
    expect(sp.body).toEqual({ TenantId: acme, TenantSubscriptionNotes: 'Net 30', ScalePadTenantId: 'sp-123' });
    expect((await root('PUT', '/api/tenants/999999/subscription-notes', { TenantSubscriptionNotes: 'x' })).status).toBe(
      404,
    );
  });

  it('is refused to tenant users, including the administrator of another tenant', async () => {
    const acme = (await (await t.as('admin'))('GET', '/api/tenants/id')).body.TenantId as number;
    for (const persona of ['admin', 'outsider'] as const) {
      const call = await t.as(persona);
      expect(
        (await call('PUT', `/api/tenants/${acme}/subscription-notes`, { TenantSubscriptionNotes: 'x' })).status,
      ).toBe(403);
      expect((await call('PUT', `/api/tenants/${acme}/scalepad-tenant`, { ScalePadTenantId: 'x' })).status).toBe(403);
    }
  });
});

describe('constants', () => {
  it('lists countries and finds one by id', async () => {
    const admin = await t.as('admin');
    const list = (await admin('GET', '/api/constant/country')).body;
    expect(list.length).toBeGreaterThan(240);
    expect(list).toContainEqual({ Id: 'DE', Name: 'Germany' });
    expect((await admin('GET', '/api/constant/country/us')).body).toEqual({ Id: 'US', Name: 'United States' });
    expect((await admin('GET', '/api/constant/country/ZZ')).status).toBe(404);
  });

  it('lists IANA time zones with their offset and finds them by text', async () => {
    const admin = await t.as('admin');
    const zones = (await admin('GET', '/api/constant/timezones')).body;
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContainEqual({ TimeZoneId: 'Asia/Kolkata', TimeZoneTitle: '(UTC+05:30) Asia/Kolkata' });
    const found = (await admin('POST', '/api/common/timezone/find', { Text: 'new_york' })).body;
    expect(found[0].TimeZoneId).toBe('America/New_York');
    expect((await admin('POST', '/api/common/timezone/find', { Text: '' })).status).toBe(400);
  });

  it('offers the date and time formats with examples and the spec defaults', async () => {
    const admin = await t.as('admin');
    const f = (await admin('GET', '/api/common/date-time-formats')).body;
    expect(f.Default).toEqual({
      DateFormat: 'MM/DD/yyyy',
      TimeFormat: 'hh:mm A',
      DateTimeFormat: 'MM/DD/yyyy hh:mm A',
    });
    expect(f.DateFormats[0]).toEqual({ Value: 'MM/DD/yyyy', Example: '03/05/2026' });
    expect(f.TimeFormats).toContainEqual({ Value: 'HH:mm', Example: '14:07' });
    expect(f.TimeFormats).toContainEqual({ Value: 'hh:mm A', Example: '02:07 PM' });
  });
});
