import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (TOTP secrets, IMAP, SMTP and PSA credentials, webhook secrets, the token
 * signing secret): AES-256-GCM under a data key derived by HKDF from the master key, which lives
 * outside the database (platform/secret-key.ts). The purpose and owner are bound in as associated
 * data, so a value copied to another row or tenant does not decrypt.
 *
 * Stored as `v2.<keyId>.<iv>.<tag>.<data>` (base64url): the key id names the master key that sealed
 * the value, so a key rotation can move row by row and a value sealed under an unknown key is
 * reported as such instead of as damaged. `v1.<iv>.<tag>.<data>` values (sealed with a key derived
 * from the token signing secret, before the master key existed) are still read, and the start-up
 * upgrade seals them again under the master key.
 */

/** A master key and its public id (a fingerprint that reveals nothing about the key). */
export interface MasterKey {
  id: string;
  key: Buffer;
}

export function masterKey(key: Buffer): MasterKey {
  if (key.length !== 32) throw new Error('A master key has 32 bytes');
  return { id: createHmac('sha256', key).update('vigil key id').digest('hex').slice(0, 12), key };
}

export interface Keyring {
  /** Seals every new value. */
  current: MasterKey;
  /** Older keys still read (a rotation under way or interrupted). */
  readable?: MasterKey[];
  /** The token signing secret of a deployment that sealed `v1` values with it. */
  legacySigningSecret?: string | null;
}

const ENVELOPE = /^v(?:1(?:\.[A-Za-z0-9_-]*){3}|2\.[0-9a-f]{12}(?:\.[A-Za-z0-9_-]*){3})$/;

/** True when a stored value is a sealed envelope (anything else in a sealed column is legacy plain text). */
export function isSealed(value: string): boolean {
  return ENVELOPE.test(value);
}

/** The id of the master key that sealed a value: `v1` for the legacy format, null when not sealed. */
export function sealedBy(value: string): string | null {
  if (!isSealed(value)) return null;
  return value.startsWith('v1.') ? 'v1' : value.split('.')[1];
}

const dataKey = (master: Buffer) => Buffer.from(hkdfSync('sha256', master, 'vigil-secrets', 'aes-256-gcm v2', 32));
const legacyKey = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'vigil-secrets', 'aes-256-gcm v1', 32));

function decrypt(key: Buffer, iv: string, tag: string, data: string, context: string): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export class Secrets {
  private readonly sealKey: Buffer;
  private readonly openKeys = new Map<string, Buffer>();
  private readonly legacy: Buffer | null;
  readonly keyId: string;

  constructor(readonly keyring: Keyring) {
    this.keyId = keyring.current.id;
    this.sealKey = dataKey(keyring.current.key);
    for (const k of [keyring.current, ...(keyring.readable ?? [])]) this.openKeys.set(k.id, dataKey(k.key));
    this.legacy = keyring.legacySigningSecret ? legacyKey(keyring.legacySigningSecret) : null;
  }

  /** A box that reads what this one reads, and knows the token signing secret of `v1` values. */
  withLegacy(signingSecret: string | null): Secrets {
    return new Secrets({ ...this.keyring, legacySigningSecret: signingSecret });
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v2', this.keyId, ...[iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url'))].join('.');
  }

  /** The plain text, or null when the value was sealed with another key or context, or is damaged. */
  open(sealed: string, context: string): string | null {
    if (!isSealed(sealed)) return null;
    const parts = sealed.split('.');
    if (parts[0] === 'v1') return this.legacy ? decrypt(this.legacy, parts[1], parts[2], parts[3], context) : null;
    const key = this.openKeys.get(parts[1]);
    return key ? decrypt(key, parts[2], parts[3], parts[4], context) : null;
  }

  /**
   * A value of a column that held plain text before it was sealed (TOTP secrets, IMAP passwords,
   * the signing secret): plain text is taken as it is until the start-up upgrade seals it.
   */
  openOrPlain(stored: string, context: string): string | null {
    return isSealed(stored) ? this.open(stored, context) : stored;
  }

  /** True when the value is sealed under the current master key (nothing to upgrade). */
  isCurrent(stored: string): boolean {
    return sealedBy(stored) === this.keyId;
  }
}
