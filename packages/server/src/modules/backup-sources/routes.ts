import { z } from 'zod';
import { AWS_REGIONS, BACKUP_SOURCES, BackupSourceBody, REPLIBIT_NAMING_CONVENTIONS } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import {
  getSource,
  integrationCards,
  listAll,
  listOfType,
  removeSource,
  saveSource,
  sourceCompanies,
} from './service.ts';
import { azureHelperRoutes } from './azure-helper/routes.ts';
import { cancelSync, requestSync } from './sync-control.ts';

/**
 * Backup-vendor API sources (platform §7 Integrations; features §2, §4.3). `{type}` is a vendor
 * whose connector is built and whose flag is on for the tenant; any other answers 404.
 */
const canRead = { access: { permissions: ['integration.getbackupintegrations'] } };
const canEdit = { access: { permissions: ['integration.editintegrations'] } };
const tags = ['Backup integrations'];

const TypeParams = z.object({ type: z.string().min(1).max(50) });
const IdParams = TypeParams.extend({ id: z.coerce.number().int().positive().max(2147483647) });

export function backupSourceRoutes(app: App, deps: Deps): void {
  const r = typed(app);

  // Static paths first in meaning: `backups` is never a `{type}`.
  r.get('/api/integration/backups', { config: canRead, schema: { tags } }, async (req) =>
    integrationCards(deps, tenantOf(req)),
  );
  r.get('/api/integration/backups/list', { config: canRead, schema: { tags } }, async (req) =>
    listAll(deps, tenantOf(req)),
  );
  // The regions an AWS Backup source may read (its descriptor's Regions).
  r.get('/api/integration/aws/regions', { config: canRead, schema: { tags } }, async () => AWS_REGIONS);
  // The guided Azure Backup set-up (sign in with Microsoft, create an app registration and its key).
  azureHelperRoutes(app, deps);
  // The regions a Cove (SolarWinds) source may use (its descriptor's Regions).
  r.get(
    '/api/integration/solarwinds/regions',
    { config: canRead, schema: { tags } },
    async () => BACKUP_SOURCES.solarwinds.Regions ?? [],
  );
  // How backups read from a Replibit/x360Recover source may be named (the choice its form offers).
  r.get('/api/common/GetReplibitNamingConventions', { schema: { tags: ['Common'] } }, async () =>
    REPLIBIT_NAMING_CONVENTIONS.map((c) => ({ ...c })),
  );

  r.get('/api/integration/:type', { config: canRead, schema: { tags, params: TypeParams } }, async (req) =>
    listOfType(deps, tenantOf(req), req.params.type),
  );
  r.get('/api/integration/:type/:id', { config: canRead, schema: { tags, params: IdParams } }, async (req) =>
    getSource(deps, tenantOf(req), req.params.type, req.params.id),
  );
  r.post(
    '/api/integration/:type',
    { config: canEdit, schema: { tags, params: TypeParams, body: BackupSourceBody } },
    async (req) => saveSource(deps, tenantOf(req), req.params.type, req.body),
  );
  r.delete('/api/integration/:type/:id', { config: canEdit, schema: { tags, params: IdParams } }, async (req) =>
    removeSource(deps, tenantOf(req), req.params.type, req.params.id),
  );
  r.get('/api/integration/:type/:id/companies', { config: canRead, schema: { tags, params: IdParams } }, async (req) =>
    sourceCompanies(deps, tenantOf(req), req.params.type, req.params.id),
  );
  r.post(
    '/api/integration/:type/:id/sync',
    { config: canEdit, schema: { tags, params: IdParams } },
    async (req, reply) => reply.code(202).send(await requestSync(deps, tenantOf(req), req.params.type, req.params.id)),
  );
  r.delete('/api/integration/:type/:id/sync', { config: canEdit, schema: { tags, params: IdParams } }, async (req) =>
    cancelSync(deps, tenantOf(req), req.params.type, req.params.id),
  );
}
