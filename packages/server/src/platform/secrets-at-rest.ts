import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Database, QueryFn } from '../db/client.ts';
import { loadMasterKeys, type LoadedKeys } from './secret-key.ts';
import { Secrets, sealedBy } from './secrets.ts';

/** Associated data of each kind of sealed value: the purpose and the owner. */
export const jwtSecretContext = 'jwt:signing';
export const mfaSecretContext = (userId: number) => `mfa:${userId}`;
export const imapPasswordContext = (tenantId: number) => `imap:${tenantId}`;

interface Row {
  id: number | string;
  tenant_id: number | null;
  value: string;
}

/** A column holding a sealed value, with the context each row seals it under. */
interface SealedColumn {
  table: string;
  column: string;
  key: string;
  tenant?: string;
  where?: string;
  /** The column held plain text before it was sealed. */
  legacyPlain: boolean;
  context(row: Row): string;
}

/**
 * Every secret kept at rest. A new sealed column goes here, so the start-up upgrade and the key
 * rotation reach it. The contexts are those of the code that seals the values.
 */
export const SEALED_COLUMNS: SealedColumn[] = [
  {
    table: 'system_settings',
    column: 'value',
    key: 'key',
    where: "key = 'jwt_secret'",
    legacyPlain: true,
    context: () => jwtSecretContext,
  },
  { table: 'users', column: 'mfa_secret', key: 'id', legacyPlain: true, context: (r) => mfaSecretContext(+r.id) },
  {
    table: 'users',
    column: 'mfa_pending_secret',
    key: 'id',
    legacyPlain: true,
    context: (r) => mfaSecretContext(+r.id),
  },
  {
    table: 'mailboxes',
    column: 'password',
    key: 'id',
    tenant: 'tenant_id',
    legacyPlain: true,
    context: (r) => imapPasswordContext(r.tenant_id!),
  },
  // platform/mail.ts smtpPasswordContext
  {
    table: 'email_settings',
    column: 'password_secret',
    key: 'id',
    tenant: 'tenant_id',
    legacyPlain: false,
    context: (r) => `email-settings:${r.tenant_id}:${r.id}`,
  },
  // modules/integrations/psa-credentials.ts secretContext
  {
    table: 'crm_integrations',
    column: 'secrets',
    key: 'id',
    tenant: 'tenant_id',
    legacyPlain: false,
    context: (r) => `crm:${r.tenant_id}`,
  },
  // modules/ticketing/profiles.ts webhookContext
  {
    table: 'ticket_profiles',
    column: 'webhook_secret',
    key: 'id',
    tenant: 'tenant_id',
    legacyPlain: false,
    context: (r) => `webhook:${r.tenant_id}`,
  },
  // modules/itglue/context.ts sealContext
  {
    table: 'itglue_connections',
    column: 'api_key',
    key: 'id',
    tenant: 'tenant_id',
    legacyPlain: false,
    context: (r) => `itglue:${r.tenant_id}`,
  },
];

const columnName = (c: SealedColumn) => `${c.table}.${c.column}`;

async function rowsOf(query: QueryFn, c: SealedColumn): Promise<Row[]> {
  const filter = [`${c.column} IS NOT NULL`, c.where].filter(Boolean).join(' AND ');
  const sql = `SELECT ${c.key} AS id, ${c.tenant ?? 'NULL::int'} AS tenant_id, ${c.column} AS value FROM ${c.table} WHERE ${filter} ORDER BY ${c.key}`;
  return (await query<Row>(sql)).rows;
}

export interface ResealReport {
  /** Values sealed again (legacy plain text, `v1`, or another master key). */
  resealed: number;
  /** Values no key of this server opens, by column, with the key ids that sealed them. */
  unreadable: { column: string; count: number; keyIds: string[] }[];
}

/**
 * Seals every value that is not sealed under `to`'s current key again, one compare-and-set UPDATE per
 * row (a value changed meanwhile is left to the writer). Values `from` cannot open are reported.
 */
export async function resealAll(query: QueryFn, from: Secrets, to: Secrets): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, unreadable: [] };
  for (const c of SEALED_COLUMNS) {
    const lost = { column: columnName(c), count: 0, keyIds: new Set<string>() };
    for (const row of await rowsOf(query, c)) {
      if (to.isCurrent(row.value)) continue;
      const context = c.context(row);
      const plain = c.legacyPlain ? from.openOrPlain(row.value, context) : from.open(row.value, context);
      if (plain === null) {
        lost.count++;
        lost.keyIds.add(sealedBy(row.value) ?? 'damaged');
        continue;
      }
      const sql = `UPDATE ${c.table} SET ${c.column} = $2 WHERE ${c.key} = $1 AND ${c.column} = $3`;
      const done = await query(sql, [row.id, to.seal(plain, context), row.value]);
      report.resealed += done.rowCount ?? 0;
    }
    if (lost.count) report.unreadable.push({ column: lost.column, count: lost.count, keyIds: [...lost.keyIds] });
  }
  return report;
}

/** What an operator reads when stored secrets were sealed under a key this server does not have. */
export function unreadableMessage(report: ResealReport, keys: Pick<LoadedKeys, 'current' | 'source' | 'file'>): string {
  const what = report.unreadable.map((u) => `${u.count} in ${u.column} (key ${u.keyIds.join(', ')})`).join('; ');
  const where = keys.source === 'env' ? 'VIGIL_SECRET_KEY' : keys.file;
  return `Stored secrets cannot be opened with this server's master key ${keys.current.id} (${where}): ${what}. Restore the key they were sealed with, or enter these secrets again.`;
}

/** Thrown when the database was sealed under another master key (a copy opened without its key file). */
export class WrongSecretKeyError extends Error {}

/**
 * The token signing secret: JWT_SECRET when set, otherwise the one generated on the first start and
 * kept in the database sealed under the master key (older databases hold it in plain text until the
 * start-up upgrade seals it).
 */
export async function tokenSecret(
  config: Pick<Config, 'JWT_SECRET'>,
  database: Database,
  secrets: Secrets,
  keys?: Pick<LoadedKeys, 'current' | 'source' | 'file'>,
): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  await database.query(`INSERT INTO system_settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT DO NOTHING`, [
    secrets.seal(randomBytes(48).toString('base64url'), jwtSecretContext),
  ]);
  const { rows } = await database.query<{ value: string }>(
    `SELECT value FROM system_settings WHERE key = 'jwt_secret'`,
  );
  const plain = secrets.openOrPlain(rows[0].value, jwtSecretContext);
  if (plain !== null) return plain;
  const report = {
    resealed: 0,
    unreadable: [{ column: 'system_settings.jwt_secret', count: 1, keyIds: [sealedBy(rows[0].value) ?? 'damaged'] }],
  };
  throw new WrongSecretKeyError(
    keys ? unreadableMessage(report, keys) : 'The token signing secret cannot be opened with this master key.',
  );
}

export interface OpenedSecrets {
  keys: LoadedKeys;
  /** Seals under the master key; also reads `v1` values sealed with the signing secret. */
  secrets: Secrets;
  signingSecret: string;
}

/** Loads the master key, settles the signing secret and makes the box reachable through the database. */
export async function openSecrets(config: Config, database: Database): Promise<OpenedSecrets> {
  const keys = loadMasterKeys(config);
  const base = new Secrets({ current: keys.current, readable: keys.readable });
  const signingSecret = await tokenSecret(config, database, base, keys);
  const secrets = base.withLegacy(signingSecret);
  rememberSigningSecret(database, signingSecret);
  return { keys, secrets, signingSecret };
}

const signingSecrets = new WeakMap<object, string>();
function rememberSigningSecret(database: object, secret: string): void {
  signingSecrets.set(database, secret);
}
/** The signing secret the app settled on for this database. */
export function signingSecretFor(database: object): string {
  const s = signingSecrets.get(database);
  if (s === undefined) throw new Error('The signing secret is not set up yet');
  return s;
}

/**
 * The start-up upgrade, run after the migrations: seals what is still plain text or sealed the old way
 * (with the signing secret, or a key of an interrupted rotation) under the master key. Idempotent.
 * Values no key opens are left as they are and reported.
 */
export async function upgradeSecrets(config: Config, database: Database): Promise<ResealReport & { message?: string }> {
  const { keys, secrets } = await openSecrets(config, database);
  const report = await resealAll(database.query.bind(database), secrets, secrets);
  return report.unreadable.length ? { ...report, message: unreadableMessage(report, keys) } : report;
}
