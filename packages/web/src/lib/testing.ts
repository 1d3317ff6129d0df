/** Helpers shared by unit tests (no DOM needed). */
import type { TokenPair } from '@vigil/contract';

const b64url = (s: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(s)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An unsigned JWT-shaped token carrying the given claims. */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.sig`;
}

export function tokenPair(n: number, expSeconds: number, extra: Record<string, unknown> = {}): TokenPair {
  return {
    accessToken: fakeJwt({
      userId: 7,
      userName: 'alex@demo.local',
      userFirstName: 'Alex',
      userLastName: 'Morgan',
      userUnifiedId: 'u-7',
      tenantId: 1,
      tenantUnifiedId: 't-1',
      privileges: 1024,
      subscription: 'trial',
      isCompanyRestricted: false,
      impersonation: false,
      exp: expSeconds,
      nbf: expSeconds - 900,
      n,
      ...extra,
    }),
    refreshToken: `refresh-token-${n}`,
  };
}
