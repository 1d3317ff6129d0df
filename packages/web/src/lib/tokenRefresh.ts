// Token rotation of the API client: one refresh at a time for all tabs, and when a failure ends the session.
import type { TokenPair } from '@vigil/contract';
import { authFromTokens, isTokenValid, type AuthStore, type StoredAuth } from './auth';
import { ApiError, NotAuthorizedError } from './errors';
import type { Received } from './apiHttp';
import type { LockManagerLike } from './apiTypes';

export const REFRESH_LOCK = 'vigil-refresh';
const LOGIN_PATH = '/api/UserAuth/Login';

/**
 * A refresh failure ends the session when the server refused the refresh token (4xx) or there
 * was none to send. A network error or a server fault (5xx) leaves the session in place, so a
 * flaky connection does not sign the user out.
 */
function isSessionEnding(err: unknown): boolean {
  if (err instanceof NotAuthorizedError) return true;
  return err instanceof ApiError && err.status >= 400 && err.status < 500;
}

export interface RefresherDeps {
  store: AuthStore;
  locks: LockManagerLike | null;
  now: () => number;
  onSessionExpired?: () => void;
  /** Sends a call straight to the server, outside the request queue. */
  put: (path: string, body: unknown) => Promise<Received>;
}

/**
 * Rotates the tokens. `staleAccessToken` is the token the caller found wanting: when storage
 * (re-read inside the cross-tab lock) already holds a different, valid token, another tab has
 * refreshed and that token is used without spending the refresh token again.
 */
export function createRefresher(deps: RefresherDeps): (staleAccessToken?: string) => Promise<StoredAuth> {
  let inflight: Promise<StoredAuth> | null = null;

  const rotate = async (staleAccessToken?: string): Promise<StoredAuth> => {
    const current = deps.store.reload();
    if (!current?.refreshToken) throw new NotAuthorizedError();
    if (
      staleAccessToken !== undefined &&
      current.accessToken !== staleAccessToken &&
      isTokenValid(current, deps.now())
    ) {
      return current;
    }
    const res = await deps.put(LOGIN_PATH, { accessToken: current.accessToken, refreshToken: current.refreshToken });
    if (!res.ok) throw new ApiError(res.status, res.statusText, res.data);
    const next = authFromTokens(res.data as TokenPair);
    deps.store.set(next);
    return next;
  };

  return (staleAccessToken) => {
    if (!inflight) {
      const run = () => rotate(staleAccessToken);
      const locked = deps.locks ? deps.locks.request(REFRESH_LOCK, run) : run();
      inflight = locked
        .catch((err: unknown) => {
          if (isSessionEnding(err)) {
            deps.store.clear();
            deps.onSessionExpired?.();
          }
          throw err;
        })
        .finally(() => {
          inflight = null;
        });
    }
    return inflight;
  };
}
