import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AccessClaims } from '@vigil/contract';

export type ClaimsInput = Omit<AccessClaims, 'exp' | 'nbf'>;

/** Every token here is HS256; a header naming any other algorithm is refused before its signature is read. */
const HS256 = ['HS256'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

  /**
   * Returns the claims, or null when the token is malformed, forged, expired, of another algorithm
   * or lacks the session claims (a token from before they existed).
   */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: 'vigil',
        audience: 'vigil-api',
        algorithms: HS256,
      });
      const claims = payload as unknown as AccessClaims;
      if (!Number.isInteger(claims.userId) || !Number.isInteger(claims.tokenVersion)) return null;
      if (typeof claims.sessionId !== 'string' || !UUID.test(claims.sessionId)) return null;
      return claims;
    } catch {
      // Any failure to verify is an invalid token (401), never a server error.
      return null;
    }
  }

  /**
   * A short-lived token proving the password step of an MFA sign-in; `duo` marks one that only
   * the Duo step accepts.
   */
  async signChallenge(userId: number, purpose: 'mfa' | 'duo' = 'mfa'): Promise<string> {
    return (
      new SignJWT({ purpose })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        // Distinct per sign-in, even two in the same second (Duo's state is derived from it).
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt()
        .setExpirationTime('5m')
        .setIssuer('vigil')
        .setAudience('vigil-mfa')
        .sign(this.key)
    );
  }

  async verifyChallenge(token: string, purpose: 'mfa' | 'duo' = 'mfa'): Promise<number | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: 'vigil',
        audience: 'vigil-mfa',
        algorithms: HS256,
      });
      return payload.purpose === purpose ? Number(payload.sub) : null;
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
      const { payload } = await jwtVerify(token, this.key, {
        issuer: 'vigil',
        audience: 'vigil-mfa-setup',
        algorithms: HS256,
      });
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
