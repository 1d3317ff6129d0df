// A tenant's SMTP settings (`api/email-settings`): read, list, save, test and delete.
import { z } from 'zod';
import {
  EmailSettings,
  EmailSettingsDeleted,
  EmailSettingsDeleteQuery,
  EmailSettingsSaveInput,
  EmailSettingsTestInput,
  EmailSettingsTestResult,
} from '@vigil/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { users } from '../../db/schema/index.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { EmailSettingsService } from './service.ts';
import { outboundPolicy } from '../../platform/outbound.ts';
import { canManage, tags } from './route-access.ts';

export function smtpSettingsRoutes(app: App, deps: Deps, secrets: Secrets): void {
  const r = typed(app);
  const service = new EmailSettingsService(deps.database, secrets, outboundPolicy(deps.config));

  /** Where a test goes when no recipient is named: the caller's own address. */
  const callerAddress = async (req: FastifyRequest): Promise<string> => {
    const [u] = await deps.database.db.select({ email: users.email }).from(users).where(eq(users.id, req.auth.userId));
    return u.email;
  };

  r.get(
    '/api/email-settings',
    { config: canManage, schema: { tags, response: { 200: EmailSettings.nullable() } } },
    async (req) => service.getDefault(tenantOf(req)),
  );

  r.get(
    '/api/email-settings/list',
    { config: canManage, schema: { tags, response: { 200: z.array(EmailSettings) } } },
    async (req) => service.list(tenantOf(req)),
  );

  r.post(
    '/api/email-settings',
    { config: canManage, schema: { tags, body: EmailSettingsSaveInput, response: { 200: EmailSettings } } },
    async (req) => {
      const tenantId = tenantOf(req);
      return service.save(tenantId, req.body, req.body.TestRecipient ?? (await callerAddress(req)));
    },
  );

  r.post(
    '/api/email-settings/test',
    { config: canManage, schema: { tags, body: EmailSettingsTestInput, response: { 200: EmailSettingsTestResult } } },
    async (req) => service.test(tenantOf(req), req.body, req.body.TestRecipient),
  );

  r.delete(
    '/api/email-settings',
    {
      config: canManage,
      schema: { tags, querystring: EmailSettingsDeleteQuery, response: { 200: EmailSettingsDeleted } },
    },
    async (req) => service.remove(tenantOf(req), req.query.id),
  );
}
