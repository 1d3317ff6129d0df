import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/harness.ts';
import { startListener, type Listener } from '../../test/listener.ts';
import { startSyncroStub, syncroStubCredentials } from '../../test/psa-stubs/syncro.ts';
import type { Deps } from '../deps.ts';
import { pollMailbox, type MailboxToPoll } from '../intake/imap.ts';
import { homeTenantId, setTimeZone } from '../modules/audit/test-data.ts';
import { testSmtp, type TestSmtp } from '../modules/email-settings/test-smtp.ts';
import { psaForTenant } from '../modules/integrations/service.ts';
import { deliverDue, evaluateTenant } from '../modules/ticketing/engine/index.ts';
import { company, makeBackups, makeRule, outboxOf, ticketsOf } from '../modules/ticketing/engine/test-setup.ts';
import { Mailer } from './mail.ts';
import { outboundPolicy } from './outbound.ts';

/**
 * A lab that opened one address (OUTBOUND_ALLOW_HOSTS=127.0.0.1): settings pointing there are
 * accepted and work, any other private address is still refused. Then the same rows meet a
 * deployment without the opening, as a row saved before the guard or a host that now resolves
 * elsewhere would: every connection is refused at connection time and recorded as a failure,
 * without reaching the server.
 */
let t: TestApp;
/** The same deployment without the allow-list. */
let closed: Deps;
let acmeId: number;
let listener: Listener;
let smtp: TestSmtp;
let syncro: Awaited<ReturnType<typeof startSyncroStub>>;
let hooks: Server;
let hookHits = 0;
let hookUrl: string;

const LOOPBACK = 'The address 127.0.0.1 is in a loopback range (127.0.0.0/8), which Vigil does not connect to.';

beforeAll(async () => {
  t = await testApp({ OUTBOUND_ALLOW_PRIVATE: 'false', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
  closed = { ...t.deps, config: { ...t.deps.config, OUTBOUND_ALLOW_HOSTS: [] } };
  acmeId = await homeTenantId(t);
  await setTimeZone(t, acmeId, 'UTC');
  listener = await startListener();
  smtp = await testSmtp();
  syncro = await startSyncroStub();
  hooks = createServer((req, res) => {
    hookHits++;
    req.resume();
    res.end('ok');
  });
  await new Promise<void>((ok) => hooks.listen(0, '127.0.0.1', ok));
  hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise<void>((ok) => hooks?.close(() => ok()));
  await syncro?.close();
  await smtp?.close();
  await listener?.close();
  await t?.close();
});

describe('OUTBOUND_ALLOW_HOSTS', () => {
  it('opens the listed address and nothing else', async () => {
    const admin = await t.as('admin');
    const port = new URL(syncro.url).port;
    const other = await admin('POST', '/api/integration/crm/syncromsp', {
      Credentials: syncroStubCredentials(`http://127.0.0.2:${port}`),
    });
    expect(other.status).toBe(400);
    expect(other.body.Message).toBe(
      'The address 127.0.0.2 is in a loopback range (127.0.0.0/8), which Vigil does not connect to.',
    );
    expect(syncro.requests).toHaveLength(0);

    const made = await admin('POST', '/api/integration/crm/syncromsp', {
      Name: 'Syncro lab',
      Credentials: syncroStubCredentials(syncro.url),
    });
    expect(made.status).toBe(200);
    expect(syncro.requests.length).toBeGreaterThan(0);
  });
});

describe('at connection time, without the opening', () => {
  it('a PSA client refuses the stored URL without a request', async () => {
    const before = syncro.requests.length;
    const psa = await psaForTenant(closed, acmeId);
    const err = await psa!.client.validate().catch((e: unknown) => e);
    await psa!.flush();
    expect(err).toMatchObject({ name: 'PsaRefused', message: LOOPBACK, retryable: false });
    expect(syncro.requests.length).toBe(before);
  });

  it('a PSA call from the API on a URL now refused answers 400 with the reason, not 502', async () => {
    const before = syncro.requests.length;
    const other = `http://127.0.0.2:${new URL(syncro.url).port}`;
    const row = await t.database.query<{ id: number }>(
      `UPDATE crm_integrations SET settings = jsonb_set(settings, '{Url}', to_jsonb($2::text))
        WHERE tenant_id = $1 RETURNING id`,
      [acmeId, other],
    );
    const r = await (await t.as('admin'))('GET', `/api/integration/crm/${row.rows[0].id}/ticket-types`);
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe(
      'The address 127.0.0.2 is in a loopback range (127.0.0.0/8), which Vigil does not connect to.',
    );
    expect(syncro.requests.length).toBe(before);
  });

  it('a webhook ticket fails with the reason and the receiver hears nothing', async () => {
    const standard = await t.as('standard');
    const profile = await standard('POST', '/api/ticket/profiles', {
      Name: 'Lab hook',
      Type: 3,
      GroupBy: 0,
      WebhookUrl: hookUrl,
      WebhookSecret: 'lab-secret',
    });
    expect(profile.status).toBe(200);
    const ids = await makeBackups(t, acmeId, { 'lab-dev': [[1, 'Failed']] });
    const co = await company(t, acmeId, 'Lab Co', [ids['lab-dev']]);
    await makeRule(t, acmeId, { profileId: profile.body.Id, companyIds: [co] });
    await evaluateTenant(closed, acmeId);
    await deliverDue(closed);
    const [ticket] = await ticketsOf(t, acmeId);
    expect(ticket.last_error).toBe(`Webhook refused: ${LOOPBACK}`);
    expect((await outboxOf(t, ticket.id)).map((o) => o.state)).toEqual(['failed']);
    expect(hookHits).toBe(0);
  });

  it("a tenant's SMTP server is refused and the outbox row says why", async () => {
    await t.database.query(
      `INSERT INTO email_settings (tenant_id, host, port, secure, from_address, is_default)
       VALUES ($1, '127.0.0.1', $2, false, 'alerts@acme.test', true)`,
      [acmeId, smtp.port],
    );
    const mail = { tenantId: acmeId, to: 'tech@acme.test', subject: 'Lab', text: 'Hello' };
    const refusing = new Mailer(
      t.database,
      undefined,
      'Vigil <no-reply@vigil.test>',
      null,
      outboundPolicy(closed.config),
    );
    const sent = await refusing.send(mail);
    expect(sent.error).toBe(LOOPBACK);
    const row = await t.database.query<{ error: string }>('SELECT error FROM outbox WHERE id = $1', [sent.id]);
    expect(row.rows[0].error).toBe(LOOPBACK);
    expect(smtp.received).toHaveLength(0);
    // The lab's own mailer reaches the same server.
    expect((await t.deps.mailer.send(mail)).error).toBeNull();
    expect(smtp.received).toHaveLength(1);
    refusing.close();
  });

  it('an IMAP mailbox is not polled and its last error says why', async () => {
    const made = await t.database.query<MailboxToPoll>(
      `INSERT INTO mailboxes (tenant_id, email, host, port, secure, user_name, password, folder)
       VALUES ($1, 'lab@acme.test', '127.0.0.1', $2, false, 'lab', 'lab', 'INBOX') RETURNING *`,
      [acmeId, listener.port],
    );
    const outcome = await pollMailbox(closed, made.rows[0]);
    expect(outcome.error).toBe(LOOPBACK);
    expect(listener.connections).toBe(0);
    const row = await t.database.query<{ last_error: string }>('SELECT last_error FROM mailboxes WHERE id = $1', [
      made.rows[0].id,
    ]);
    expect(row.rows[0].last_error).toBe(LOOPBACK);
    // With the opening the poller does connect (the listener hangs up at once).
    expect((await pollMailbox(t.deps, made.rows[0])).error).not.toBe(LOOPBACK);
    expect(listener.connections).toBe(1);
  });
});
