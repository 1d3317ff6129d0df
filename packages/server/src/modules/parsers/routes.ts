import { z } from 'zod';
import {
  ParserPreviewInput,
  ParserPreviewRow,
  ParserSourceEmail,
  Privilege,
  TenantParser,
  TenantParserInput,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { scopeOf } from '../audit/scope.ts';
import { ParserService } from './service.ts';

const tags = ['Tenant parsers'];
/** Administrators and standard users teach parsers; client users do not. */
const staff = { access: { privilege: Privilege.tenantAdminOrStandard } };
const Id = z.object({ id: z.coerce.number().int().positive() });
const EmailId = z.object({ emailId: z.coerce.number().int().positive() });

/** Tenant parsers: the parser builder's e-mail, preview, and the tenant's parsers. */
export function parserRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database, pipeline } = deps;
  const parsers = new ParserService(database, deps.blobs);

  r.get('/api/parsers', { config: staff, schema: { tags, response: { 200: z.array(TenantParser) } } }, async (req) =>
    parsers.list(tenantOf(req)),
  );

  r.get(
    '/api/parsers/:id',
    { config: staff, schema: { tags, params: Id, response: { 200: TenantParser } } },
    async (req) => parsers.get(tenantOf(req), req.params.id),
  );

  r.get(
    '/api/parsers/email/:emailId',
    { config: staff, schema: { tags, params: EmailId, response: { 200: ParserSourceEmail } } },
    async (req) => parsers.sourceEmail(await scopeOf(database, req), req.params.emailId),
  );

  r.post(
    '/api/parsers/preview',
    { config: staff, schema: { tags, body: ParserPreviewInput, response: { 200: z.array(ParserPreviewRow) } } },
    async (req) => parsers.preview(await scopeOf(database, req), req.body.Rule, req.body.Limit),
  );

  r.post(
    '/api/parsers',
    { config: staff, schema: { tags, body: TenantParserInput, response: { 200: TenantParser } } },
    async (req) => {
      const scope = await scopeOf(database, req);
      const saved = await parsers.create(scope, req.auth.userId, req.body);
      pipeline.tenantRules.invalidate(scope.tenantId);
      return saved;
    },
  );

  r.put(
    '/api/parsers/:id',
    { config: staff, schema: { tags, params: Id, body: TenantParserInput, response: { 200: TenantParser } } },
    async (req) => {
      const scope = await scopeOf(database, req);
      const saved = await parsers.update(scope, req.auth.userId, req.params.id, req.body);
      // A promoted parser runs for every tenant.
      pipeline.tenantRules.invalidate(saved.BuiltIn ? undefined : scope.tenantId);
      return saved;
    },
  );

  r.delete(
    '/api/parsers/:id',
    { config: staff, schema: { tags, params: Id, response: { 200: z.object({ Id: z.number().int() }) } } },
    async (req) => {
      const tenantId = tenantOf(req);
      await parsers.remove(tenantId, req.params.id);
      pipeline.tenantRules.invalidate();
      return { Id: req.params.id };
    },
  );
}
