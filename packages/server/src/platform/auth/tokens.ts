import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { AccessClaims } from '@vigil/contract';

export type ClaimsInput = Omit<AccessClaims, 'exp' | 'nbf'>;

/** Signs and checks short-lived access tokens (HS256) and makes opaque refresh tokens. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(claims: ClaimsInput): Promise<string> {
    // One clock reading for all three times: relative times read the clock each, and a second
    // could tick between them (a token living TTL + 1 s).
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(now + this.accessTtlSeconds)
      .setIssuer('vigil')
      .setAudience('vigil-api')
      .sign(this.key);
  }

  /** Returns the claims, or null when the token is malformed, forged or expired. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'vigil', audience: 'vigil-api' });
      return payload as unknown as AccessClaims;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }

  /** A short-lived token proving the password step of an MFA sign-in. */
  async signChallenge(userId: number): Promise<string> {
    return new SignJWT({ purpose: 'mfa' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime('5m')
      .setIssuer('vigil')
      .setAudience('vigil-mfa')
      .sign(this.key);
  }

  async verifyChallenge(token: string): Promise<number | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'vigil', audience: 'vigil-mfa' });
      return payload.purpose === 'mfa' ? Number(payload.sub) : null;
    } catch {
      return null;
    }
  }

  /**
   * The set-up step of an administrator-required two-factor sign-in: proves the password was
   * right, for `ttlSeconds`. A random nonce makes every token distinct; nothing is stored.
   */
  async signMfaSetup(userId: number, ttlSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ purpose: 'mfa-setup' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setJti(randomBytes(16).toString('base64url'))
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .setIssuer('vigil')
      .setAudience('vigil-mfa-setup')
      .sign(this.key);
  }

  /** The user id of a live set-up token, or null when it is malformed, forged or expired. */
  async verifyMfaSetup(token: string): Promise<number | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'vigil', audience: 'vigil-mfa-setup' });
      return payload.purpose === 'mfa-setup' && payload.jti ? Number(payload.sub) : null;
    } catch {
      return null;
    }
  }
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const newFamilyId = (): string => randomUUID();
