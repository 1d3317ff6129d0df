import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { testApp, type TestApp } from '../../../test/harness.ts';

/** Support screen: `POST /api/support/ticket`, stored and e-mailed to the support address over real SMTP. */
let t: TestApp;
let smtp: SMTPServer;
const received: { to: string; subject: string; text: string }[] = [];

async function tickets() {
  const r = await t.database.query<{ subject: string; body: string; tenant_id: number; outbox_id: number | null }>(
    'SELECT subject, body, tenant_id, outbox_id FROM support_tickets ORDER BY id',
  );
  return r.rows;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, cb) {
      simpleParser(stream).then((m) => {
        received.push({ to: session.envelope.rcptTo[0].address, subject: m.subject ?? '', text: m.text ?? '' });
        cb();
      }, cb);
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await testApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: 'help@vigil.test' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((ok) => smtp.close(() => ok()));
});

describe('support tickets', () => {
  it('stores the ticket and e-mails it to the support address with who sent it', async () => {
    const r = await (
      await t.as('standard')
    )('POST', '/api/support/ticket', {
      Subject: 'Veeam results missing',
      Message: 'Since Monday no results arrive for Contoso.\nCan you check?',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Subject: 'Veeam results missing' });
    expect(typeof r.body.Id).toBe('number');

    expect(received).toHaveLength(1);
    expect(received[0].to).toBe('help@vigil.test');
    expect(received[0].subject).toBe(`[Support #${r.body.Id}] Veeam results missing`);
    expect(received[0].text).toContain('From: Stan Dard <standard@acme.test>');
    expect(received[0].text).toContain('Tenant: Acme MSP');
    expect(received[0].text).toContain('Since Monday no results arrive for Contoso.\nCan you check?');

    const rows = await tickets();
    expect(rows.at(-1)).toMatchObject({ subject: 'Veeam results missing', outbox_id: expect.any(Number) });
    const outbox = await t.database.query<{ to: string; transport: string; error: string | null }>(
      'SELECT "to", transport, error FROM outbox WHERE id = $1',
      [rows.at(-1)!.outbox_id],
    );
    expect(outbox.rows[0]).toEqual({ to: 'help@vigil.test', transport: 'smtp', error: null });
  });

  it.each([
    ['no subject', { Subject: '  ', Message: 'Hello' }, 'Subject'],
    ['no message', { Subject: 'Hello', Message: '' }, 'Message'],
    ['a subject over 200 characters', { Subject: 'x'.repeat(201), Message: 'Hello' }, 'Subject'],
  ])('refuses %s with a 400, storing and sending nothing', async (_n, body, field) => {
    const before = (await tickets()).length;
    const mails = received.length;
    const r = await (await t.as('admin'))('POST', '/api/support/ticket', body);
    expect(r.status).toBe(400);
    expect(r.body.Errors.map((e: { Field: string }) => e.Field)).toContain(field);
    expect((await tickets()).length).toBe(before);
    expect(received.length).toBe(mails);
  });

  it('is for tenant users with the permission: platform admins, anonymous callers and groups without it are refused', async () => {
    const before = (await tickets()).length;
    const body = { Subject: 'Hi', Message: 'Hello' };
    expect((await (await t.as('root'))('POST', '/api/support/ticket', body)).status).toBe(403);
    expect((await t.call('POST', '/api/support/ticket', { body })).status).toBe(401);
    const group = await t.database.query<{ id: number; permissions: string[] }>(
      `SELECT g.id, g.permissions FROM groups g JOIN users u ON u.group_id = g.id WHERE u.email = 'client@acme.test'`,
    );
    const { id, permissions } = group.rows[0];
    await t.database.query('UPDATE groups SET permissions = $1 WHERE id = $2', [
      JSON.stringify(permissions.filter((p) => p.toLowerCase() !== 'support.createsupportticket')),
      id,
    ]);
    try {
      expect((await (await t.as('client'))('POST', '/api/support/ticket', body)).status).toBe(403);
    } finally {
      await t.database.query('UPDATE groups SET permissions = $1 WHERE id = $2', [JSON.stringify(permissions), id]);
    }
    expect((await tickets()).length).toBe(before);
  });

  it('keeps each tenant’s tickets under its own tenant', async () => {
    await (
      await t.as('outsider')
    )('POST', '/api/support/ticket', { Subject: 'From the other MSP', Message: 'Hello' });
    const rows = await t.database.query<{ slug: string }>(
      `SELECT t.slug FROM support_tickets s JOIN tenants t ON t.id = s.tenant_id WHERE s.subject = 'From the other MSP'`,
    );
    expect(rows.rows).toEqual([{ slug: 'other' }]);
    expect(received.at(-1)?.text).toContain('Tenant: Other MSP');
  });
});
