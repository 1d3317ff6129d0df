import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_TILE_MESSAGES, TileGenerated } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { enableFlagForTenant } from '../admin-portal/flags-service.ts';
import { addCompany, homeTenantId, setTimeZone } from '../audit/test-data.ts';

/**
 * Alert Radar tile (features §3.2 on a dashboard): alert e-mails of a range in the tenant's time
 * zone (New York, EST in November 2026), by the assessment of their latest analysis.
 * The range 2026-11-02 … 2026-11-03 runs from 05:00 UTC on the 2nd to 05:00 UTC on the 4th.
 */
let t: TestApp;
let acmeId: number;
let contosoId: number;
let fabrikamId: number;
const RANGE = { Preset: 'custom', From: '2026-11-02', To: '2026-11-03' };

async function addAlert(
  tenantId: number,
  subject: string,
  receivedAt: string,
  companyId: number | null,
  analyses: { assessment: number; type?: string }[],
): Promise<number> {
  const r = await t.database.query<{ id: string }>(
    `INSERT INTO alert_emails (tenant_id, email_uid, subject, blob_key, received_at, company_id)
     VALUES ($1, $2, $3, 'alert/00/none', $4, $5) RETURNING id`,
    [tenantId, randomUUID(), subject, receivedAt, companyId],
  );
  const id = Number(r.rows[0].id);
  for (const [i, a] of analyses.entries())
    await t.database.query(
      `INSERT INTO alert_analyses (alert_email_id, version, assessment, assessment_confidence, classification, parser_version)
       VALUES ($1, $2, $3, 0.9, $4, 'test')`,
      [id, i + 1, a.assessment, a.type ? JSON.stringify({ label: a.type, type: a.type, confidence: 0.8 }) : null],
    );
  return id;
}

async function generate(filters: Record<string, unknown>, persona: 'admin' | 'standard' = 'admin') {
  const r = await (
    await t.as(persona)
  )('POST', '/api/dashboard/tile/generate', {
    title: 'Alerts',
    type: 'Alerts',
    filters: { DateRange: RANGE, ...filters },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return TileGenerated.parse(r.body);
}

beforeAll(async () => {
  t = await testApp();
  acmeId = await homeTenantId(t);
  const otherId = await homeTenantId(t, 'other');
  await setTimeZone(t, acmeId, 'America/New_York');
  contosoId = await addCompany(t, acmeId, 'Contoso', []);
  fabrikamId = await addCompany(t, acmeId, 'Fabrikam', []);
  await addAlert(acmeId, 'Disk failing on NAS01', '2026-11-02T06:00:00Z', contosoId, [{ assessment: 1, type: 'Disk' }]);
  await addAlert(acmeId, 'Disk errors on NAS02', '2026-11-03T12:00:00Z', contosoId, [{ assessment: 1, type: 'Disk' }]);
  // Reanalysed: the latest version (Negative) counts, not the first (Positive).
  await addAlert(acmeId, 'Replication stopped', '2026-11-03T15:00:00Z', fabrikamId, [
    { assessment: 3, type: 'Replication' },
    { assessment: 1, type: 'Replication' },
  ]);
  await addAlert(acmeId, 'Licence expires soon', '2026-11-03T10:00:00Z', contosoId, [{ assessment: 2 }]);
  // 23:30 on the 3rd in New York: inside; 23:30 on the 1st and midnight after the 3rd: outside.
  await addAlert(acmeId, 'Job completed', '2026-11-04T04:30:00Z', null, [{ assessment: 3 }]);
  await addAlert(acmeId, 'Too early', '2026-11-02T04:30:00Z', contosoId, [{ assessment: 1, type: 'Disk' }]);
  await addAlert(acmeId, 'Too late', '2026-11-04T05:00:00Z', fabrikamId, [{ assessment: 1, type: 'Disk' }]);
  // Not analysed yet (None): not counted.
  await addAlert(acmeId, 'Waiting for analysis', '2026-11-03T09:00:00Z', contosoId, []);
  await addAlert(otherId, 'Another tenant', '2026-11-03T12:00:00Z', null, [{ assessment: 1, type: 'Disk' }]);
});
afterAll(async () => {
  await t?.close();
});

describe('Alert Radar tile', () => {
  it('shows a message instead of data while the tenant has no Alert Radar', async () => {
    const { data } = await generate({});
    expect(data).toEqual({
      kind: 'Alerts',
      Message: ALERT_TILE_MESSAGES.flagOff,
      Negative: 0,
      Neutral: 0,
      Positive: 0,
      TopTypes: [],
      Newest: [],
    });
  });

  it('counts the alert e-mails of the range by assessment, with the top Negative types and the newest', async () => {
    await enableFlagForTenant(t.database, 'brAlertRadar', acmeId);
    const { data, range } = await generate({});
    expect(range).toEqual({ From: '2026-11-02', To: '2026-11-03' });
    expect(data).toEqual({
      kind: 'Alerts',
      Message: null,
      Negative: 3,
      Neutral: 1,
      Positive: 1,
      TopTypes: [
        { Type: 'Disk', Count: 2 },
        { Type: 'Replication', Count: 1 },
      ],
      Newest: [
        {
          Id: expect.any(Number),
          Subject: 'Replication stopped',
          CompanyName: 'Fabrikam',
          ReceivedAt: '2026-11-03T15:00:00.000Z',
        },
        {
          Id: expect.any(Number),
          Subject: 'Disk errors on NAS02',
          CompanyName: 'Contoso',
          ReceivedAt: '2026-11-03T12:00:00.000Z',
        },
        {
          Id: expect.any(Number),
          Subject: 'Disk failing on NAS01',
          CompanyName: 'Contoso',
          ReceivedAt: '2026-11-02T06:00:00.000Z',
        },
      ],
    });
  });

  it("applies the tile's company filter, alerts without a company only when asked", async () => {
    const only = (await generate({ Companies: [fabrikamId] })).data;
    expect(only).toMatchObject({ Negative: 1, Neutral: 0, Positive: 0, TopTypes: [{ Type: 'Replication', Count: 1 }] });
    const withNone = (await generate({ Companies: [fabrikamId], IncludeNoCompany: true })).data;
    expect(withNone).toMatchObject({ Negative: 1, Neutral: 0, Positive: 1 });
  });

  it('shows a company-restricted user only the alerts of its companies, as the Alert Radar list does', async () => {
    const user = await t.database.query<{ id: number }>(
      `UPDATE users SET is_company_restricted = true WHERE email = 'standard@acme.test' RETURNING id`,
    );
    await t.database.query('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
      user.rows[0].id,
      contosoId,
      acmeId,
    ]);
    try {
      const { data } = await generate({}, 'standard');
      expect(data).toMatchObject({ Negative: 2, Neutral: 1, Positive: 0, TopTypes: [{ Type: 'Disk', Count: 2 }] });
      if (data.kind !== 'Alerts') throw new Error('not an Alert Radar tile');
      expect(data.Newest.map((a) => a.Subject)).toEqual(['Disk errors on NAS02', 'Disk failing on NAS01']);
      const list = await (
        await t.as('standard')
      )('POST', '/api/alert-radar/alert-emails', {
        ReceivedFrom: '2026-11-02T05:00:00.000Z',
        ReceivedTo: '2026-11-04T05:00:00.000Z',
        Assessment: 1,
      });
      expect(list.status).toBe(200);
      expect(list.body.Results.map((r: { Subject: string }) => r.Subject)).toEqual([
        'Disk errors on NAS02',
        'Disk failing on NAS01',
      ]);
    } finally {
      await t.database.query('UPDATE users SET is_company_restricted = false WHERE id = $1', [user.rows[0].id]);
      await t.database.query('DELETE FROM user_companies WHERE user_id = $1', [user.rows[0].id]);
    }
  });
});
