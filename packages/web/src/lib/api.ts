import { API_CONCURRENCY, type TokenPair } from '@vigil/contract';
import { AuthStore, authFromTokens, isTokenValid, type StoredAuth } from './auth';
import { ApiError, NotAuthorizedError } from './errors';
import { createLimiter, type Limiter } from './limiter';

/** The part of the Web Locks API used to serialise refreshes across tabs. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  store: AuthStore;
  baseUrl?: string;
  fetch?: FetchLike;
  /** `navigator.locks` in the browser; without it a refresh is only serialised inside this tab. */
  locks?: LockManagerLike | null;
  concurrency?: number;
  now?: () => number;
  /** Called once per failed refresh, after the stored auth was cleared. */
  onSessionExpired?: () => void;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Send the bearer token (default true). Public calls pass false. */
  auth?: boolean;
  /** Allow the refresh-and-retry dance (default true; never for the sign-in calls). */
  refresh?: boolean;
  signal?: AbortSignal;
  /**
   * How to read a successful answer: 'auto' (default) parses JSON and returns other types as
   * text; 'text' always returns text; 'blob' returns the bytes (downloads). Failed answers are
   * always read as JSON or text, so their messages resolve as usual.
   */
  responseType?: 'auto' | 'text' | 'blob';
}

/** A FormData body (file uploads) goes as multipart/form-data with the browser's boundary. */
function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

export const REFRESH_LOCK = 'vigil-refresh';
const LOGIN_PATH = '/api/UserAuth/Login';

/** Calls that must never trigger a refresh: the sign-in and refresh calls themselves. */
export function isSignInCall(path: string): boolean {
  const p = path.split('?')[0].replace(/\/+$/, '').toLowerCase();
  return p.endsWith('/api/userauth/login');
}

interface Received {
  status: number;
  statusText: string;
  ok: boolean;
  data: unknown;
}

async function readBody(res: Response, responseType: RequestOptions['responseType'] = 'auto'): Promise<unknown> {
  if (res.ok && responseType === 'blob') return res.blob();
  if (res.status === 204) return undefined;
  if (res.ok && responseType === 'text') return res.text();
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

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
  private readonly locks: LockManagerLike | null;
  private readonly limiter: Limiter;
  private readonly now: () => number;
  private readonly onSessionExpired?: () => void;
  private inflight: Promise<StoredAuth> | null = null;

  constructor(options: ApiClientOptions) {
    this.store = options.store;
    this.baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.locks = options.locks ?? null;
    this.limiter = createLimiter(options.concurrency ?? API_CONCURRENCY);
    this.now = options.now ?? Date.now;
    this.onSessionExpired = options.onSessionExpired;
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

  /**
   * Rotates the tokens. `staleAccessToken` is the token the caller found wanting: when storage
   * (re-read inside the cross-tab lock) already holds a different, valid token, another tab has
   * refreshed and that token is used without spending the refresh token again.
   */
  refresh(staleAccessToken?: string): Promise<StoredAuth> {
    if (!this.inflight) {
      const run = () => this.rotate(staleAccessToken);
      const locked = this.locks ? this.locks.request(REFRESH_LOCK, run) : run();
      this.inflight = locked
        .catch((err: unknown) => {
          if (isSessionEnding(err)) {
            this.store.clear();
            this.onSessionExpired?.();
          }
          throw err;
        })
        .finally(() => {
          this.inflight = null;
        });
    }
    return this.inflight;
  }

  private async rotate(staleAccessToken?: string): Promise<StoredAuth> {
    const current = this.store.reload();
    if (!current?.refreshToken) throw new NotAuthorizedError();
    if (
      staleAccessToken !== undefined &&
      current.accessToken !== staleAccessToken &&
      isTokenValid(current, this.now())
    ) {
      return current;
    }
    const res = await this.raw('PUT', LOGIN_PATH, {
      body: { accessToken: current.accessToken, refreshToken: current.refreshToken },
    });
    if (!res.ok) throw new ApiError(res.status, res.statusText, res.data);
    const next = authFromTokens(res.data as TokenPair);
    this.store.set(next);
    return next;
  }

  private send(method: string, path: string, options: RequestOptions, token?: string): Promise<Received> {
    return this.limiter.run(() => this.raw(method, path, options, token));
  }

  private async raw(method: string, path: string, options: RequestOptions, token?: string): Promise<Received> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const form = isFormData(options.body);
    if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await this.fetchImpl(this.url(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
    const data = await readBody(res, options.responseType);
    return { status: res.status, statusText: res.statusText, ok: res.ok, data };
  }

  url(path: string, query?: Record<string, QueryValue>): string {
    const base = `${this.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    if (!query) return base;
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
    const qs = params.toString();
    return qs ? `${base}?${qs}` : base;
  }
}

/**
 * A refresh failure ends the session when the server refused the refresh token (4xx) or there
 * was none to send. A network error or a server fault (5xx) leaves the session in place, so a
 * flaky connection does not sign the user out.
 */
function isSessionEnding(err: unknown): boolean {
  if (err instanceof NotAuthorizedError) return true;
  return err instanceof ApiError && err.status >= 400 && err.status < 500;
}
