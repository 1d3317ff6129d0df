// The API client of the web app: requests with the stored token, one refresh for all tabs, a request queue.
import { API_CONCURRENCY } from '@vigil/contract';
import { isTokenValid, type AuthStore, type StoredAuth } from './auth';
import { ApiError } from './errors';
import { createLimiter, type Limiter } from './limiter';
import { buildUrl, isSignInCall, sendRequest, type Received } from './apiHttp';
import type { ApiClientOptions, FetchLike, QueryValue, RequestOptions } from './apiTypes';
import { createRefresher } from './tokenRefresh';

export type { ApiClientOptions, FetchLike, LockManagerLike, QueryValue, RequestOptions } from './apiTypes';
export { isSignInCall } from './apiHttp';
export { REFRESH_LOCK } from './tokenRefresh';

/**
 * The one way the web app talks to the API (platform §7, §8):
 * - bearer token from the stored auth;
 * - a token within 10 s of expiry is refreshed before the request (if that fails the request
 *   goes without a token);
 * - a 401 triggers one refresh and one retry; simultaneous refreshes share one promise;
 * - refreshes are serialised across tabs with a Web Lock, and storage is re-read inside the
 *   lock: when another tab already rotated the tokens, those are used as they are;
 * - a failed refresh clears the stored auth and reports the expired session;
 * - at most `concurrency` requests are on the wire at once (refreshes skip the queue, so a full
 *   queue of 401s can never wait on itself).
 */
export class ApiClient {
  readonly store: AuthStore;
  private readonly baseUrl: string;
  private readonly fetchImpl: FetchLike;
  private readonly limiter: Limiter;
  private readonly now: () => number;
  private readonly refresher: (staleAccessToken?: string) => Promise<StoredAuth>;

  constructor(options: ApiClientOptions) {
    this.store = options.store;
    this.baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.limiter = createLimiter(options.concurrency ?? API_CONCURRENCY);
    this.now = options.now ?? Date.now;
    this.refresher = createRefresher({
      store: this.store,
      locks: options.locks ?? null,
      now: this.now,
      onSessionExpired: options.onSessionExpired,
      put: (path, body) => this.raw('PUT', path, { body }),
    });
  }

  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T> {
    return this.request<T>('GET', path, options);
  }
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T> {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T> {
    return this.request<T>('PUT', path, { ...options, body });
  }
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T> {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  delete<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T> {
    return this.request<T>('DELETE', path, { ...options, body });
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const useAuth = options.auth !== false;
    const mayRefresh = useAuth && options.refresh !== false && !isSignInCall(path);
    let auth = useAuth ? this.store.get() : null;

    if (mayRefresh && auth && !isTokenValid(auth, this.now())) {
      auth = await this.refresh(auth.accessToken).catch(() => null);
    }

    let res = await this.send(method, path, options, auth?.accessToken);
    if (res.status === 401 && mayRefresh && auth) {
      const fresh = await this.refresh(auth.accessToken).catch(() => null);
      if (fresh) res = await this.send(method, path, options, fresh.accessToken);
    }
    if (!res.ok) throw new ApiError(res.status, res.statusText, res.data);
    return res.data as T;
  }

  /** Makes sure a usable access token is stored (refreshing when it is about to expire). */
  async ensureFreshToken(): Promise<StoredAuth | null> {
    const auth = this.store.reload();
    if (!auth) return null;
    if (isTokenValid(auth, this.now())) return auth;
    return this.refresh(auth.accessToken).catch(() => null);
  }

  /** Rotates the tokens once for all callers and tabs (see `createRefresher`). */
  refresh(staleAccessToken?: string): Promise<StoredAuth> {
    return this.refresher(staleAccessToken);
  }

  private send(method: string, path: string, options: RequestOptions, token?: string): Promise<Received> {
    return this.limiter.run(() => this.raw(method, path, options, token));
  }

  private raw(method: string, path: string, options: RequestOptions, token?: string): Promise<Received> {
    return sendRequest(this.fetchImpl, this.url(path, options.query), method, options, token);
  }

  url(path: string, query?: Record<string, QueryValue>): string {
    return buildUrl(this.baseUrl, path, query);
  }
}
