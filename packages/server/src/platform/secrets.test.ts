import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSealed, masterKey, Secrets, sealedBy } from './secrets.ts';
import { KEY_FILE, loadMasterKeys, parseMasterKey } from './secret-key.ts';

const keyA = masterKey(Buffer.alloc(32, 1));
const keyB = masterKey(Buffer.alloc(32, 2));
const SIGNING = 'an-old-signing-secret-that-is-long-enough';

/** A value sealed the way servers did before the master key: a key derived from the signing secret. */
function sealV1(signingSecret: string, plain: string, context: string): string {
  const key = Buffer.from(hkdfSync('sha256', signingSecret, 'vigil-secrets', 'aes-256-gcm v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

describe('the sealed envelope', () => {
  const box = new Secrets({ current: keyA });

  it('records the format version and the id of the master key that sealed it', () => {
    const sealed = box.seal('imap-password', 'imap:7');
    expect(sealed).toMatch(/^v2\.[0-9a-f]{12}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed.split('.')[1]).toBe(keyA.id);
    expect(sealedBy(sealed)).toBe(keyA.id);
    expect(sealed).not.toContain('imap-password');
    expect(box.seal('imap-password', 'imap:7')).not.toBe(sealed);
  });

  it.each([
    ['', 'mfa:1'],
    ['JBSWY3DPEHPK3PXP', 'mfa:1'],
    ['pässwörd ✓ with unicode', 'email-settings:3:9'],
    ['x'.repeat(5000), 'crm:2'],
  ])('opens what it sealed: %#', (plain, context) => {
    expect(box.open(box.seal(plain, context), context)).toBe(plain);
  });

  it.each<[string, (sealed: string) => string | null]>([
    ['another context (another owner)', (s) => box.open(s, 'imap:8')],
    ['another purpose', (s) => box.open(s, 'mfa:7')],
    ['another master key', (s) => new Secrets({ current: keyB }).open(s, 'imap:7')],
    ['a changed byte of data', (s) => box.open(`${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`, 'imap:7')],
    ['a forged key id', (s) => box.open(s.replace(keyA.id, keyB.id), 'imap:7')],
    ['a truncated value', (s) => box.open(s.split('.').slice(0, 4).join('.'), 'imap:7')],
    ['an unknown version', (s) => box.open(s.replace(/^v2/, 'v3'), 'imap:7')],
    ['plain text', () => box.open('imap-password', 'imap:7')],
  ])('gives null, never throws, for %s', (_name, open) => {
    expect(open(box.seal('imap-password', 'imap:7'))).toBeNull();
  });

  it('reads values sealed under an older key it still holds, and knows they are not current', () => {
    const old = new Secrets({ current: keyA }).seal('webhook-secret', 'webhook:1');
    const rotated = new Secrets({ current: keyB, readable: [keyA] });
    expect(rotated.open(old, 'webhook:1')).toBe('webhook-secret');
    expect(rotated.isCurrent(old)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('webhook-secret', 'webhook:1'))).toBe(true);
    expect(new Secrets({ current: keyB }).open(old, 'webhook:1')).toBeNull();
  });

  it('reads the legacy format sealed with the signing secret only when it knows that secret', () => {
    const legacy = sealV1(SIGNING, 'smtp-password', 'email-settings:1:2');
    expect(isSealed(legacy)).toBe(true);
    expect(sealedBy(legacy)).toBe('v1');
    expect(box.open(legacy, 'email-settings:1:2')).toBeNull();
    const upgraded = box.withLegacy(SIGNING);
    expect(upgraded.open(legacy, 'email-settings:1:2')).toBe('smtp-password');
    expect(upgraded.open(legacy, 'email-settings:1:3')).toBeNull();
    expect(box.withLegacy('another-signing-secret-long-enough-xx').open(legacy, 'email-settings:1:2')).toBeNull();
    expect(upgraded.isCurrent(legacy)).toBe(false);
  });

  it('takes plain text from columns that held it before (TOTP secrets, IMAP passwords)', () => {
    expect(isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
    expect(box.openOrPlain('JBSWY3DPEHPK3PXP', 'mfa:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.openOrPlain(box.seal('JBSWY3DPEHPK3PXP', 'mfa:1'), 'mfa:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.openOrPlain(box.seal('JBSWY3DPEHPK3PXP', 'mfa:1'), 'mfa:2')).toBeNull();
  });
});

describe('the master key', () => {
  it.each([
    ['hex', '00'.repeat(32), Buffer.alloc(32)],
    ['base64', Buffer.alloc(32, 7).toString('base64'), Buffer.alloc(32, 7)],
    ['base64url', Buffer.alloc(32, 255).toString('base64url'), Buffer.alloc(32, 255)],
  ])('reads 32 bytes in %s', (_name, text, bytes) => {
    expect(parseMasterKey(text).equals(bytes)).toBe(true);
  });

  it('derives a key from a long passphrase and refuses a short one', () => {
    const a = parseMasterKey('correct horse battery staple, and then some more words');
    expect(a).toHaveLength(32);
    expect(parseMasterKey('correct horse battery staple, and then some more words').equals(a)).toBe(true);
    expect(() => parseMasterKey('too short')).toThrow(/VIGIL_SECRET_KEY/);
  });

  it('prefers VIGIL_SECRET_KEY; without it makes a key file only its owner reads, and keeps it', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-key-'));
    const fromEnv = loadMasterKeys({ dataDir, VIGIL_SECRET_KEY: 'ab'.repeat(32) });
    expect(fromEnv.source).toBe('env');
    expect(fromEnv.current.key.equals(Buffer.alloc(32, 0xab))).toBe(true);

    const first = loadMasterKeys({ dataDir, VIGIL_SECRET_KEY: undefined });
    expect(first.source).toBe('file');
    const file = path.join(dataDir, KEY_FILE);
    expect(first.file).toBe(file);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    const again = loadMasterKeys({ dataDir, VIGIL_SECRET_KEY: undefined });
    expect(again.current.id).toBe(first.current.id);
    expect(again.current.id).not.toBe(fromEnv.current.id);
  });
});
