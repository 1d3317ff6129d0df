import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '@vigil/contract';
import { mfaSecretContext } from '../secrets-at-rest.ts';
import type { Secrets } from '../secrets.ts';

const PERIOD = 30;

export function newMfaSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

export function otpAuthUrl(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/**
 * Accepts a code from the previous, current or next 30-second step and returns the step it
 * matched, or null. Callers refuse a step at or below the last one used (no replay).
 */
export function verifyTotp(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret, 'x').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/** For tests and the e2e journey: the code an authenticator would show now. */
export function currentTotp(secret: string, now = Date.now()): string {
  return totp(secret, 'x').generate({ timestamp: now });
}

/**
 * TOTP secrets are kept sealed under the master key (`users.mfa_secret`, `users.mfa_pending_secret`),
 * bound to their user. Older databases hold them in plain text until the start-up upgrade seals them.
 */
export function sealMfaSecret(secrets: Secrets, userId: number, secret: string): string {
  return secrets.seal(secret, mfaSecretContext(userId));
}

/** The secret in base32, or null when this server's master key does not open it. */
export function openMfaSecret(secrets: Secrets, userId: number, stored: string | null): string | null {
  return stored ? secrets.openOrPlain(stored, mfaSecretContext(userId)) : null;
}

/** `verifyTotp` against a stored (sealed) secret; an unreadable secret accepts no code. */
export function verifyStoredTotp(secrets: Secrets, userId: number, stored: string | null, code: string): number | null {
  const secret = openMfaSecret(secrets, userId, stored);
  return secret === null ? null : verifyTotp(secret, code);
}

/**
 * Who a pending secret was made for (`users.mfa_pending_for`): one sign-in's set-up step (the jti of
 * its set-up token) or the signed-in profile screen. Another step never sees it.
 */
export const setupStepOwner = (jti: string) => `setup:${jti}`;
export const PROFILE_OWNER = 'profile';
