// Backup lookups: the side menu, backups by id and activation suggestions.
import { z } from 'zod';
import { IdParam, PolicyIdsBody, PolicyRow, SideMenu, ToActivateRow } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { policiesByIds, toActivate } from './service.ts';
import { tags, canInactive, canRead } from './route-access.ts';
import { sourceSideMenu } from '../backup-sources/side-menu.ts';
import { runBackupNow } from '../backup-sources/run-backup.ts';

export function backupLookupRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const visible = (req: FastifyRequest) => visibleCompanies(database, req);

  /** One backup the caller may see, or 404. */
  const one = async (req: FastifyRequest, id: number) => {
    const [row] = await policiesByIds(database.query, tenantOf(req), [id], await visible(req));
    if (!row) throw notFound();
    return row;
  };

  r.get(
    '/api/backup/side-menu/:id',
    { config: canRead, schema: { tags, params: IdParam, response: { 200: SideMenu } } },
    async (req) => {
      const b = await one(req, req.params.id);
      const children = await database.query<{ id: number; device_name: string }>(
        `SELECT id, device_name FROM backups WHERE parent_id = $1 AND tenant_id = $2 AND state <> 'Merged' ORDER BY device_name`,
        [b.PolicyId, tenantOf(req)],
      );
      // A backup read from an API source with assets shows the vendor's device and appliance.
      const source = await sourceSideMenu(database, tenantOf(req), b.PolicyId);
      return {
        IntegrationType: source?.IntegrationType ?? b.Method,
        Data: {
          ...(source ? { SlideUrl: source.SlideUrl, Device: source.Device, Appliance: source.Appliance } : {}),
          BackupId: b.PolicyId,
          DeviceName: source?.DeviceName ?? b.DeviceName,
          Hostname: source?.Device?.Hostname ?? null,
          Company: b.CompanyName,
          Vendor: b.VendorName,
          JobName: b.JobName,
          SenderEmail: b.SenderEmail,
          LastEmailAt: b.LastEmailAt,
          LastResultAt: b.LastResultAt,
          ProtectedDevices: children.rows.map((c) => ({
            BackupId: c.id,
            DeviceName: c.device_name,
            DeviceId: String(c.id),
          })),
        },
      };
    },
  );

  r.post('/api/backup/run/:id', { config: canRead, schema: { tags, params: IdParam } }, async (req) => {
    const b = await one(req, req.params.id);
    return runBackupNow(deps, tenantOf(req), b.PolicyId);
  });

  r.post(
    '/api/policy/by-ids',
    { config: canRead, schema: { tags, body: PolicyIdsBody, response: { 200: z.array(PolicyRow) } } },
    async (req) => policiesByIds(database.query, tenantOf(req), req.body.PolicyIds, await visible(req)),
  );
  r.post(
    '/api/policy/to-activate',
    { config: canInactive, schema: { tags, body: PolicyIdsBody, response: { 200: z.array(ToActivateRow) } } },
    async (req) => toActivate(database, tenantOf(req), req.body.PolicyIds, await visible(req)),
  );
}
