import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { SignupMessages } from '@vigil/contract';
import { outbox, unsubscribes } from '../../db/schema/index.ts';
import { signUnsubscribe, verifyUnsubscribe } from '../../platform/unsubscribe.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const put = (Token: string) => t.call('PUT', '/api/unsubscribe', { body: { Token } });
async function lastMail() {
  const [m] = await t.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  return m;
}

describe('unsubscribe tokens', () => {
  it('record the address and kind once, however often the link is opened', async () => {
    const token = signUnsubscribe(SECRET, 'Reader@Client.test', 'reports');
    const r = await put(token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      Message: 'reader@client.test will no longer receive scheduled reports from Vigil.',
      Email: 'reader@client.test',
      Type: 'reports',
    });
    expect((await put(token)).status).toBe(200);
    expect(await t.database.db.select({ e: unsubscribes.email, t: unsubscribes.type }).from(unsubscribes)).toEqual([
      { e: 'reader@client.test', t: 'reports' },
    ]);
  });

  it('refuse a token whose address, kind or signature was changed, or that is not a token', async () => {
    const token = signUnsubscribe(SECRET, 'victim@client.test', 'alerts');
    const [payload, sig] = token.split('.');
    const swapped = Buffer.from(JSON.stringify({ e: 'someone@else.test', t: 'alerts' })).toString('base64url');
    const otherKind = Buffer.from(JSON.stringify({ e: 'victim@client.test', t: 'news' })).toString('base64url');
    const foreign = signUnsubscribe('another-servers-secret-of-enough-length', 'victim@client.test', 'alerts');
    for (const bad of [
      `${swapped}.${sig}`,
      `${otherKind}.${sig}`,
      `${payload}.${sig.slice(0, -2)}xx`,
      foreign,
      `${token}.extra`,
      'garbage',
    ]) {
      const r = await put(bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.Message).toBe(SignupMessages.unsubscribeInvalid);
    }
    const rows = await t.database.db.select().from(unsubscribes).where(eq(unsubscribes.email, 'victim@client.test'));
    expect(rows).toEqual([]);
    expect(verifyUnsubscribe(SECRET, token)).toEqual({ email: 'victim@client.test', type: 'alerts' });
  });
});

describe('system mail of a kind', () => {
  it('is not sent to an address that unsubscribed from it, but still to others and for other kinds', async () => {
    await put(signUnsubscribe(SECRET, 'quiet@client.test', 'reports'));
    const mailer = t.deps.mailer;

    const suppressed = await mailer.send({ to: 'quiet@client.test', subject: 'Weekly', text: 'r', type: 'reports' });
    expect(suppressed.transport).toBe('suppressed: unsubscribed');
    const list = await (await t.as('root'))('GET', '/api/admin/outbox?to=quiet@client.test');
    expect(list.body[0]).toMatchObject({ Subject: 'Weekly', Transport: 'suppressed: unsubscribed' });

    // Another kind of mail, and mail without a kind (a password reset), still reach the address.
    await mailer.send({ to: 'quiet@client.test', subject: 'Alert', text: 'a', type: 'alerts' });
    expect((await lastMail()).transport).toBe('outbox');
    await mailer.send({ to: 'quiet@client.test', subject: 'Reset', text: 'x' });
    expect((await lastMail()).transport).toBe('outbox');

    // In a list, only that address is left out.
    await mailer.send({ to: 'quiet@client.test, Loud@Client.test', subject: 'Weekly', text: 'r', type: 'reports' });
    expect((await lastMail()).to).toBe('Loud@Client.test');
  });

  it('carries a working unsubscribe link when it goes to one address', async () => {
    await t.deps.mailer.send({
      to: 'fan@client.test',
      subject: 'News',
      text: 'Hello',
      html: '<p>Hi</p>',
      type: 'news',
    });
    const m = await lastMail();
    const link = /http:\/\/vigil\.test\/public\/unsubscribe\/news\?token=([A-Za-z0-9_.-]+)/.exec(m.text);
    expect(link).not.toBeNull();
    expect(m.html).toContain('Unsubscribe</a>');
    expect((await put(link![1])).body.Email).toBe('fan@client.test');
    await t.deps.mailer.send({ to: 'fan@client.test', subject: 'News 2', text: 'Hello', type: 'news' });
    expect((await lastMail()).transport).toBe('suppressed: unsubscribed');
  });
});
