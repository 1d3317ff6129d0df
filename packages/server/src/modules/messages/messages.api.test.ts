import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { RealtimeCloseCodes, REALTIME_PATH, type AppMessage } from '@vigil/contract';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { openSocket, signedInSocket } from '../../../test/ws-client.ts';

/** App messages (`api/messages`) and the real-time channel that pushes them. */
let t: TestApp;
let wsUrl: string;

const warning = { Severity: 2, Text: 'Scheduled **maintenance** tonight', IsDismissible: true, Locations: [] };

async function messageCount(): Promise<number> {
  const r = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM app_messages');
  return r.rows[0].n;
}

beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
});
afterAll(async () => t.close());

describe('managing messages (platform admins)', () => {
  it('creates, lists, updates and deletes a message', async () => {
    const root = await t.as('root');
    const created = await root('POST', '/api/messages/', { ...warning, Locations: ['/app/audit'] });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      Severity: 2,
      Text: 'Scheduled **maintenance** tonight',
      IsDismissible: true,
      Locations: ['/app/audit'],
      IsActive: true,
      StartsAt: null,
      EndsAt: null,
    });
    const id = created.body.Id as number;

    const list = await root('GET', '/api/messages');
    expect(list.status).toBe(200);
    expect(list.body.find((m: AppMessage) => m.Id === id)?.Text).toBe('Scheduled **maintenance** tonight');

    const updated = await root('PUT', '/api/messages/', {
      Id: id,
      Severity: 3,
      Text: 'Ingestion is delayed',
      IsDismissible: false,
      Locations: ['/app/*'],
      StartsAt: '2026-01-01T00:00:00Z',
      EndsAt: '2036-01-01T00:00:00Z',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      Id: id,
      Severity: 3,
      Text: 'Ingestion is delayed',
      IsDismissible: false,
      Locations: ['/app/*'],
      StartsAt: '2026-01-01T00:00:00.000Z',
      EndsAt: '2036-01-01T00:00:00.000Z',
    });

    const deleted = await root('DELETE', `/api/messages/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ Id: id });
    expect((await root('GET', '/api/messages')).body.some((m: AppMessage) => m.Id === id)).toBe(false);
  });

  it('answers 404 for a message that does not exist', async () => {
    const root = await t.as('root');
    const put = await root('PUT', '/api/messages/', { ...warning, Id: 999999 });
    expect(put.status).toBe(404);
    expect(put.body.Message).toBe('Not found');
    expect((await root('DELETE', '/api/messages/999999')).status).toBe(404);
  });

  it.each([
    ['a severity outside 1–3', { ...warning, Severity: 4 }, 'Severity'],
    ['an empty text', { ...warning, Text: '   ' }, 'Text'],
    ['a location that is not a path', { ...warning, Locations: ['app/audit'] }, 'Locations.0'],
    [
      'an end before the start',
      { ...warning, StartsAt: '2026-05-02T00:00:00Z', EndsAt: '2026-05-01T00:00:00Z' },
      'EndsAt',
    ],
    ['a date that is not a date', { ...warning, StartsAt: 'tomorrow' }, 'StartsAt'],
  ])('refuses %s with a 400 and writes nothing', async (_name, body, field) => {
    const before = await messageCount();
    const r = await (await t.as('root'))('POST', '/api/messages/', body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ title: 'Bad Request', statusCode: 400 });
    expect(r.body.Errors.map((e: { Field: string }) => e.Field)).toContain(field);
    expect(await messageCount()).toBe(before);
  });

  it('refuses tenant users and anonymous callers on the admin routes, changing nothing', async () => {
    const root = await t.as('root');
    const id = (await root('POST', '/api/messages/', warning)).body.Id;
    const before = await messageCount();
    for (const persona of ['admin', 'standard', 'client', 'outsider'] as const) {
      const call = await t.as(persona);
      expect((await call('GET', '/api/messages')).status, persona).toBe(403);
      expect((await call('POST', '/api/messages/', warning)).status, persona).toBe(403);
      expect((await call('PUT', '/api/messages/', { ...warning, Id: id, Text: 'taken over' })).status, persona).toBe(
        403,
      );
      expect((await call('DELETE', `/api/messages/${id}`)).status, persona).toBe(403);
    }
    expect((await t.call('GET', '/api/messages')).status).toBe(401);
    expect((await t.call('GET', '/api/messages/active')).status).toBe(401);
    expect(await messageCount()).toBe(before);
    expect((await root('GET', '/api/messages')).body.find((m: AppMessage) => m.Id === id).Text).toBe(warning.Text);
    await root('DELETE', `/api/messages/${id}`);
  });
});

describe('active messages (every signed-in user)', () => {
  it('lists only messages that are active and inside their window, narrowed by path', async () => {
    const root = await t.as('root');
    const day = 86_400_000;
    const make = async (Text: string, extra: object) =>
      (await root('POST', '/api/messages/', { ...warning, Text, ...extra })).body.Id;
    const ids = {
      everywhere: await make('everywhere', {}),
      audit: await make('audit only', { Locations: ['/app/audit'] }),
      manage: await make('manage pages', { Locations: ['/app/manage/*'] }),
      inactive: await make('switched off', { IsActive: false }),
      future: await make('not yet', { StartsAt: new Date(Date.now() + day).toISOString() }),
      ended: await make('over', {
        StartsAt: new Date(Date.now() - 2 * day).toISOString(),
        EndsAt: new Date(Date.now() - day).toISOString(),
      }),
      window: await make('in its window', {
        StartsAt: new Date(Date.now() - day).toISOString(),
        EndsAt: new Date(Date.now() + day).toISOString(),
      }),
    };
    const standard = await t.as('standard');
    const all = await standard('GET', '/api/messages/active');
    expect(all.status).toBe(200);
    const texts = all.body.map((m: AppMessage) => m.Text);
    expect(texts).toEqual(expect.arrayContaining(['everywhere', 'audit only', 'manage pages', 'in its window']));
    for (const hidden of ['switched off', 'not yet', 'over']) expect(texts).not.toContain(hidden);

    const onAudit = (await standard('GET', '/api/messages/active?path=/app/audit/day')).body.map(
      (m: AppMessage) => m.Text,
    );
    expect(onAudit).toEqual(expect.arrayContaining(['everywhere', 'audit only', 'in its window']));
    expect(onAudit).not.toContain('manage pages');
    const onManage = (await standard('GET', '/api/messages/active?path=/app/manage/companies')).body.map(
      (m: AppMessage) => m.Text,
    );
    expect(onManage).toContain('manage pages');
    expect(onManage).not.toContain('audit only');
    // The outsider of another tenant sees the same platform-wide messages.
    expect(
      (await (await t.as('outsider'))('GET', '/api/messages/active')).body.map((m: AppMessage) => m.Text),
    ).toContain('everywhere');
    for (const id of Object.values(ids)) await root('DELETE', `/api/messages/${id}`);
  });
});

describe('the real-time channel', () => {
  it('answers a plain HTTP request with 426 and what the address is for', async () => {
    const r = await t.call('GET', REALTIME_PATH);
    expect(r.status).toBe(426);
    expect(r.body).toMatchObject({ Message: 'This address takes WebSocket connections only.', statusCode: 426 });
  });

  it('closes a connection that sends no token, a wrong token or something else, and sends it nothing', async () => {
    const root = await t.as('root');
    const silent = await openSocket(wsUrl);
    const wrong = await openSocket(wsUrl);
    wrong.send({ type: 'auth', token: 'not-a-token' });
    const other = await openSocket(wsUrl);
    other.send({ type: 'subscribe' });
    const garbage = await openSocket(wsUrl);
    garbage.send('{');
    const id = (await root('POST', '/api/messages/', warning)).body.Id;
    expect(await wrong.closed).toBe(RealtimeCloseCodes.unauthorized);
    expect(await other.closed).toBe(RealtimeCloseCodes.unauthorized);
    expect(await garbage.closed).toBe(RealtimeCloseCodes.unauthorized);
    expect(await silent.closed).toBe(RealtimeCloseCodes.unauthorized);
    for (const s of [silent, wrong, other, garbage]) expect(s.pending).toEqual([]);
    await root('DELETE', `/api/messages/${id}`);
  }, 15_000);

  it('refuses the token of a disabled user', async () => {
    const token = await t.token('client');
    await t.database.query(`UPDATE users SET is_enabled = false WHERE email = 'client@acme.test'`);
    try {
      const s = await openSocket(wsUrl);
      s.send({ type: 'auth', token });
      expect(await s.closed).toBe(RealtimeCloseCodes.unauthorized);
      expect(s.pending).toEqual([]);
    } finally {
      await t.database.query(`UPDATE users SET is_enabled = true WHERE email = 'client@acme.test'`);
    }
  });

  it('refuses an access token whose session was signed out, while the same user’s other session stays open', async () => {
    const ended = await t.login('standard');
    const other = await t.login('standard');
    const before = await signedInSocket(wsUrl, ended.accessToken);
    before.close();
    const out = await t.call('POST', '/api/UserAuth/logout', {
      token: ended.accessToken,
      body: { refreshToken: ended.refreshToken },
    });
    expect(out.status).toBe(200);
    const s = await openSocket(wsUrl);
    s.send({ type: 'auth', token: ended.accessToken });
    // Closed unauthorized, not greeted with `ready`.
    const outcome = await Promise.race([s.closed.then((code) => ({ code })), s.next().then((frame) => ({ frame }))]);
    expect(outcome).toEqual({ code: RealtimeCloseCodes.unauthorized });
    expect(s.pending).toEqual([]);
    const still = await signedInSocket(wsUrl, other.accessToken);
    still.close();
  });

  it('pushes MessageUpdated and MessageDeleted to signed-in tenant users and admins', async () => {
    const root = await t.as('root');
    const tenantUser = await signedInSocket(wsUrl, await t.token('standard'));
    const outsider = await signedInSocket(wsUrl, await t.token('outsider'));
    const created = (await root('POST', '/api/messages/', warning)).body as AppMessage;
    for (const s of [tenantUser, outsider]) {
      expect(await s.next()).toEqual({ type: 'MessageUpdated', message: created });
    }
    const updated = (await root('PUT', '/api/messages/', { ...warning, Id: created.Id, Text: 'Now done' })).body;
    expect(await tenantUser.next()).toEqual({ type: 'MessageUpdated', message: updated });
    await root('DELETE', `/api/messages/${created.Id}`);
    expect(await tenantUser.next()).toEqual({ type: 'MessageDeleted', id: created.Id });
    tenantUser.close();
    outsider.close();
  });
});

describe('several server nodes on one database', () => {
  let second: FastifyInstance;
  let secondDb: Database;
  let secondUrl: string;

  beforeAll(async () => {
    // A second app instance: on PostgreSQL its own connection pool (NOTIFY crosses
    // connections), on PGlite the same in-process database.
    secondDb = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 2 }) : t.database;
    second = (await buildApp({ config: t.deps.config, database: secondDb, logger: false, serveWeb: false })).app;
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `ws://127.0.0.1:${(second.server.address() as AddressInfo).port}${REALTIME_PATH}`;
  });
  afterAll(async () => {
    await second.close();
    if (secondDb !== t.database) await secondDb.close();
  });

  it('delivers a change made on one node to the sockets of the other', async () => {
    const onFirst = await signedInSocket(wsUrl, await t.token('admin'));
    const onSecond = await signedInSocket(secondUrl, await t.token('standard'));
    const created = (await (await t.as('root'))('POST', '/api/messages/', warning)).body as AppMessage;
    expect(await onSecond.next()).toEqual({ type: 'MessageUpdated', message: created });
    expect(await onFirst.next()).toEqual({ type: 'MessageUpdated', message: created });

    // And the other way round: deleted through the second node.
    const token = await t.token('root');
    const del = await second.inject({
      method: 'DELETE',
      url: `/api/messages/${created.Id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(del.statusCode).toBe(200);
    expect(await onFirst.next()).toEqual({ type: 'MessageDeleted', id: created.Id });
    expect(await onSecond.next()).toEqual({ type: 'MessageDeleted', id: created.Id });
    // Each node delivers once.
    await new Promise((r) => setTimeout(r, 300));
    expect(onFirst.pending).toEqual([]);
    expect(onSecond.pending).toEqual([]);
    onFirst.close();
    onSecond.close();
  });
});
