import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { testApp, type Reply, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/** Settings → API Keys (`api/account/api-key`) and the public REST API the keys open (`/api/public/v1`). */

export let t: TestApp;
export let homeId: number;
export let otherId: number;
export let ids: Record<string, number>;
export let otherBackupId: number;
export let contosoId: number;
export const { yesterday: Y, today } = clock();
export const D2 = addDays(Y, -1);

export interface KeyItem {
  Id: number;
  Name: string;
  Prefix: string;
  CreatedAt: string;
  CreatedBy: string | null;
  LastUsedAt: string | null;
  RecentRequests: number;
  RecentRows: number;
  Key?: string;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export async function createKey(persona: 'admin' | 'outsider', name: string): Promise<KeyItem & { Key: string }> {
  const r = await (await t.as(persona))('POST', '/api/account/api-key', { Name: name });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** A public API call with a key in the `ApiKey` header. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely, as in *.test.ts
export const pub = <T = any>(
  key: string | null,
  url: string,
  headers: Record<string, string> = {},
): Promise<Reply<T>> => t.call<T>('GET', url, { headers: key === null ? headers : { ApiKey: key, ...headers } });

export async function usage(keyId: number) {
  const r = await t.database.query<{ requests: number; rows: string | number; day: string }>(
    'SELECT requests, rows, day::text AS day FROM api_key_usage WHERE api_key_id = $1',
    [keyId],
  );
  return r.rows.map((x) => ({ day: x.day, requests: Number(x.requests), rows: Number(x.rows) }));
}

/** The app, tenants and data every part of this suite starts from: call once at the top of a test file. */
export function setUpApiKeysSuite(): void {
  beforeAll(async () => {
    t = await testApp();
    homeId = await homeTenantId(t);
    otherId = await homeTenantId(t, 'other');
    await setTimeZone(t, homeId, 'UTC');
    await sendCsv(t, homeId, [
      { device: 'pub-01', status: 'Failed', at: at(D2, 2) },
      { device: 'pub-01', status: 'Success', at: at(Y, 2) },
      { device: 'pub-02', status: 'Warning', at: at(Y, 3) },
      { device: 'pub-03', status: 'Success', at: at(Y, 4) },
    ]);
    ids = await backupIds(t, homeId);
    await activate(t, homeId, [ids['pub-01'], ids['pub-02']]);
    contosoId = await addCompany(t, homeId, 'Contoso', [ids['pub-01'], ids['pub-03']]);
    await sendCsv(t, otherId, [{ device: 'other-01', status: 'Success', at: at(Y, 5) }]);
    otherBackupId = (await backupIds(t, otherId))['other-01'];
  });
  afterAll(async () => t.close());
}
