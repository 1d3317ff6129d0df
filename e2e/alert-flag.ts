import { expect, type APIRequestContext } from '@playwright/test';
import { apiHeaders, DEMO_PASSWORD } from './support.ts';

const ROOT = 'root@vigil.local';

interface FlagRow {
  Id: number;
  Key: string;
  Status: number;
  TenantIds: number[];
}

/**
 * Turns brAlertRadar on for the demo tenant the way a platform admin does (Admin Portal feature
 * flags). Answers a function that puts the flag back as it was, so other journeys see the demo
 * tenant unchanged; null when it was already on.
 */
export async function enableAlertRadarForDemo(request: APIRequestContext): Promise<(() => Promise<void>) | null> {
  const asRoot = await apiHeaders(request, ROOT, DEMO_PASSWORD);
  const tenants: { Id: number; Slug: string }[] = await (
    await request.get('/api/admin/tenants', { headers: asRoot })
  ).json();
  const demo = tenants.find((t) => t.Slug === 'demo');
  expect(demo).toBeTruthy();
  const flags: FlagRow[] = await (await request.get('/api/admin/feature-flag', { headers: asRoot })).json();
  const flag = flags.find((f) => f.Key === 'brAlertRadar');
  expect(flag).toBeTruthy();
  const { Id, Status, TenantIds } = flag!;
  if (Status === 1 || (Status === 2 && TenantIds.includes(demo!.Id))) return null;
  const set = await request.put(`/api/admin/feature-flag/${Id}/2`, {
    headers: asRoot,
    data: { TenantIds: [...new Set([...TenantIds, demo!.Id])] },
  });
  expect(set.ok(), await set.text()).toBe(true);
  return async () => {
    const headers = await apiHeaders(request, ROOT, DEMO_PASSWORD);
    await request.put(`/api/admin/feature-flag/${Id}/${Status}`, { headers, data: { TenantIds } });
  };
}
