import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ServerMessages } from '@vigil/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { pollMailbox, type MailboxToPoll } from '../intake/imap.ts';
import { currentTotp } from './auth/mfa.ts';
import { smtpPasswordContext } from './mail.ts';
import { rotateSecretKey } from './rotate-secret-key.ts';
import { KEY_FILE, NEW_KEY_FILE, OLD_KEY_FILE, writeKeyFile } from './secret-key.ts';
import { masterKey } from './secrets.ts';
import { signingSecretFor, upgradeSecrets } from './secrets-at-rest.ts';
import { TEST_PASSWORD } from '../../test/personas.ts';
import { testApp, type TestApp } from '../../test/harness.ts';

/**
 * Secrets at rest: a copy of the database alone reads none of them. They are sealed under a master key
 * kept outside the database; the token signing secret too.
 */
const K1 = '11'.repeat(32);
const K2 = '22'.repeat(32);
const K3 = Buffer.alloc(32, 3).toString('base64');
const IMAP_PASSWORD = 'imap-Pa55word-that-must-not-leak';
const SMTP_PASSWORD = 'smtp-Pa55word-that-must-not-leak';

const configWith = (env: Record<string, string | undefined>) =>
  loadConfig({
    VIGIL_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://vigil.test',
    DATA_DIR: '.tmp/test-data',
    PARSE_THREADS: '0',
    OUTBOUND_ALLOW_PRIVATE: 'true',
    ...env,
  });

let t: TestApp;
let acmeId: number;
let mailboxId: number;
/** What must never be found in the database. */
const plain: Record<string, string> = { imap: IMAP_PASSWORD, smtp: SMTP_PASSWORD };
let earlierAccessToken: string;
/** DATA_DIR of the key file the database is sealed under after the file rotation. */
let rotatedDir: string;
const others: FastifyInstance[] = [];

beforeAll(async () => {
  // No JWT_SECRET: the server generates the signing secret and keeps it in the database.
  t = await testApp({ JWT_SECRET: undefined, VIGIL_SECRET_KEY: K1, OUTBOUND_ALLOW_PRIVATE: 'true' } as never);
  const tenants = (await (await t.as('root'))('GET', '/api/admin/tenants')).body;
  acmeId = tenants.find((x: { Name: string }) => x.Name === 'Acme MSP').Id;
});
afterAll(async () => {
  for (const app of others) await app.close();
  await t?.close();
});

/** Another server over the same database (a copy opened elsewhere, or the next start). */
async function server(env: Record<string, string | undefined>) {
  const built = await buildApp({ config: configWith(env), database: t.database, logger: false, serveWeb: false });
  others.push(built.app);
  await built.app.ready();
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
    const res = await built.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.json() };
  };
  return { ...built, call };
}

type Call = (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<{ status: number; body: any }>;

/** A password and a code of the authenticator (the replay guard is reset: several sign-ins share a 30 s step). */
async function signInWithTotp(call: Call, email: string, secret: string) {
  await t.database.query('UPDATE users SET mfa_last_step = 0 WHERE lower(email) = $1', [email]);
  const first = await call('POST', '/api/UserAuth/Login', { UserName: email, Password: TEST_PASSWORD });
  expect(first.body).toMatchObject({ mfaRequired: true });
  return call('POST', '/api/UserAuth/Login', {
    mfaType: 'totp',
    mfaToken: currentTotp(secret),
    challengeToken: first.body.challengeToken,
  });
}

/** Every row of every table, as text. */
async function dump(): Promise<string> {
  const tables = await t.database.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const out: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await t.database.query<{ row: string }>(`SELECT row_to_json(x)::text AS row FROM "${name}" x`);
    out.push(...rows.rows.map((r) => r.row));
  }
  return out.join('\n');
}

async function sealedValues(): Promise<string[]> {
  const r = await t.database.query<{ v: string }>(
    `SELECT value AS v FROM system_settings WHERE key = 'jwt_secret'
     UNION ALL SELECT mfa_secret FROM users WHERE mfa_secret IS NOT NULL
     UNION ALL SELECT password FROM mailboxes
     UNION ALL SELECT password_secret FROM email_settings WHERE password_secret IS NOT NULL`,
  );
  return r.rows.map((x) => x.v);
}

describe('secrets at rest', () => {
  it('keeps IMAP and SMTP passwords, TOTP secrets and the signing secret sealed, and the app working', async () => {
    const root = await t.as('root');
    const made = await root('POST', '/api/admin/tenants/mailbox', {
      tenantId: acmeId,
      Email: 'sealed@acme.test',
      Host: '127.0.0.1',
      Port: 1,
      Secure: false,
      UserName: 'sealed',
      Password: IMAP_PASSWORD,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    mailboxId = made.body.Id;
    const listed = await root('GET', '/api/Message/GetMailBoxConfiguration');
    expect(listed.status).toBe(200);
    const box = listed.body.find((m: { Id: number }) => m.Id === mailboxId);
    expect(box).toMatchObject({ Email: 'sealed@acme.test', UserName: 'sealed' });
    expect(box).not.toHaveProperty('Password');
    expect(JSON.stringify(listed.body)).not.toContain(IMAP_PASSWORD);

    const smtp = await t.database.query<{ id: number }>(
      `INSERT INTO email_settings (tenant_id, host, port, from_address) VALUES ($1, 'smtp.acme.test', 587, 'a@acme.test') RETURNING id`,
      [acmeId],
    );
    await t.database.query('UPDATE email_settings SET password_secret = $2 WHERE id = $1', [
      smtp.rows[0].id,
      t.deps.secrets.seal(SMTP_PASSWORD, smtpPasswordContext(acmeId, smtp.rows[0].id)),
    ]);

    const standard = await t.as('standard');
    earlierAccessToken = await t.token('standard');
    const setup = await standard('GET', '/api/user/mfa/get');
    plain.totp = setup.body.Secret;
    expect((await standard('POST', '/api/user/mfa/update', { Code: currentTotp(plain.totp) })).status).toBe(200);
    const signedIn = await signInWithTotp((m, u, body) => t.call(m, u, { body }), 'standard@acme.test', plain.totp);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.accessToken).toEqual(expect.any(String));

    plain.jwt = signingSecretFor(t.database);
    expect(plain.jwt.length).toBeGreaterThanOrEqual(32);
    const everything = await dump();
    for (const [what, value] of Object.entries(plain)) expect(everything, `${what} in plain text`).not.toContain(value);
    const sealed = await sealedValues();
    expect(sealed.length).toBeGreaterThanOrEqual(4);
    for (const v of sealed) expect(v.startsWith(`v2.${masterKey(Buffer.from(K1, 'hex')).id}.`)).toBe(true);
  });

  it('reads none of them with another master key: the server says so instead of starting, nothing breaks', async () => {
    const before = await sealedValues();
    const otherId = masterKey(Buffer.from(K2, 'hex')).id;
    await expect(server({ VIGIL_SECRET_KEY: K2 })).rejects.toThrow(
      new RegExp(`master key ${otherId} .*system_settings.jwt_secret.*key ${masterKey(Buffer.from(K1, 'hex')).id}`),
    );
    // Given the signing secret from the environment it starts, and still opens nothing.
    const copy = await server({ VIGIL_SECRET_KEY: K2, JWT_SECRET: 'a-signing-secret-from-the-environment-xx' });
    const refused = await signInWithTotp(copy.call, 'standard@acme.test', plain.totp);
    expect(refused.status).toBe(401);
    expect(refused.body.Message).toBe(ServerMessages.invalidMfaCode);
    const report = await upgradeSecrets(copy.deps.config, t.database);
    expect(report.resealed).toBe(0);
    expect(report.unreadable.map((u) => u.column)).toEqual(
      expect.arrayContaining([
        'system_settings.value',
        'users.mfa_secret',
        'mailboxes.password',
        'email_settings.password_secret',
      ]),
    );
    expect(report.message).toMatch(/cannot be opened with this server's master key/);
    const row = (await t.database.query<MailboxToPoll>('SELECT * FROM mailboxes WHERE id = $1', [mailboxId])).rows[0];
    const polled = await pollMailbox(copy.deps, row);
    expect(polled.error).toMatch(/cannot be opened with this server's master key/);
    // Nothing was overwritten.
    expect(await sealedValues()).toEqual(before);
  });

  it('rotates the master key in one transaction; everything stays readable under the new key only', async () => {
    const k1 = configWith({ VIGIL_SECRET_KEY: K1 });
    // A value no key opens stops the rotation before anything changes.
    const stray = await t.database.query<{ id: number }>(
      `INSERT INTO mailboxes (tenant_id, email, host, user_name, password) VALUES ($1, 'stray@acme.test', 'h', 'u', $2) RETURNING id`,
      [acmeId, `v2.${masterKey(Buffer.from(K2, 'hex')).id}.AAAA.AAAA.AAAA`],
    );
    const before = await sealedValues();
    await expect(rotateSecretKey(k1, t.database, { VIGIL_NEW_SECRET_KEY: K3 })).rejects.toThrow(/Nothing was changed/);
    expect(await sealedValues()).toEqual(before);
    await t.database.query('DELETE FROM mailboxes WHERE id = $1', [stray.rows[0].id]);
    await expect(rotateSecretKey(k1, t.database, {})).rejects.toThrow(/VIGIL_NEW_SECRET_KEY/);

    const done = await rotateSecretKey(k1, t.database, { VIGIL_NEW_SECRET_KEY: K3 });
    expect(done.resealed).toBeGreaterThanOrEqual(4);
    const k3Id = masterKey(Buffer.from(K3, 'base64')).id;
    expect(done.newKeyId).toBe(k3Id);
    for (const v of await sealedValues()) expect(v.startsWith(`v2.${k3Id}.`)).toBe(true);
    await expect(server({ VIGIL_SECRET_KEY: K1 })).rejects.toThrow(/master key/);

    const next = await server({ VIGIL_SECRET_KEY: K3 });
    expect(signingSecretFor(t.database)).toBe(plain.jwt);
    // Same signing secret: a token issued before the rotation still works.
    expect((await next.call('GET', '/api/user/profile', undefined, earlierAccessToken)).status).toBe(200);
    expect((await signInWithTotp(next.call, 'standard@acme.test', plain.totp)).status).toBe(200);
    const everything = await dump();
    for (const value of Object.values(plain)) expect(everything).not.toContain(value);
  });

  it('rotates a key file: the new key replaces it (owner-only), the old one is kept only while rotating', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-rotate-'));
    rotatedDir = dataDir;
    writeKeyFile(path.join(dataDir, KEY_FILE), K3);
    const fileConfig = configWith({ DATA_DIR: dataDir });
    const done = await rotateSecretKey(fileConfig, t.database, {});
    expect(done.source).toBe('file');
    expect(done.oldKeyId).toBe(masterKey(Buffer.from(K3, 'base64')).id);
    const file = path.join(dataDir, KEY_FILE);
    expect(masterKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).id).toBe(done.newKeyId);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(path.join(dataDir, OLD_KEY_FILE))).toBe(false);
    expect(existsSync(path.join(dataDir, NEW_KEY_FILE))).toBe(false);
    const next = await server({ DATA_DIR: dataDir });
    expect((await signInWithTotp(next.call, 'standard@acme.test', plain.totp)).status).toBe(200);
  });

  it('seals plain and legacy values on start-up, idempotently', async () => {
    const dataDir = rotatedDir;
    const config = configWith({ DATA_DIR: dataDir });
    // A database from before the master key: plain TOTP, IMAP password and signing secret, SMTP sealed as v1.
    const legacyTotp = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.database.query(
      `UPDATE users SET mfa_enabled = true, mfa_secret = $1, mfa_last_step = 0 WHERE lower(email) = 'client@acme.test'`,
      [legacyTotp],
    );
    await t.database.query(`UPDATE mailboxes SET password = $2 WHERE id = $1`, [mailboxId, IMAP_PASSWORD]);
    await t.database.query(`UPDATE system_settings SET value = $1 WHERE key = 'jwt_secret'`, [plain.jwt]);
    const smtp = await t.database.query<{ id: number }>('SELECT id FROM email_settings WHERE tenant_id = $1', [acmeId]);
    const context = smtpPasswordContext(acmeId, smtp.rows[0].id);
    await t.database.query('UPDATE email_settings SET password_secret = $2 WHERE id = $1', [
      smtp.rows[0].id,
      sealV1(plain.jwt, SMTP_PASSWORD, context),
    ]);

    const first = await upgradeSecrets(config, t.database);
    expect(first).toMatchObject({ unreadable: [] });
    expect(first.resealed).toBeGreaterThanOrEqual(4);
    expect((await upgradeSecrets(config, t.database)).resealed).toBe(0);
    const everything = await dump();
    for (const value of [legacyTotp, IMAP_PASSWORD, SMTP_PASSWORD, plain.jwt]) expect(everything).not.toContain(value);
    for (const v of await sealedValues()) expect(v).toMatch(/^v2\./);

    const next = await server({ DATA_DIR: dataDir });
    const stored = await t.database.query<{ v: string }>(
      'SELECT password_secret AS v FROM email_settings WHERE id = $1',
      [smtp.rows[0].id],
    );
    expect(next.deps.secrets.open(stored.rows[0].v, context)).toBe(SMTP_PASSWORD);
    expect((await signInWithTotp(next.call, 'client@acme.test', legacyTotp)).status).toBe(200);
    expect((await signInWithTotp(next.call, 'standard@acme.test', plain.totp)).status).toBe(200);
  });
});

/** A value sealed the way servers did before the master key: a key derived from the signing secret. */
function sealV1(signingSecret: string, text: string, context: string): string {
  const key = Buffer.from(hkdfSync('sha256', signingSecret, 'vigil-secrets', 'aes-256-gcm v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url'))].join('.');
}
