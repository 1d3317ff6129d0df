import { z } from 'zod';
import {
  FlagParam,
  Privilege,
  ScalePadTenantInput,
  SubscriptionNotesInput,
  TenantAdminResult,
  TenantConfig,
  TenantConfigInput,
  TenantEmailDomains,
  TenantIds,
  TenantInfo,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { TenantSettingsService } from './tenant-service.ts';

const tags = ['Tenant'];
const canConfigure = { access: { permissions: ['settings.gettenantconfig'] } };
/** Switches of the whole account: the tenant's administrators only. */
const tenantAdmins = { access: { privilege: Privilege.tenantAdmin, permissions: ['settings.gettenantconfig'] } };
const domainReaders = {
  access: { permissions: ['settings.gettenantconfig', 'settings.getusers'], operator: 'or' as const },
};
const platformAdmins = { access: { privilege: Privilege.billingAdminOrHigher } };
const TenantId = z.object({ id: z.coerce.number().int().positive() });

export function tenantRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const svc = new TenantSettingsService(deps);

  r.get('/api/tenants/config', { config: canConfigure, schema: { tags, response: { 200: TenantConfig } } }, (req) =>
    svc.config(tenantOf(req)),
  );

  r.put(
    '/api/tenants/config',
    { config: canConfigure, schema: { tags, body: TenantConfigInput, response: { 200: TenantConfig } } },
    (req) => svc.saveConfig(tenantOf(req), req.body),
  );

  r.get(
    '/api/tenants/email-domains',
    { config: domainReaders, schema: { tags, response: { 200: TenantEmailDomains } } },
    async (req) => {
      const c = await svc.config(tenantOf(req));
      const Domains = [c.PrimaryUserEmailDomain, ...c.SecondaryUserEmailDomains].filter((d): d is string => !!d);
      return {
        PrimaryUserEmailDomain: c.PrimaryUserEmailDomain,
        SecondaryUserEmailDomains: c.SecondaryUserEmailDomains,
        Domains,
      };
    },
  );

  r.get('/api/tenants/info', { schema: { tags, response: { 200: TenantInfo } } }, (req) => svc.info(tenantOf(req)));

  r.get('/api/tenants/id', { schema: { tags, response: { 200: TenantIds } } }, async (req) => {
    const t = await svc.info(tenantOf(req));
    return { TenantId: t.Id, TenantUnifiedId: t.UnifiedId };
  });

  r.put(
    '/api/tenants/autoupgrade/:flag',
    { config: tenantAdmins, schema: { tags, params: FlagParam, response: { 200: TenantInfo } } },
    (req) => svc.setAutoUpgrade(tenantOf(req), req.params.flag),
  );

  r.put(
    '/api/tenants/enable/:flag',
    { config: tenantAdmins, schema: { tags, params: FlagParam, response: { 200: TenantInfo } } },
    (req) => svc.setEnabled(tenantOf(req), req.params.flag),
  );

  r.put(
    '/api/tenants/delete/:flag',
    { config: tenantAdmins, schema: { tags, params: FlagParam, response: { 200: TenantInfo } } },
    (req) => svc.requestDeletion(tenantOf(req), req.params.flag),
  );

  r.put(
    '/api/tenants/:id/subscription-notes',
    {
      config: platformAdmins,
      schema: { tags, params: TenantId, body: SubscriptionNotesInput, response: { 200: TenantAdminResult } },
    },
    (req) => svc.setSubscriptionNotes(req.params.id, req.body.TenantSubscriptionNotes),
  );

  r.put(
    '/api/tenants/:id/scalepad-tenant',
    {
      config: platformAdmins,
      schema: { tags, params: TenantId, body: ScalePadTenantInput, response: { 200: TenantAdminResult } },
    },
    (req) => svc.setScalePadTenant(req.params.id, req.body.ScalePadTenantId),
  );
}
