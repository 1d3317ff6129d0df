import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { masterKey, type MasterKey } from './secrets.ts';

/**
 * The master key that seals secrets at rest. It never goes into the database: it comes from
 * `VIGIL_SECRET_KEY`, or from `<DATA_DIR>/secret.key`, made (mode 0600) on the first start. A copy of
 * the database without the key reads no secret, so the key is backed up apart from the database.
 */
export const KEY_FILE = 'secret.key';
/** The key a rotation replaces, kept until the database is sealed under the new one. */
export const OLD_KEY_FILE = 'secret.key.old';
/** The key a rotation moves to, written before the database changes. */
export const NEW_KEY_FILE = 'secret.key.new';

const KEY_PROBLEM = 'VIGIL_SECRET_KEY must be 32 bytes in base64 or hex, or a passphrase of at least 32 characters';

/** 32 bytes from base64 (or base64url) or hex; any other text of 32 characters or more is a passphrase. */
export function parseMasterKey(text: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-f]{64}$/i.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const bytes = Buffer.from(t, 'base64');
    if (bytes.length === 32) return bytes;
  }
  if (t.length < 32) throw new Error(KEY_PROBLEM);
  return Buffer.from(hkdfSync('sha256', t, 'vigil-master-key', 'passphrase', 32));
}

export function newMasterKeyText(): string {
  return randomBytes(32).toString('base64');
}

export interface LoadedKeys {
  current: MasterKey;
  /** Keys of an interrupted rotation, still read so nothing sealed under them is lost. */
  readable: MasterKey[];
  source: 'env' | 'file';
  /** The key file (also named when the key comes from the environment, for messages). */
  file: string;
}

type KeyConfig = Pick<Config, 'VIGIL_SECRET_KEY' | 'dataDir'>;

export const keyFile = (config: KeyConfig, name = KEY_FILE) => path.join(config.dataDir, name);

function readKey(file: string): MasterKey {
  return masterKey(parseMasterKey(readFileSync(file, 'utf8')));
}

/** Writes a key file readable by its owner only; a temporary name and a rename keep it whole. */
export function writeKeyFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${text}\n`, { mode: 0o600, flag: 'w' });
  renameSync(tmp, file);
}

/** The master key of this server, creating the key file on the first start. */
export function loadMasterKeys(config: KeyConfig): LoadedKeys {
  const file = keyFile(config);
  if (config.VIGIL_SECRET_KEY)
    return { current: masterKey(parseMasterKey(config.VIGIL_SECRET_KEY)), readable: [], source: 'env', file };
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      // `wx`: two processes starting at once keep the first one's key.
      writeFileSync(file, `${newMasterKeyText()}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  if ((statSync(file).mode & 0o077) !== 0)
    console.warn(`  ${file} can be read by other users of this machine: chmod 600 it.`);
  const readable = [OLD_KEY_FILE, NEW_KEY_FILE]
    .map((name) => keyFile(config, name))
    .filter((f) => existsSync(f))
    .map(readKey);
  return { current: readKey(file), readable, source: 'file', file };
}
