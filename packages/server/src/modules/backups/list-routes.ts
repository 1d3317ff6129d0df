// Backup lists in Manage: policy count, the three lists and the vendors.
import { z } from 'zod';
import { paged, PolicyCount, PolicyListQuery, PolicyRow, VendorOption } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibilitySql, visibleCompanies } from '../audit/common.ts';
import { vendorNames } from '../ingest/emails-service.ts';
import { listPolicies, policyCount, type PolicyState } from './service.ts';
import { tags, canCount, canInactive, canActive, canRetired, canRead } from './route-access.ts';

export function backupListRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const visible = (req: FastifyRequest) => visibleCompanies(database, req);

  r.get(
    '/api/account/policy-count',
    { config: canCount, schema: { tags, response: { 200: PolicyCount } } },
    async (req) => policyCount(database, tenantOf(req), await visible(req)),
  );

  const lists: [string, PolicyState, typeof canActive][] = [
    ['/api/backup/inactive', 'Inactive', canInactive],
    ['/api/backup/active', 'Active', canActive],
    ['/api/backup/retire', 'Retired', canRetired],
  ];
  for (const [url, state, config] of lists) {
    r.post(
      url,
      { config, schema: { tags, body: PolicyListQuery.nullish(), response: { 200: paged(PolicyRow) } } },
      async (req) =>
        listPolicies(database, state, PolicyListQuery.parse(req.body ?? {}), {
          tenantId: tenantOf(req),
          visible: await visible(req),
        }),
    );
  }

  const vendorList = async (req: FastifyRequest, usedOnly: boolean) => {
    const params: unknown[] = [tenantOf(req)];
    const v = await database.query<{ vendor: string; n: string }>(
      `SELECT b.vendor, count(*) AS n FROM backups b
        WHERE b.tenant_id = $1 AND b.state IN ('Inactive', 'Active', 'Retired') AND ${visibilitySql(await visible(req), params)}
        GROUP BY b.vendor`,
      params,
    );
    const counts = new Map(v.rows.map((x) => [x.vendor, Number(x.n)]));
    const ids = usedOnly ? [...counts.keys()] : [...new Set([...vendorNames.keys(), ...counts.keys()])];
    return ids
      .map((id) => ({ Id: id, Name: vendorNames.get(id) ?? id, Count: counts.get(id) ?? 0 }))
      .sort((a, b) => a.Name.localeCompare(b.Name));
  };
  r.get(
    '/api/backup/vendor/used',
    { config: canRead, schema: { tags, response: { 200: z.array(VendorOption) } } },
    (req) => vendorList(req, true),
  );
  r.get(
    '/api/backup/vendor/all',
    { config: canRead, schema: { tags, response: { 200: z.array(VendorOption) } } },
    (req) => vendorList(req, false),
  );
}
