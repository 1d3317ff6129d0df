import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CommonSettings, DEFAULT_DATE_TIME_FORMAT } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantBranding, tenants } from '../../db/schema/index.ts';
import { typed, type App } from '../../platform/http.ts';
import { demoLoading } from '../../platform/startup.ts';
import { flagsForTenant } from '../admin-portal/flags-service.ts';
import { backupPlansEnabled } from '../backup-plans/setting.ts';
import { guidedTourRoutes } from './guided-tours-routes.ts';

const Health = z.object({
  Status: z.enum(['ok', 'degraded']),
  Database: z.string(),
  DatabaseOk: z.boolean(),
  Version: z.string(),
  /** Present while the demo history loads in the background: e-mails sent of the total. */
  DemoLoading: z.object({ Sent: z.number().int(), Total: z.number().int() }).optional(),
});

/** The guidance tool is on only with its app key; region us (features §7). */
function guidanceOf(config: Deps['config']) {
  if (!config.GUIDANCE_APP_KEY) return null;
  return {
    AppKey: config.GUIDANCE_APP_KEY,
    ScriptUrl: config.GUIDANCE_SCRIPT_URL ?? 'https://js.userpilot.io/sdk/latest.js',
    Region: 'us',
  };
}

const Ready = z.object({ Ready: z.boolean(), Message: z.string() });

export function commonRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  guidedTourRoutes(app, deps);

  r.get(
    '/api/health',
    { config: { access: { public: true } }, schema: { tags: ['Health'], response: { 200: Health, 503: Health } } },
    async (_req, reply) => {
      const ok = await deps.database.ping().catch(() => false);
      const body = {
        Status: ok ? ('ok' as const) : ('degraded' as const),
        Database: deps.database.kind,
        DatabaseOk: ok,
        Version: '3.11.0',
        ...(demoLoading().loading ? { DemoLoading: { Sent: demoLoading().sent, Total: demoLoading().total } } : {}),
      };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );

  // Ready once nothing is still loading behind the running server (the demo history): for
  // scripts and load balancers that want the whole product, not just a live process.
  r.get(
    '/api/health/ready',
    { config: { access: { public: true } }, schema: { tags: ['Health'], response: { 200: Ready, 503: Ready } } },
    async (_req, reply) => {
      const ok = await deps.database.ping().catch(() => false);
      const { loading, sent, total } = demoLoading();
      if (!ok) return reply.status(503).send({ Ready: false, Message: 'The database does not answer.' });
      if (loading)
        return reply.status(503).send({ Ready: false, Message: `Loading the demo: ${sent} of ${total} e-mails.` });
      return { Ready: true, Message: 'Ready.' };
    },
  );

  r.get('/api/common/settings', { schema: { tags: ['Common'], response: { 200: CommonSettings } } }, async (req) => {
    const tenantId = req.auth.tenantId;
    const [t] = tenantId ? await deps.database.db.select().from(tenants).where(eq(tenants.id, tenantId)) : [];
    const [brand] = tenantId
      ? await deps.database.db.select().from(tenantBranding).where(eq(tenantBranding.tenantId, tenantId))
      : [];
    return {
      TenantId: tenantId,
      TenantName: t?.name ?? null,
      CustomLogo: t?.customLogo ?? null,
      PrimaryColor: brand?.primaryColor ?? null,
      AccentColor: brand?.accentColor ?? null,
      FooterText: brand?.footerText || null,
      DateTimeFormat: {
        DateFormat: t?.dateFormat ?? 'MM/DD/yyyy',
        TimeFormat: t?.timeFormat ?? 'hh:mm A',
        DateTimeFormat: t ? `${t.dateFormat} ${t.timeFormat}` : DEFAULT_DATE_TIME_FORMAT,
      },
      EmailDomain: t ? `${t.slug}@${deps.config.INBOUND_DOMAIN}` : null,
      HasPsaCompanies: false,
      TimeZoneId: t?.timeZoneId ?? 'UTC',
      FeatureFlags: tenantId ? await flagsForTenant(deps.database, tenantId) : {},
      BackupPlansEnabled: tenantId ? await backupPlansEnabled(deps.database, tenantId) : false,
      ProductIdeasUrl: deps.config.PRODUCT_IDEAS_URL ?? null,
      ProductUpdatesUrl: deps.config.PRODUCT_UPDATES_URL ?? null,
      Guidance: guidanceOf(deps.config),
    };
  });
}
