import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ServerMessages } from '@vigil/contract';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Deps } from './deps.ts';
import { installAuthGuard, type Access } from './platform/auth/guard.ts';
import { TokenService } from './platform/auth/tokens.ts';
import { errorBody, installErrorHandler } from './platform/errors.ts';
import { installInputGuard } from './platform/input.ts';
import type { Jobs } from './platform/jobs.ts';
import { Mailer } from './platform/mail.ts';
import { outboundPolicy } from './platform/outbound.ts';
import { openSecrets } from './platform/secrets-at-rest.ts';
import { emailSettingsRoutes } from './modules/email-settings/routes.ts';
import { scheduledReportRoutes } from './modules/reports/scheduled-routes.ts';
import { adminRoutes } from './modules/admin-portal/console-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { DuoGate } from './modules/auth/duo.ts';
import { duoRoutes } from './modules/auth/duo-routes.ts';
import { RegionDirectory } from './modules/regions/directory.ts';
import { regionMap } from './modules/regions/regions.ts';
import { regionRoutes } from './modules/regions/routes.ts';
import { mfaSetupRoutes } from './modules/auth/mfa-setup-routes.ts';
import { recoveryCodeRoutes } from './modules/auth/recovery-codes-routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { SessionService } from './modules/auth/sessions.ts';
import { commonRoutes } from './modules/common/routes.ts';
import { groupRoutes } from './modules/groups/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { openBlobStore } from './platform/blobs-open.ts';
import { IngestService, PARSE_QUEUE } from './intake/service.ts';
import { ParsePipeline } from './intake/pipeline.ts';
import { assignNewBackups } from './modules/companies/assign.ts';
import { autoActivateNewBackups } from './modules/templates/auto-activation.ts';
import { RollupWriter } from './rollup/rollup.ts';
import { queueTicketEvaluation } from './jobs/ticketing.ts';
import { ParserPool } from './intake/parser-pool.ts';
import { ingestRoutes } from './modules/ingest/routes.ts';
import { ingestAdminRoutes } from './modules/ingest/admin-routes.ts';
import { mailRoutingRoutes } from './modules/ingest/routing-routes.ts';
import { lookupRoutes } from './modules/lookups/routes.ts';
import { auditExportRoutes } from './modules/audit/export-routes.ts';
import { popularityRoutes } from './modules/popularity/routes.ts';
import { parserRoutes } from './modules/parsers/routes.ts';
import { parserAdminRoutes } from './modules/parsers/admin-routes.ts';
import { alertRadarRoutes } from './modules/alert-radar/routes.ts';
import { alertRoute } from './modules/alert-radar/intake.ts';
import { alertScopeRoutes } from './modules/alert-scope/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { companyRoutes } from './modules/companies/routes.ts';
import { templateRoutes } from './modules/templates/routes.ts';
import { backupPlanRoutes } from './modules/backup-plans/routes.ts';
import { backupRoutes } from './modules/backups/routes.ts';
import { tagRoutes } from './modules/tags/routes.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { dashboardRoutes } from './modules/dashboards/routes.ts';
import { insightRoutes } from './modules/insights/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { integrationRoutes } from './modules/integrations/routes.ts';
import { backupSourceRoutes } from './modules/backup-sources/routes.ts';
import { itglueRoutes } from './modules/itglue/routes.ts';
import { adminPortalRoutes } from './modules/admin-portal/routes.ts';
import { ticketingRoutes } from './modules/ticketing/routes.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { userManagementRoutes } from './modules/users/admin-routes.ts';
import { brandingRoutes } from './modules/branding/routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { scalePadRoutes } from './modules/scalepad/routes.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { signupRoutes } from './modules/signup/routes.ts';
import { tenantAccessRoutes } from './modules/tenant-access/routes.ts';
import { clientHomeRoutes } from './modules/client-home/routes.ts';
import { backupPlansSettingRoutes } from './modules/backup-plans/setting.ts';

/** The built web app; VIGIL_WEB_DIST points at another build (a journey run beside a second build). */
export const webDist = process.env.VIGIL_WEB_DIST
  ? path.resolve(process.env.VIGIL_WEB_DIST)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  config: Config;
  database: Database;
  jobs?: Jobs | null;
  logger?: boolean;
  /** Serve the built web app when it exists (off in API tests). */
  serveWeb?: boolean;
  /** The built web app to serve (default: packages/web/dist or VIGIL_WEB_DIST). */
  webRoot?: string;
}

export interface RouteInfo {
  method: string;
  url: string;
  access: Access | undefined;
  /** Left out of the OpenAPI document (browser redirects, webhooks, the WebSocket). */
  hidden: boolean;
}

export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; deps: Deps; routes: RouteInfo[] }> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from the configured proxies; otherwise req.ip is the socket's.
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    // Route groups connect to the database as they register; a node starting beside busy ones
    // (a cluster's restart on a loaded host) must not give up after Fastify's default 10 s.
    pluginTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The master key (outside the database) seals every secret at rest, the signing secret included.
  const { secrets, signingSecret } = await openSecrets(config, database);
  const tokens = new TokenService(signingSecret, config.ACCESS_TOKEN_TTL_SECONDS);
  const sessions = new SessionService(database, tokens, config.REFRESH_TOKEN_TTL_DAYS);
  const jobs = opts.jobs ?? null;
  const blobs = openBlobStore(config, database);
  app.addHook('onClose', () => blobs.close());
  const parserPool = new ParserPool(config.PARSE_THREADS);
  const rollup = new RollupWriter(database);
  const pipeline = new ParsePipeline(
    database,
    blobs,
    async (emailId, delaySeconds) => {
      if (jobs) await jobs.send(PARSE_QUEUE, { emailIds: [emailId] }, { startAfter: delaySeconds });
    },
    parserPool,
    rollup,
    [
      // New backups take their company from client-id mappings and company rules, before templates
      // (which may be limited to companies) look at them; a failed assignment is caught up by the
      // company-rules job.
      { step: 'company assignment', run: (ids) => assignNewBackups(database, ids) },
      // New backups an auto-activating template matches start Active with its settings.
      { step: 'template auto-activation', run: (ids) => autoActivateNewBackups(database, rollup, ids) },
    ],
  );
  // Alert Radar claims mail sent to a tenant's alert address (and, when asked, unrecognised mail).
  pipeline.alertRoute = alertRoute(database, blobs);
  // Without a job queue (API tests, one-off commands) parsing runs inline before accept resolves.
  const ingest = new IngestService(
    database,
    blobs,
    config.INBOUND_DOMAIN,
    async (ids) => {
      // One job per gathered batch of e-mails: the queue's cost does not grow per e-mail.
      if (jobs) await jobs.send(PARSE_QUEUE, { emailIds: ids });
      else await pipeline.processBatch(ids.map((emailId) => ({ emailId })));
    },
    2000,
    jobs ? 100 : 0,
  );
  if (jobs) ingest.onQueued = () => jobs.notify(PARSE_QUEUE);
  if (jobs) rollup.onRolled = (tenantIds) => queueTicketEvaluation(jobs, tenantIds);
  const deps: Deps = {
    config,
    database,
    tokens,
    sessions,
    auth: new AuthService(
      database,
      tokens,
      sessions,
      secrets,
      new DuoGate(config, database, tokens, sessions, secrets),
    ),
    mailer: new Mailer(database, config.SMTP_URL, config.MAIL_FROM, secrets, outboundPolicy(config)),
    secrets,
    jobs,
    blobs,
    ingest,
    pipeline,
    rollup,
    regions: new RegionDirectory(database, regionMap(config)),
  };

  await app.register(helmet, {
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({ ...errorBody(429, `Too many requests. Try again in ${ctx.after}.`) }),
  });
  await app.register(multipart, { limits: { files: 2, fileSize: config.SMTP_MAX_BYTES, fields: 10, parts: 12 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vigil API', version: '3.11.0', description: 'Backup monitoring and reporting for MSPs' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'ApiKey' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs')) return;
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD')
        routes.push({
          method,
          url: r.url,
          access: r.config?.access,
          hidden: !!(r.schema as { hide?: boolean } | undefined)?.hide,
        });
    }
  });
  installErrorHandler(app);
  installInputGuard(app);
  installAuthGuard(app, database, tokens);

  await app.register(async (api) => {
    authRoutes(api, deps);
    regionRoutes(api, deps.regions);
    mfaSetupRoutes(api, deps);
    recoveryCodeRoutes(api, deps);
    userRoutes(api, deps);
    groupRoutes(api, deps);
    adminRoutes(api, deps);
    commonRoutes(api, deps);
    ingestRoutes(api, deps);
    ingestAdminRoutes(api, deps);
    mailRoutingRoutes(api, deps);
    lookupRoutes(api, deps);
    auditExportRoutes(api, deps);
    popularityRoutes(api, deps);
    parserRoutes(api, deps);
    parserAdminRoutes(api, deps);
    alertRadarRoutes(api, deps);
    alertScopeRoutes(api, deps);
    auditRoutes(api, deps);
    companyRoutes(api, deps);
    templateRoutes(api, deps);
    backupPlanRoutes(api, deps);
    backupRoutes(api, deps);
    tagRoutes(api, deps);
    activityRoutes(api, deps);
    dashboardRoutes(api, deps);
    insightRoutes(api, deps);
    reportRoutes(api, deps);
    emailSettingsRoutes(api, deps, secrets);
    scheduledReportRoutes(api, deps);
    integrationRoutes(api, deps);
    backupSourceRoutes(api, deps);
    itglueRoutes(api, deps);
    adminPortalRoutes(api, deps);
    apiKeyRoutes(api, deps);
    billingRoutes(api, deps);
    ticketingRoutes(api, deps, secrets);
    userManagementRoutes(api, deps);
    brandingRoutes(api, deps);
    ssoRoutes(api, deps, secrets);
    scalePadRoutes(api, deps);
    duoRoutes(api, deps);
    messageRoutes(api, deps);
    signupRoutes(api, deps);
    tenantAccessRoutes(api, deps);
    clientHomeRoutes(api, deps);
    backupPlansSettingRoutes(api, deps);
  });

  const webRoot = opts.webRoot ?? webDist;
  const serveWeb = opts.serveWeb !== false && existsSync(path.join(webRoot, 'index.html'));
  // Files are looked up per request, so a rebuilt web app is served without a restart.
  // The build writes brotli and gzip copies beside each file; hashed assets never change, so
  // browsers keep them for a year, while index.html is checked on every load.
  if (serveWeb)
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes: a GET that is neither the API nor a file gets the app shell.
    const pathname = req.url.split('?')[0];
    if (serveWeb && req.method === 'GET' && !pathname.startsWith('/api/') && !path.extname(pathname)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(404, ServerMessages.notFound));
  });

  app.addHook('onClose', async () => {
    await deps.mailer.close();
    await parserPool.close();
  });
  return { app, deps, routes };
}
