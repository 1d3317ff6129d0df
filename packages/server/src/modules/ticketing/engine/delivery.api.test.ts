import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../test/harness.ts';
import {
  connectWiseStubCredentials,
  startConnectWiseStub,
  type ConnectWiseStub,
} from '../../../../test/psa-stubs/connectwise.ts';
import { homeTenantId, setTimeZone } from '../../audit/test-data.ts';
import { IntegrationService, psaForTenant } from '../../integrations/service.ts';
import {
  backoffSeconds,
  deliverDue,
  endTicketsForBackups,
  evaluateTenant,
  linkExistingTicket,
  MAX_ATTEMPTS,
  unlinkTicket,
} from './index.ts';
import {
  addResults,
  company,
  makeBackups,
  makeProfile,
  makeRule,
  outboxOf,
  resetTicketing,
  ticketsOf,
} from './test-setup.ts';
import { psaTicketInput } from '../../../../test/psa-ticket-input.ts';

/**
 * Delivery (the outbox worker): tickets reach the PSA (the ConnectWise stub), a mailbox (a
 * loopback SMTP server) or a webhook (a loopback receiver checking the signature), with
 * retries and backoff, in order, once.
 */
let t: TestApp;
let homeId: number;
let cw: ConnectWiseStub;
let seq = 0;
const dev = (name: string) => `${name}-${++seq}`;
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  cw = await startConnectWiseStub();
  await new IntegrationService(t.deps).create(homeId, 'connectwise', {
    Name: 'ConnectWise',
    Credentials: connectWiseStubCredentials(cw.url),
  });
});
afterAll(async () => {
  await cw?.close();
  await t?.close();
});
beforeEach(async () => {
  await resetTicketing(t, homeId);
});

describe('PSA delivery (ConnectWise)', () => {
  async function psaSetup(rule: Partial<Parameters<typeof makeRule>[2]> = {}) {
    const [a, b] = [dev('psa-a'), dev('psa-b')];
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']], [b]: [[1, 'Failed']] });
    // a belongs to a PSA company (Acme Corporation, 250); b to a local one, so the catch-all (Globex, 251) takes it.
    const acme = await company(t, homeId, `Acme PSA ${seq}`, [ids[a]], '250');
    const local = await company(t, homeId, `Local ${seq}`, [ids[b]]);
    const globex = await company(t, homeId, `Globex PSA ${seq}`, [], '251');
    const integration = (
      await t.database.query<{ id: number }>('SELECT id FROM crm_integrations WHERE tenant_id = $1', [homeId])
    ).rows[0].id;
    const profileId = await makeProfile(t, homeId, {
      type: 1,
      groupBy: 0,
      customSubject: 'Backup {status}: {device}',
      crmIntegrationId: integration,
      settings: {
        CatchAllCompany: globex,
        DefaultCrmBoard: 'Service Desk',
        TicketPriority: 2,
        NewTicketStatusId: 11,
        ClosedTicketStatusId: 14,
        IgnoreTicketStatusIds: [13],
        PublicNotes: false,
      },
    });
    await makeRule(t, homeId, { profileId, companyIds: [acme, local], ...rule });
    return { a, b, ids };
  }
  const cwTicket = (summary: string) => cw.state.tickets.find((x) => x.summary === summary);

  afterAll(async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
  });

  it('creates the ticket with the profile fields and the backup or catch-all company, then closes it', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    const { a, b, ids } = await psaSetup({ closeNote: 'Resolved: backups succeeded.' });
    await evaluateTenant(t.deps, homeId);
    const before = cw.requests.length;
    expect(await deliverDue(t.deps)).toBe(2);

    const creates = cw.requests.slice(before).filter((r) => r.method === 'POST' && r.path.endsWith('/service/tickets'));
    expect(creates).toHaveLength(2);
    const sent = creates.map((r) => r.body as Record<string, any>).sort((x, y) => x.summary.localeCompare(y.summary));
    expect(sent.map((s) => [s.summary, s.company.id, s.board.id ?? s.board.name, s.status.id, s.priority.id])).toEqual(
      [
        [`Backup Failure: ${a}`, 250, 1, 11, 2],
        [`Backup Failure: ${b}`, 251, 1, 11, 2],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    const held = cwTicket(`Backup Failure: ${a}`)!;
    expect(held.status.name).toBe('New');
    expect(held.company.id).toBe(250);

    const mine = (await ticketsOf(t, homeId)).find((x) => x.backups[0] === ids[a])!;
    expect(mine.state).toBe('Open');
    expect(mine.external_id).toBe(String(held.id));

    // The backup succeeds: the ticket is closed with the close note and the closed status.
    await addResults(t, homeId, { [a]: [[0, 'Success']] });
    expect((await evaluateTenant(t.deps, homeId)).closed).toBe(1);
    expect(await deliverDue(t.deps)).toBe(1);
    expect(held.closedFlag).toBe(true);
    expect(held.status.id).toBe(14);
    expect(held.notes.map((n) => n.text)).toContain('Resolved: backups succeeded.');
    // Delivered once: another pass sends nothing.
    const count = cw.requests.length;
    expect(await deliverDue(t.deps, { now: later(7200) })).toBe(0);
    expect(cw.requests.length).toBe(count);
  });

  it('sends each ticket once when several workers deliver at the same time', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    const { a, b } = await psaSetup();
    await evaluateTenant(t.deps, homeId);
    const before = cw.requests.length;
    // Three workers race for the same two queued creates (on PostgreSQL: three connections).
    const done = await Promise.all([deliverDue(t.deps), deliverDue(t.deps), deliverDue(t.deps)]);
    expect(done.reduce((x, y) => x + y, 0)).toBe(2);
    const creates = cw.requests.slice(before).filter((r) => r.method === 'POST' && r.path.endsWith('/service/tickets'));
    expect(creates.map((r) => (r.body as { summary: string }).summary).sort()).toEqual(
      [`Backup Failure: ${a}`, `Backup Failure: ${b}`].sort(),
    );
    expect(cw.state.tickets.filter((x) => x.summary.endsWith(a) || x.summary.endsWith(b))).toHaveLength(2);
    expect((await ticketsOf(t, homeId)).map((x) => x.state)).toEqual(['Open', 'Open']);
  });

  it('backs off on 429 (honouring Retry-After) and succeeds later', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    const { a } = await psaSetup();
    await t.database.query('DELETE FROM ticket_rules WHERE tenant_id = $1', [homeId]);
    const [profileId] = (
      await t.database.query<{ id: number }>('SELECT id FROM ticket_profiles WHERE tenant_id = $1', [homeId])
    ).rows.map((r) => r.id);
    const acme = (
      await t.database.query<{ id: number }>("SELECT id FROM companies WHERE tenant_id = $1 AND psa_id = '250'", [
        homeId,
      ])
    ).rows[0].id;
    await makeRule(t, homeId, { profileId, companyIds: [acme] });
    await evaluateTenant(t.deps, homeId);
    const [ticket] = await ticketsOf(t, homeId);

    // More 429s than the client's own retries: the outbox takes over.
    cw.failNext(
      `${cw.apiPath}/service/tickets`,
      {
        status: 429,
        headers: { 'Retry-After': '0' },
        body: { code: 'TooManyRequests', message: 'Rate limit exceeded' },
      },
      4,
    );
    expect(await deliverDue(t.deps)).toBe(0);
    let [row] = await outboxOf(t, ticket.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row.last_error).toMatch(/Rate limit exceeded/);
    expect(new Date(row.next_attempt_at).getTime() - Date.now()).toBeLessThan(5_000);
    expect(cwTicket(`Backup Failure: ${a}`)).toBeUndefined();

    expect(await deliverDue(t.deps, { now: later(2) })).toBe(1);
    [row] = await outboxOf(t, ticket.id);
    expect(row).toMatchObject({ state: 'done', attempts: 2 });
    expect(cwTicket(`Backup Failure: ${a}`)).toBeDefined();
    expect((await ticketsOf(t, homeId))[0].state).toBe('Open');
  });

  it('fails at once on a refusal the PSA will repeat, marking the ticket Failed with the reason', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    await psaSetup();
    await evaluateTenant(t.deps, homeId);
    cw.failNext(
      `${cw.apiPath}/service/tickets`,
      { status: 400, body: { code: 'InvalidObject', message: 'Board is closed for new tickets' } },
      2,
    );
    await deliverDue(t.deps);
    const list = await ticketsOf(t, homeId);
    expect(list.map((x) => [x.state, x.last_error])).toEqual([
      ['Failed', 'Board is closed for new tickets'],
      ['Failed', 'Board is closed for new tickets'],
    ]);
    expect((await outboxOf(t, list[0].id)).map((o) => [o.state, o.attempts])).toEqual([['failed', 1]]);
  });

  it('treats a ticket the technician closed (or set to an ignored status) as closed and opens a new one', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    const { a, ids } = await psaSetup();
    await evaluateTenant(t.deps, homeId);
    await deliverDue(t.deps);
    const held = cwTicket(`Backup Failure: ${a}`)!;
    // Waiting on Client (13) is one of the profile's ignored statuses.
    held.status = { id: 13, name: 'Waiting on Client' };
    await addResults(t, homeId, { [a]: [[0, 'Failed']] });
    const r = await evaluateTenant(t.deps, homeId);
    expect(r).toMatchObject({ opened: 1, closed: 1 });
    const mine = (await ticketsOf(t, homeId)).filter((x) => x.backups.includes(ids[a]) || x.state === 'Closed');
    expect(mine.map((x) => x.state)).toEqual(['Closed', 'Pending']);
  });

  it('ends tickets of removed backups: Unlink in Vigil only, Close in the PSA too', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    const { a, b, ids } = await psaSetup();
    await evaluateTenant(t.deps, homeId);
    await deliverDue(t.deps);
    const [ta, tb] = [cwTicket(`Backup Failure: ${a}`)!, cwTicket(`Backup Failure: ${b}`)!];

    await endTicketsForBackups(t.deps, homeId, [ids[a]], false, null);
    await endTicketsForBackups(t.deps, homeId, [ids[b]], true, null);
    const byBackup = async (id: number) =>
      (
        await t.database.query<{ state: string }>(
          'SELECT t.state FROM tickets t JOIN ticket_backups tb ON tb.ticket_id = t.id WHERE tb.backup_id = $1',
          [id],
        )
      ).rows.map((r) => r.state);
    expect(await byBackup(ids[a])).toEqual(['Unlinked']);
    expect(await byBackup(ids[b])).toEqual(['Closed']);
    expect(await deliverDue(t.deps)).toBe(1);
    expect(ta.closedFlag).toBe(false);
    expect(tb.closedFlag).toBe(true);
    expect(tb.status.id).toBe(14);
    expect(tb.notes.map((n) => n.text)).toContain('The backup was removed from monitoring.');
  });
});

describe('linking PSA tickets by hand', () => {
  it('links an existing PSA ticket once, refuses an unknown one, and unlinks it', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    const a = dev('link');
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    const user = (await t.database.query<{ id: number }>('SELECT id FROM users WHERE tenant_id = $1 LIMIT 1', [homeId]))
      .rows[0].id;
    // A ticket a technician opened in the PSA itself.
    const psa = (await psaForTenant(t.deps, homeId))!;
    const input = psaTicketInput({
      companyId: '250',
      summary: 'Opened in ConnectWise by hand',
      description: 'Server room check',
      boardId: '1',
      priorityId: '3',
      statusId: '11',
    });
    const ref = await psa.client.createTicket(input);
    const existing = cw.state.tickets.find((x) => String(x.id) === ref.id)!;
    const id = await linkExistingTicket(t.deps, homeId, ids[a], String(existing.id), user);
    expect(await linkExistingTicket(t.deps, homeId, ids[a], String(existing.id), user)).toBe(id);
    const [row] = (await ticketsOf(t, homeId)).filter((x) => x.id === id);
    expect(row).toMatchObject({ state: 'Open', external_id: String(existing.id), subject: existing.summary });
    expect(row.backups).toEqual([ids[a]]);
    await expect(linkExistingTicket(t.deps, homeId, ids[a], '999999', user)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Ticket 999999 was not found in the PSA',
    });

    await unlinkTicket(t.deps, homeId, ids[a], id, user);
    expect((await ticketsOf(t, homeId)).find((x) => x.id === id)?.state).toBe('Unlinked');
    await expect(unlinkTicket(t.deps, homeId, ids[a], id, user)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('does not send a ticket that was unlinked before it was delivered', async () => {
    const a = dev('undelivered');
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    const co = await company(t, homeId, `Undelivered ${seq}`, [ids[a]]);
    const profileId = await makeProfile(t, homeId, {
      type: 3,
      groupBy: 0,
      settings: { WebhookUrl: 'http://127.0.0.1:9/x' },
    });
    await makeRule(t, homeId, { profileId, companyIds: [co] });
    await evaluateTenant(t.deps, homeId);
    await endTicketsForBackups(t.deps, homeId, [ids[a]], false, null);
    const [ticket] = await ticketsOf(t, homeId);
    expect(ticket.state).toBe('Unlinked');
    expect((await outboxOf(t, ticket.id)).map((o) => o.state)).toEqual(['failed']);
    expect(await deliverDue(t.deps)).toBe(0);
  });
});

describe('e-mail delivery', () => {
  let smtp: SMTPServer;
  const received: { to: string; subject: string; text: string }[] = [];
  let settingsId: number;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        simpleParser(stream)
          .then((m) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address).join(','),
              subject: m.subject ?? '',
              text: m.text ?? '',
            });
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    settingsId = (
      await t.database.query<{ id: number }>(
        `INSERT INTO email_settings (tenant_id, host, port, from_address, is_default) VALUES ($1, '127.0.0.1', $2, 'tickets@acme.test', false)
         RETURNING id`,
        [homeId, port],
      )
    ).rows[0].id;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the ticket to the recipients through the profile SMTP settings, and the close as a reply', async () => {
    const a = dev('mail');
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    const co = await company(t, homeId, `Mail Co ${seq}`, [ids[a]]);
    const profileId = await makeProfile(t, homeId, {
      type: 2,
      groupBy: 1,
      emailSettingsId: settingsId,
      settings: {
        Recipients: ['noc@acme.test', 'lead@acme.test'],
        IncludeCompanyName: true,
        IncludeFailureText: false,
      },
    });
    await makeRule(t, homeId, { profileId, companyIds: [co] });
    await evaluateTenant(t.deps, homeId);
    expect(await deliverDue(t.deps)).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      to: 'noc@acme.test,lead@acme.test',
      subject: `Failure: backups of Mail Co ${seq}`,
    });
    expect(received[0].text).toContain(`${a} / ${a} (Mail Co ${seq})`);
    // The outbound mail log has it, through the profile's settings row.
    const log = await t.database.query<{ transport: string; error: string | null }>(
      'SELECT transport, error FROM outbox WHERE tenant_id = $1 AND subject = $2',
      [homeId, `Failure: backups of Mail Co ${seq}`],
    );
    expect(log.rows).toEqual([{ transport: `tenant-smtp:${settingsId}`, error: null }]);

    await addResults(t, homeId, { [a]: [[0, 'Success']] });
    await evaluateTenant(t.deps, homeId);
    expect(await deliverDue(t.deps)).toBe(1);
    expect(received[1].subject).toBe(`Re: Failure: backups of Mail Co ${seq}`);
    expect(received[1].text).toContain('This ticket is closed.');
  });
});

describe('webhook delivery', () => {
  let server: Server;
  let url: string;
  const hits: { headers: IncomingHttpHeaders; body: string }[] = [];
  const replies: number[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.statusCode = replies.shift() ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/vigil`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('POSTs a signed JSON body, retries after a 500 with the same delivery id, then notes and closes', async () => {
    const secret = 'whsec-test-0123456789';
    const a = dev('hook');
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    const co = await company(t, homeId, `Hook Co ${seq}`, [ids[a]]);
    const profileId = await makeProfile(t, homeId, {
      type: 3,
      groupBy: 0,
      settings: { WebhookUrl: url },
      webhookSecret: t.deps.secrets.seal(secret, `webhook:${homeId}`),
    });
    await makeRule(t, homeId, { profileId, companyIds: [co] });
    await evaluateTenant(t.deps, homeId);

    replies.push(500);
    expect(await deliverDue(t.deps)).toBe(0);
    const [ticket] = await ticketsOf(t, homeId);
    const [row] = await outboxOf(t, ticket.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, last_error: 'Webhook answered HTTP 500' });
    // First retry a minute later.
    expect(new Date(row.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(await deliverDue(t.deps, { now: later(61) })).toBe(1);

    expect(hits).toHaveLength(2);
    for (const h of hits) {
      const ts = String(h.headers['x-vigil-timestamp']);
      const expected = createHmac('sha256', secret).update(`${ts}.${h.body}`).digest('hex');
      expect(h.headers['x-vigil-signature']).toBe(`sha256=${expected}`);
      expect(h.headers['x-vigil-event']).toBe('ticket.opened');
      expect(h.headers['x-vigil-delivery']).toBe(String(row.id));
    }
    const body = JSON.parse(hits[1].body);
    expect(body).toMatchObject({
      event: 'ticket.opened',
      ticket: { id: ticket.id, subject: ticket.subject, status: 'Failure', groupBy: 'Backup' },
      backups: [{ id: ids[a], device: a, job: a, company: `Hook Co ${seq}` }],
    });

    await addResults(t, homeId, { [a]: [[0, 'Success']] });
    await evaluateTenant(t.deps, homeId);
    expect(await deliverDue(t.deps)).toBe(1);
    expect(hits[2].headers['x-vigil-event']).toBe('ticket.closed');
    expect(JSON.parse(hits[2].body).note).toBe('The problem cleared: the backups succeeded again.');
  });
});

describe('backoff', () => {
  it('doubles from a minute up to an hour; Retry-After wins', () => {
    expect([0, 1, 2, 5, 6, 7].map((n) => backoffSeconds(n, null))).toEqual([60, 120, 240, 1920, 3600, 3600]);
    expect(backoffSeconds(3, 30)).toBe(30);
    expect(MAX_ATTEMPTS).toBe(8);
  });

  it('gives up after the last attempt and marks the ticket Failed', async () => {
    const a = dev('giveup');
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    const co = await company(t, homeId, `Giveup ${seq}`, [ids[a]]);
    const profileId = await makeProfile(t, homeId, {
      type: 3,
      groupBy: 0,
      settings: { WebhookUrl: 'http://127.0.0.1:9/nothing-listens' },
      webhookSecret: t.deps.secrets.seal('s', `webhook:${homeId}`),
    });
    await makeRule(t, homeId, { profileId, companyIds: [co] });
    await evaluateTenant(t.deps, homeId);
    for (let i = 0; i < MAX_ATTEMPTS; i++) await deliverDue(t.deps, { now: later(2 * 3600 * (i + 1)) });
    const [ticket] = await ticketsOf(t, homeId);
    expect(ticket.state).toBe('Failed');
    expect(ticket.last_error).toMatch(/Webhook unreachable/);
    expect((await outboxOf(t, ticket.id)).map((o) => [o.state, o.attempts])).toEqual([['failed', MAX_ATTEMPTS]]);
  });
});
