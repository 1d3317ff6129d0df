import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_VENDORS, SECRET_FIELDS, type CrmOperation, type CrmVendor, type PsaCompany } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import type { PsaStubServer } from '../../../test/psa-stubs/base.ts';
import { autotaskStubCredentials, startAutotaskStub } from '../../../test/psa-stubs/autotask.ts';
import { haloStubCredentials, startHaloStub } from '../../../test/psa-stubs/halo.ts';
import { kaseyaBmsStubCredentials, startKaseyaBmsStub } from '../../../test/psa-stubs/kaseyabms.ts';
import { serviceNowStubCredentials, startServiceNowStub } from '../../../test/psa-stubs/servicenow.ts';
import { startSyncroStub, syncroStubCredentials } from '../../../test/psa-stubs/syncro.ts';

/** Every vendor links, lists companies and records its answers the same way (one tenant, one at a time). */
let t: TestApp;
const base = '/api/integration/crm';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Case {
  vendor: CrmVendor;
  start: () => Promise<PsaStubServer>;
  credentials: (url: string) => Record<string, unknown>;
  /** The PSA hands out a bearer token, which must not be kept. */
  token?: boolean;
}
const cases: Case[] = [
  { vendor: 'autotask', start: () => startAutotaskStub(), credentials: autotaskStubCredentials },
  { vendor: 'halopsa', start: () => startHaloStub({ kind: 'psa' }), credentials: haloStubCredentials, token: true },
  { vendor: 'haloitsm', start: () => startHaloStub({ kind: 'itsm' }), credentials: haloStubCredentials, token: true },
  { vendor: 'kaseyabms', start: () => startKaseyaBmsStub(), credentials: kaseyaBmsStubCredentials, token: true },
  { vendor: 'servicenow', start: () => startServiceNowStub(), credentials: serviceNowStubCredentials },
  { vendor: 'syncromsp', start: () => startSyncroStub(), credentials: syncroStubCredentials },
];

beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

describe.each(cases)('$vendor', ({ vendor, start, credentials, token }) => {
  let stub: PsaStubServer;
  beforeAll(async () => {
    stub = await start();
  });
  afterAll(async () => stub.close());

  it('links, lists the PSA companies, keeps its answers without secrets, and unlinks', async () => {
    const admin = await t.as('admin');
    const creds = credentials(stub.url);
    const secrets = SECRET_FIELDS[vendor].map((f) => String(creds[f]));

    const wrong = Object.fromEntries(SECRET_FIELDS[vendor].map((f) => [f, 'not-the-secret']));
    const refused = await admin('POST', `${base}/${vendor}/validate`, { Credentials: { ...creds, ...wrong } });
    expect(refused.status).toBe(200);
    expect(refused.body.IsValid).toBe(false);
    expect(refused.body.Message).not.toBe('');

    const created = await admin('POST', `${base}/${vendor}`, { Credentials: creds });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ Vendor: vendor, CrmTypeId: CRM_VENDORS[vendor].type, IsValid: true });
    for (const f of SECRET_FIELDS[vendor]) {
      expect(created.body.Credentials[f]).toBeNull();
      expect(created.body.Credentials[`Has${f}`]).toBe(true);
    }
    const id = created.body.Id as number;

    const preload = await admin('POST', `${base}/${id}/preload/companies`);
    expect(preload.status).toBe(200);
    let op: CrmOperation = preload.body;
    for (let i = 0; op.Status === 'pending' && i < 100; i++) {
      await sleep(100);
      op = (await admin('GET', `${base}/${id}/preload/companies/${op.QueryId}`)).body;
    }
    expect(op.Status).toBe('completed');
    const listed = op.Data as PsaCompany[];
    expect(listed.length).toBeGreaterThan(0);
    for (const c of listed) expect(c).toMatchObject({ Id: expect.any(String), Name: expect.any(String) });

    const filters = await admin('GET', `${base}/${id}/filters`);
    expect(filters.status).toBe(200);
    expect(Array.isArray(filters.body.StatusOptions)).toBe(true);

    const stored = await t.database.query<{ path: string; body: string }>(
      'SELECT path, body FROM crm_responses WHERE integration_id = $1',
      [id],
    );
    expect(stored.rows.length).toBeGreaterThan(0);
    for (const r of stored.rows) {
      for (const s of secrets) {
        expect(r.body).not.toContain(s);
        expect(r.path).not.toContain(s);
      }
      // Bearer tokens a PSA hands out are not kept either.
      expect(r.body).not.toMatch(/"[a-z_]*token"\s*:\s*"(?!\*\*\*")/i);
    }
    if (token) expect(stored.rows.some((r) => /token"\s*:\s*"\*\*\*"/i.test(r.body))).toBe(true);

    expect((await admin('DELETE', `${base}/${id}`)).status).toBe(200);
    expect((await admin('GET', base)).body.Id).toBeNull();
  });
});
