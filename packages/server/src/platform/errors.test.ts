import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './errors.ts';

/** A database error as the drivers raise it: a message and a SQLSTATE. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

const logged: string[] = [];
const reported: string[] = [];
const app = Fastify({
  logger: {
    level: 'error',
    stream: new Writable({
      write(chunk, _enc, done) {
        logged.push(String(chunk));
        done();
      },
    }),
  },
});

const failures: Record<string, () => Error> = {
  'invalid-text': () => pgError('22P02', 'invalid input syntax for type integer: "abc"'),
  'out-of-range': () => pgError('22003', 'value "2147483648" is out of range for type integer'),
  'bad-encoding': () => pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'),
  'stack-depth': () => pgError('54001', 'stack depth limit exceeded'),
  wrapped: () =>
    new DrizzleQueryError('select * from users where id = $1', ['x'], pgError('22P02', 'invalid input syntax')),
  'server-side': () =>
    new DrizzleQueryError(
      'insert into users (email, password) values ($1, $2)',
      ['someone@example.test', 'Secret!Value1'],
      pgError('57P01', 'terminating connection due to administrator command'),
    ),
};

beforeAll(async () => {
  installErrorHandler(app);
  app.serverErrorSinks.push((err) =>
    reported.push(err instanceof Error ? `${err.message}\n${err.stack}` : String(err)),
  );
  for (const [name, fail] of Object.entries(failures))
    app.get(`/${name}`, async () => {
      throw fail();
    });
  await app.ready();
});
afterAll(() => app.close());

describe('database errors caused by the input', () => {
  it.each(['invalid-text', 'out-of-range', 'bad-encoding', 'stack-depth', 'wrapped'])(
    '%s is a 400 in the spec shape, not logged',
    async (name) => {
      const before = logged.length;
      const res = await app.inject({ method: 'GET', url: `/${name}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, title: 'Bad Request' });
      expect(logged.length).toBe(before);
    },
  );
});

describe('a failed statement on the server side', () => {
  it('is a 500 whose log and error-log entry name the statement but none of its values', async () => {
    const res = await app.inject({ method: 'GET', url: '/server-side' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('insert into');
    const text = [...logged, ...reported].join('\n');
    expect(text).toContain('insert into users');
    expect(text).toContain('terminating connection');
    expect(text).not.toContain('Secret!Value1');
    expect(text).not.toContain('someone@example.test');
  });
});
