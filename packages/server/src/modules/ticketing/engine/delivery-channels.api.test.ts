import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psaForTenant } from '../../integrations/service.ts';
import {
  backoffSeconds,
  deliverDue,
  endTicketsForBackups,
  evaluateTenant,
  linkExistingTicket,
  MAX_ATTEMPTS,
  unlinkTicket,
} from './index.ts';
import { addResults, company, makeBackups, makeProfile, makeRule, outboxOf, ticketsOf } from './test-setup.ts';
import { psaTicketInput } from '../../../../test/psa-ticket-input.ts';
import { t, homeId, cw, seq, dev, later, setUpDeliverySuite } from './delivery.setup.ts';

setUpDeliverySuite();

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
