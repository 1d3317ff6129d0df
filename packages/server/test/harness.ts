import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type RouteInfo } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { Deps } from '../src/deps.ts';
import { lendPglite } from './pglite-pool.ts';
import { personaEmail, TEST_PASSWORD, type PersonaName } from './personas.ts';

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as-is (for malformed-JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The client's socket address (inject's default is 127.0.0.1), for per-address rate limits. */
  remoteAddress?: string;
}

/** A fresh database copied from the run's template, for one test file. */
export async function freshDatabase(): Promise<{
  database: Database;
  databaseUrl?: string;
  drop: () => Promise<void>;
}> {
  const info = inject('testDb');
  if (info.kind === 'pglite') return lendPglite(info.dumpPath);
  const name = `vigil_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${info.templateDb}`);
  const url = new URL(info.adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    database,
    databaseUrl: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  routes: RouteInfo[];
  database: Database;
  databaseUrl?: string;
  call<T = any>(method: string, url: string, opts?: CallOptions): Promise<Reply<T>>;
  login(persona: PersonaName, password?: string): Promise<{ accessToken: string; refreshToken: string }>;
  /** A persona's access token, cached for the file. */
  token(persona: PersonaName): Promise<string>;
  as(persona: PersonaName): Promise<<T = any>(method: string, url: string, body?: unknown) => Promise<Reply<T>>>;
  close(): Promise<void>;
}

export async function testApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, databaseUrl, drop } = await freshDatabase();
  const config: Config = loadConfig({
    VIGIL_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://vigil.test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    VIGIL_SECRET_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    DATA_DIR: '.tmp/test-data',
    PARSE_THREADS: '0',
    // Tests talk to stub PSAs, webhooks and mail servers on 127.0.0.1 (outbound.api.test.ts turns this off).
    OUTBOUND_ALLOW_PRIVATE: 'true',
    ...env,
  });
  const { app, deps, routes } = await buildApp({ config, database, logger: false, serveWeb: false });
  await app.ready();
  const tokens = new Map<PersonaName, string>();

  async function call<T>(method: string, url: string, opts: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | undefined;
    if (opts.rawBody !== undefined) {
      payload = opts.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers,
      payload,
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    });
    let body: unknown = res.body;
    if (String(res.headers['content-type'] ?? '').includes('application/json')) body = res.json();
    return { status: res.statusCode, body: body as T, headers: res.headers };
  }

  async function login(persona: PersonaName, password = TEST_PASSWORD) {
    const r = await call<{ accessToken?: string; refreshToken: string }>('POST', '/api/UserAuth/Login', {
      body: { UserName: personaEmail[persona], Password: password },
    });
    if (r.status !== 200 || !r.body.accessToken)
      throw new Error(`login as ${persona} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as { accessToken: string; refreshToken: string };
  }

  async function token(persona: PersonaName) {
    let t = tokens.get(persona);
    if (!t) {
      t = (await login(persona)).accessToken;
      tokens.set(persona, t);
    }
    return t;
  }

  return {
    app,
    deps,
    routes,
    database,
    databaseUrl,
    call,
    login,
    token,
    async as(persona) {
      const t = await token(persona);
      return (method, url, body) => call(method, url, { token: t, body });
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
