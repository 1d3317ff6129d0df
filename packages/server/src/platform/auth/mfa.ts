import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '@vigil/contract';

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
