import { z } from 'zod';
import {
  AliasInput,
  AliasRow,
  EmailRef,
  paged,
  ProcessedEmail,
  ProcessedEmailQuery,
  ReprocessAnswer,
  TenantMailboxes,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { requireVisible, scopeOf } from '../audit/scope.ts';
import { emailBlob, emlFileName, listEmails } from './emails-service.ts';
import { mailboxRow, type MailboxDb } from './mailbox-row.ts';

const tags = ['E-mail intake'];
const canView = { access: { permissions: ['integration.gettenantmailboxes'] } };
const canEdit = { access: { permissions: ['integration.editintegrations'] } };
const LOCAL_PART = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

export function ingestRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const domain = deps.config.INBOUND_DOMAIN.toLowerCase();

  r.get(
    '/api/tenant/processed-emails',
    { config: canView, schema: { tags, querystring: ProcessedEmailQuery, response: { 200: paged(ProcessedEmail) } } },
    async (req) => {
      const q = req.query;
      const scope = await scopeOf(database, req);
      const list = await listEmails(database, {
        tenantId: scope.tenantId,
        visible: scope.visible,
        page: q.Page,
        size: q.Size,
        search: q.search,
        state: q.state,
        unrecognised: q.unrecognised,
      });
      return { ...list, Results: list.Results.map(({ tenantId: _t, TenantName: _n, ...e }) => e) };
    },
  );

  r.get(
    '/api/tenant/processed-emails/download',
    { config: canView, schema: { tags, querystring: EmailRef } },
    async (req, reply) => {
      const scope = await scopeOf(database, req);
      await requireVisible(database, scope, 'email', [req.query.emailId]);
      const found = await emailBlob(database, scope.tenantId, req.query.emailId);
      if (!found) throw notFound();
      const raw = await deps.blobs.get(found.blobKey);
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-disposition', `attachment; filename="${emlFileName(req.query.emailId, found.subject)}"`)
        .send(raw);
    },
  );

  r.post(
    '/api/tenant/processed-emails/reprocess',
    { config: canEdit, schema: { tags, body: EmailRef, response: { 200: ReprocessAnswer } } },
    async (req) => {
      const scope = await scopeOf(database, req);
      await requireVisible(database, scope, 'email', [req.body.emailId]);
      const found = await emailBlob(database, scope.tenantId, req.body.emailId);
      if (!found) throw notFound();
      const state = await deps.pipeline.process(req.body.emailId, true);
      return { emailId: req.body.emailId, State: (state ?? 'Processed') as z.infer<typeof ReprocessAnswer>['State'] };
    },
  );

  r.get(
    '/api/tenant/mailboxes',
    { config: canView, schema: { tags, response: { 200: TenantMailboxes } } },
    async (req) => {
      const tenantId = tenantOf(req);
      const [tenant, aliases, boxes] = await Promise.all([
        database.query<{ slug: string }>('SELECT slug FROM tenants WHERE id = $1', [tenantId]),
        database.query<{ id: number; local_part: string; created_at: Date }>(
          'SELECT id, local_part, created_at FROM tenant_aliases WHERE tenant_id = $1 ORDER BY local_part',
          [tenantId],
        ),
        database.query<MailboxDb>('SELECT * FROM mailboxes WHERE tenant_id = $1 ORDER BY email', [tenantId]),
      ]);
      const slug = tenant.rows[0]?.slug ?? '';
      return {
        InboundAddress: `${slug}@${domain}`,
        InboundDomain: domain,
        PlusAddressing: `${slug}+<client code>@${domain}`,
        Aliases: aliases.rows.map((a) => ({
          Id: a.id,
          Email: `${a.local_part}@${domain}`,
          CreatedAt: new Date(a.created_at).toISOString(),
        })),
        Mailboxes: boxes.rows.map(mailboxRow),
      };
    },
  );

  r.post(
    '/api/tenant/aliases',
    { config: canEdit, schema: { tags, body: AliasInput, response: { 200: AliasRow } } },
    async (req) => {
      const tenantId = tenantOf(req);
      let local = req.body.Email;
      if (local.includes('@')) {
        const at = local.lastIndexOf('@');
        if (local.slice(at + 1) !== domain) throw badRequest(`An alias must be an address on ${domain}.`, 'Email');
        local = local.slice(0, at);
      }
      if (!LOCAL_PART.test(local) || local.includes('+'))
        throw badRequest('Use letters, digits, dots, dashes or underscores (up to 64) for an alias.', 'Email');
      const taken = await database.query(
        `SELECT 1 FROM tenants WHERE lower(slug) = $1 UNION ALL SELECT 1 FROM tenant_aliases WHERE local_part = $1`,
        [local],
      );
      if (taken.rows.length) throw badRequest(`${local}@${domain} is already in use.`, 'Email');
      const row = await database.query<{ id: number; created_at: Date }>(
        'INSERT INTO tenant_aliases (tenant_id, local_part) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id, created_at',
        [tenantId, local],
      );
      if (!row.rows[0]) throw badRequest(`${local}@${domain} is already in use.`, 'Email');
      deps.ingest.invalidate();
      return {
        Id: row.rows[0].id,
        Email: `${local}@${domain}`,
        CreatedAt: new Date(row.rows[0].created_at).toISOString(),
      };
    },
  );

  r.delete(
    '/api/tenant/aliases/:id',
    {
      config: canEdit,
      schema: {
        tags,
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ Id: z.number() }) },
      },
    },
    async (req) => {
      const gone = await database.query('DELETE FROM tenant_aliases WHERE id = $1 AND tenant_id = $2 RETURNING id', [
        req.params.id,
        tenantOf(req),
      ]);
      if (!gone.rows.length) throw notFound();
      deps.ingest.invalidate();
      return { Id: req.params.id };
    },
  );
}
