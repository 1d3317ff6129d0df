// The options of the API client and of each request.
import type { AuthStore } from './auth';

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
