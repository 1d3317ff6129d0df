import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { outbox, refreshTokens, users } from '../db/schema/index.ts';
import { freshDatabase } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { Mailer } from './mail.ts';
import { Jobs } from './jobs.ts';
import { SessionService } from '../modules/auth/sessions.ts';
import { TokenService } from './auth/tokens.ts';
import { purgeExpiredTokensJob } from '../jobs/purge-expired-tokens.ts';

let database: Database;
let databaseUrl: string | undefined;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, databaseUrl, drop } = await freshDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('outbound mail', () => {
  it('delivers through a real SMTP server and keeps a copy in the outbox', async () => {
    const received: { to: string; subject: string; text: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, cb) {
        simpleParser(stream).then((m) => {
          received.push({
            to: session.envelope.rcptTo[0].address,
            subject: m.subject ?? '',
            text: (m.text ?? '').trim(),
          });
          cb();
        }, cb);
      },
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const port = (server.server.address() as AddressInfo).port;
    const mailer = new Mailer(database, `smtp://127.0.0.1:${port}`, 'Vigil <no-reply@vigil.test>');
    const sent = await mailer.send({ to: 'tech@msp.test', subject: 'Hello from Vigil', text: 'Backups are fine.' });
    mailer.close();
    await new Promise<void>((ok) => server.close(() => ok()));
    expect(sent.error).toBeNull();
    expect(received).toEqual([{ to: 'tech@msp.test', subject: 'Hello from Vigil', text: 'Backups are fine.' }]);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, sent.id));
    expect(row).toMatchObject({ to: 'tech@msp.test', transport: 'smtp', error: null });
  });

  it('records a delivery failure instead of losing the message', async () => {
    const mailer = new Mailer(database, 'smtp://127.0.0.1:1', 'Vigil <no-reply@vigil.test>');
    const sent = await mailer.send({ to: 'tech@msp.test', subject: 'Unreachable', text: 'x' });
    mailer.close();
    expect(sent.error).toMatch(/ECONNREFUSED/);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, sent.id));
    expect(row.subject).toBe('Unreachable');
  });
});

describe('jobs', () => {
  it('pg-boss runs the token purge job on this database', async () => {
    const [user] = await database.db.select().from(users).limit(1);
    await database.db.insert(refreshTokens).values({
      userId: user.id,
      familyId: '00000000-0000-4000-8000-000000000001',
      tokenHash: 'expired-token-hash',
      expiresAt: new Date(Date.now() - 60_000),
    });
    const jobs = new Jobs(database, databaseUrl);
    const sessions = new SessionService(database, new TokenService('x'.repeat(40), 60), 30);
    await jobs.start([purgeExpiredTokensJob({ sessions, database })]);
    try {
      expect(await jobs.send('purge-expired-tokens')).toBeTruthy();
      const deadline = Date.now() + 20_000;
      let left = 1;
      while (left && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        left = (await database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, 'expired-token-hash')))
          .length;
      }
      expect(left).toBe(0);
    } finally {
      await jobs.stop();
    }
  });
});
