import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  AdminEmailRef,
  AdminMailboxRow,
  AdminProcessedEmail,
  AdminProcessedEmailQuery,
  BannedEmailInput,
  BannedEmailRow,
  MailboxInput,
  paged,
  ParsingStatus,
  Privilege,
  ReprocessAnswer,
  TestParsingStarted,
  TestParsingStatus,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { parseForFiling } from '../../parser/engine.ts';
import { readMail } from '../../parser/mime.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { hostProblem, outboundPolicy } from '../../platform/outbound.ts';
import { imapPasswordContext } from '../../platform/secrets-at-rest.ts';
import { typed, type App } from '../../platform/http.ts';
import { emailBlob, emlFileName, listEmails } from './emails-service.ts';
import { mailboxRow, type MailboxDb } from './mailbox-row.ts';
import { parsingStatus } from './parsing-status.ts';
import { isoOrNull } from '../../platform/dates.ts';

const tags = ['Admin: parsing'];
const admins = { access: { privilege: Privilege.allAdmins } };
const managers = { access: { privilege: Privilege.successAdminOrHigher } };
const Id = z.object({ id: z.coerce.number().int().positive() });
type TestOutput = Omit<z.infer<typeof TestParsingStatus>, 'identifier'>;

interface BannedDb {
  id: number;
  provider: string;
  email: string;
  reason: string;
  refused_count: number;
  created_at: Date;
}
const bannedRow = (b: BannedDb) => ({
  Id: b.id,
  Email: b.email,
  Reason: b.reason,
  Provider: b.provider,
  CreatedAt: new Date(b.created_at).toISOString(),
  RefusedCount: b.refused_count,
});

export function ingestAdminRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;

  r.get('/api/parsing-status', { config: admins, schema: { tags, response: { 200: ParsingStatus } } }, () =>
    parsingStatus(database),
  );

  r.get(
    '/api/processed-emails',
    {
      config: admins,
      schema: { tags, querystring: AdminProcessedEmailQuery, response: { 200: paged(AdminProcessedEmail) } },
    },
    async (req) => {
      const q = req.query;
      return listEmails(database, {
        tenantId: q.tenantId ?? null,
        page: q.Page,
        size: q.Size,
        search: q.email ?? q.search,
        state: q.state,
        unrecognised: q.unrecognised,
      });
    },
  );

  r.get(
    '/api/processed-emails/download',
    { config: admins, schema: { tags, querystring: AdminEmailRef } },
    async (req, reply) => {
      const found = await emailBlob(database, req.query.tenantId, req.query.emailId);
      if (!found) throw notFound();
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-disposition', `attachment; filename="${emlFileName(req.query.emailId, found.subject)}"`)
        .send(await deps.blobs.get(found.blobKey));
    },
  );

  r.put(
    '/api/processed-emails/reprocess',
    { config: admins, schema: { tags, body: AdminEmailRef, response: { 200: ReprocessAnswer } } },
    async (req) => {
      const found = await emailBlob(database, req.body.tenantId, req.body.emailId);
      if (!found) throw notFound();
      const state = await deps.pipeline.process(req.body.emailId, true);
      return { emailId: req.body.emailId, State: (state ?? 'Processed') as z.infer<typeof ReprocessAnswer>['State'] };
    },
  );

  r.post(
    '/api/admin/test-parsing',
    { config: admins, schema: { tags, consumes: ['multipart/form-data'], response: { 200: TestParsingStarted } } },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('Send the e-mail as multipart/form-data in the field "email".', 'email');
      let raw: Buffer | null = null;
      for await (const part of req.parts()) {
        if (part.type === 'file' && part.fieldname === 'email') {
          raw = await part.toBuffer();
          if (part.file.truncated) throw badRequest('The e-mail file is too large.', 'email');
        } else if (part.type === 'file') {
          await part.toBuffer();
        }
      }
      if (!raw || !raw.length) throw badRequest('Attach the .eml file in the field "email".', 'email');
      const identifier = randomUUID();
      await database.query(`INSERT INTO test_parsings (id, status) VALUES ($1, 'Running')`, [identifier]);
      const bytes = raw;
      setImmediate(() => void runTestParsing(identifier, bytes));
      return { identifier };
    },
  );

  async function runTestParsing(identifier: string, raw: Buffer) {
    const started = performance.now();
    let status: 'Completed' | 'Failed' = 'Completed';
    let output: TestOutput;
    try {
      const msg = await readMail(raw);
      const outcome = parseForFiling(msg);
      output = {
        Status: 'Completed',
        Subject: msg.subject,
        From: msg.from,
        Vendor: outcome.vendor,
        Reason: outcome.reason,
        Results: outcome.results.map((x) => ({
          Vendor: x.vendor,
          JobName: x.jobName,
          DeviceName: x.deviceName,
          Status: x.status,
          StartTime: isoOrNull(x.startTime),
          EndTime: isoOrNull(x.endTime),
          ResultKind: x.resultKind,
          StorageKind: x.storageKind,
          BackupType: x.backupType,
          SizeBytes: x.sizeBytes,
          DurationSeconds: x.durationSeconds,
          FailureText: x.failureText,
          ClientId: x.clientId,
        })),
        ElapsedMs: Math.round((performance.now() - started) * 100) / 100,
      };
    } catch (err) {
      status = 'Failed';
      output = {
        Status: 'Failed',
        Subject: null,
        From: null,
        Vendor: null,
        Reason: err instanceof Error ? err.message : String(err),
        Results: [],
        ElapsedMs: null,
      };
    }
    await database
      .query('UPDATE test_parsings SET status = $2, output = $3 WHERE id = $1', [
        identifier,
        status,
        JSON.stringify(output),
      ])
      .catch(() => undefined);
    // Keep a day of test parsings.
    await database
      .query(`DELETE FROM test_parsings WHERE created_at < now() - interval '1 day'`)
      .catch(() => undefined);
  }

  r.get(
    '/api/admin/test-parsing/status',
    {
      config: admins,
      schema: { tags, querystring: z.object({ identifier: z.string().uuid() }), response: { 200: TestParsingStatus } },
    },
    async (req) => {
      const row = await database.query<{ status: string; output: TestOutput }>(
        'SELECT status, output FROM test_parsings WHERE id = $1',
        [req.query.identifier],
      );
      const t = row.rows[0];
      if (!t) throw notFound();
      if (t.status === 'Running')
        return {
          identifier: req.query.identifier,
          Status: 'Running' as const,
          Subject: null,
          From: null,
          Vendor: null,
          Reason: null,
          Results: [],
          ElapsedMs: null,
        };
      return { identifier: req.query.identifier, ...t.output };
    },
  );

  // Banned senders. The provider segment names the mail door; Vigil's own SMTP intake is "smtp".
  const Provider = z.object({ provider: z.string().regex(/^[a-z0-9-]{2,40}$/i) });
  r.get(
    '/api/admin/:provider/banned-emails',
    { config: admins, schema: { tags, params: Provider, response: { 200: z.array(BannedEmailRow) } } },
    async () => (await database.query<BannedDb>('SELECT * FROM banned_emails ORDER BY email')).rows.map(bannedRow),
  );
  r.post(
    '/api/admin/:provider/banned-emails',
    { config: managers, schema: { tags, params: Provider, body: BannedEmailInput, response: { 200: BannedEmailRow } } },
    async (req) => {
      const row = await database.query<BannedDb>(
        `INSERT INTO banned_emails (provider, email, reason) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING *`,
        [req.params.provider.toLowerCase(), req.body.Email, req.body.Reason],
      );
      if (!row.rows[0]) throw badRequest(`${req.body.Email} is already banned.`, 'Email');
      deps.ingest.invalidate();
      return bannedRow(row.rows[0]);
    },
  );
  r.put(
    '/api/admin/:provider/banned-emails/:id',
    {
      config: managers,
      schema: { tags, params: Provider.merge(Id), body: BannedEmailInput, response: { 200: BannedEmailRow } },
    },
    async (req) => {
      const clash = await database.query('SELECT 1 FROM banned_emails WHERE email = $1 AND id <> $2', [
        req.body.Email,
        req.params.id,
      ]);
      if (clash.rows.length) throw badRequest(`${req.body.Email} is already banned.`, 'Email');
      const row = await database.query<BannedDb>(
        'UPDATE banned_emails SET email = $2, reason = $3 WHERE id = $1 RETURNING *',
        [req.params.id, req.body.Email, req.body.Reason],
      );
      if (!row.rows[0]) throw notFound();
      deps.ingest.invalidate();
      return bannedRow(row.rows[0]);
    },
  );
  r.delete(
    '/api/admin/:provider/banned-emails/:id',
    { config: managers, schema: { tags, params: Provider.merge(Id), response: { 200: z.object({ Id: z.number() }) } } },
    async (req) => {
      const row = await database.query('DELETE FROM banned_emails WHERE id = $1 RETURNING id', [req.params.id]);
      if (!row.rows.length) throw notFound();
      deps.ingest.invalidate();
      return { Id: req.params.id };
    },
  );

  // IMAP mailboxes of tenants.
  interface AdminMailboxDb extends MailboxDb {
    tenant_id: number;
    tenant_name: string;
  }
  const adminMailboxRow = (m: AdminMailboxDb) => ({
    ...mailboxRow(m),
    MailBoxId: m.id,
    tenantId: m.tenant_id,
    TenantName: m.tenant_name,
  });
  const selectMailboxes = `SELECT m.*, t.name AS tenant_name FROM mailboxes m JOIN tenants t ON t.id = m.tenant_id`;

  r.get(
    '/api/Message/GetMailBoxConfiguration',
    { config: admins, schema: { tags, response: { 200: z.array(AdminMailboxRow) } } },
    async () =>
      (await database.query<AdminMailboxDb>(`${selectMailboxes} ORDER BY t.name, m.email`)).rows.map(adminMailboxRow),
  );
  r.post(
    '/api/admin/tenants/mailbox',
    { config: managers, schema: { tags, body: MailboxInput, response: { 200: AdminMailboxRow } } },
    async (req) => {
      const b = req.body;
      const tenant = await database.query('SELECT 1 FROM tenants WHERE id = $1', [b.tenantId]);
      if (!tenant.rows.length) throw notFound('That tenant does not exist.');
      // A private or local IMAP server is refused before anything is saved (the outbound guard).
      const refused = await hostProblem(b.Host, outboundPolicy(deps.config));
      if (refused) throw badRequest(refused, 'Host');
      const row = await database.query<{ id: number }>(
        `INSERT INTO mailboxes (tenant_id, email, host, port, secure, user_name, password, folder)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (tenant_id, email) DO NOTHING RETURNING id`,
        [
          b.tenantId,
          b.Email,
          b.Host,
          b.Port,
          b.Secure,
          b.UserName,
          // Sealed under the master key; only the poller opens it.
          deps.secrets.seal(b.Password, imapPasswordContext(b.tenantId)),
          b.Folder,
        ],
      );
      if (!row.rows[0]) throw badRequest(`${b.Email} is already a mailbox of this tenant.`, 'Email');
      const out = await database.query<AdminMailboxDb>(`${selectMailboxes} WHERE m.id = $1`, [row.rows[0].id]);
      return adminMailboxRow(out.rows[0]);
    },
  );
  r.post(
    '/api/Message/ToggleEnableMailBox/:id',
    { config: managers, schema: { tags, params: Id, response: { 200: AdminMailboxRow } } },
    async (req) => {
      const row = await database.query('UPDATE mailboxes SET is_enabled = NOT is_enabled WHERE id = $1 RETURNING id', [
        req.params.id,
      ]);
      if (!row.rows.length) throw notFound();
      return adminMailboxRow(
        (await database.query<AdminMailboxDb>(`${selectMailboxes} WHERE m.id = $1`, [req.params.id])).rows[0],
      );
    },
  );
  r.delete(
    '/api/Message/DeleteMailBox/:id',
    { config: managers, schema: { tags, params: Id, response: { 200: z.object({ Deleted: z.number().int() }) } } },
    async (req) => {
      const row = await database.query('DELETE FROM mailboxes WHERE id = $1 RETURNING id', [req.params.id]);
      if (!row.rows.length) throw notFound();
      return { Deleted: 1 };
    },
  );
  r.post(
    '/api/Message/DeleteMailBoxes',
    {
      config: managers,
      schema: {
        tags,
        body: z.object({ Ids: z.array(z.number().int().positive()).min(1).max(1000) }),
        response: { 200: z.object({ Deleted: z.number().int() }) },
      },
    },
    async (req) => {
      const row = await database.query('DELETE FROM mailboxes WHERE id = ANY($1::int[]) RETURNING id', [req.body.Ids]);
      return { Deleted: row.rows.length };
    },
  );
}
