// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AuthStore, authFromTokens, decodeJwt, isAuthenticated, isImpersonating, isTokenValid } from './auth';
import { memoryStorage } from './storage';
import { fakeJwt, tokenPair } from './testing';

describe('stored auth', () => {
  it('decodes the access token claims into the stored fields', () => {
    const auth = authFromTokens(tokenPair(1, 2000, { userFirstName: 'Zoë' }));
    expect(auth).toMatchObject({
      userId: 7,
      tenantId: 1,
      privileges: 1024,
      userFirstName: 'Zoë',
      exp: 2000,
      refreshToken: 'refresh-token-1',
      impersonation: false,
    });
    expect(decodeJwt('not-a-token')).toBeNull();
  });

  it('treats a token as valid only until 10 seconds before expiry', () => {
    const auth = { accessToken: 'x', exp: 1000 };
    expect(isTokenValid(auth, 989_000)).toBe(true);
    expect(isTokenValid(auth, 990_000)).toBe(false);
    expect(isTokenValid(null)).toBe(false);
  });

  it('counts authentication as present with a tenant, or for a platform admin without one', () => {
    expect(isAuthenticated(authFromTokens(tokenPair(1, 2000)))).toBe(true);
    expect(isAuthenticated(authFromTokens(tokenPair(1, 2000, { tenantId: null, privileges: 1024 })))).toBe(false);
    expect(isAuthenticated(authFromTokens(tokenPair(1, 2000, { tenantId: null, privileges: 1 })))).toBe(true);
    expect(isAuthenticated(null)).toBe(false);
  });

  it('recognises an impersonation token only with the admin fields', () => {
    const imp = authFromTokens(
      tokenPair(1, 2000, {
        impersonation: true,
        iUserId: 9,
        iUserName: 'root@vigil.local',
        iPrivileges: 1,
        iTenantId: null,
      }),
    );
    expect(isImpersonating(imp)).toBe(true);
    expect(isImpersonating(authFromTokens(tokenPair(1, 2000, { impersonation: true })))).toBe(false);
  });

  it('keeps a stable snapshot and notices changes made by another tab on reload', () => {
    const storage = memoryStorage();
    const store = new AuthStore(storage, 'k');
    const seen: unknown[] = [];
    store.subscribe(() => seen.push(store.get()?.refreshToken ?? null));
    store.setTokens(tokenPair(1, 2000));
    expect(store.get()).toBe(store.get());
    storage.setItem('k', JSON.stringify(authFromTokens(tokenPair(2, 3000))));
    expect(store.get()?.refreshToken).toBe('refresh-token-1');
    expect(store.reload()?.refreshToken).toBe('refresh-token-2');
    store.clear();
    expect(storage.getItem('k')).toBeNull();
    expect(seen).toEqual(['refresh-token-1', 'refresh-token-2', null]);
    expect(fakeJwt({ a: 1 }).split('.')).toHaveLength(3);
  });
});
