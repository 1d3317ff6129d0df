// An outside service's request and response shapes, waiting, Retry-After and vendor error messages.

/** Redirects a service may answer with (each hop goes through the outbound guard again). */
export const MAX_REDIRECTS = 5;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute URL. */
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON unless `form` is set. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent byte for byte, with the Content-Type the headers name (a body that was signed as built). */
  raw?: string;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  data: T;
}

/** Waits `ms`, or less when the deadline fires first. */
export const sleep = (ms: number, deadline?: AbortSignal) =>
  new Promise<void>((r) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      deadline?.removeEventListener('abort', done);
      r();
    }
    deadline?.addEventListener('abort', done, { once: true });
  });

/** Seconds from a Retry-After header (delta seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const n = Number(value);
  if (Number.isFinite(n)) return Math.max(0, n);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Pulls a readable message out of a vendor's error body (each vendor words it differently). */
export function errorMessageOf(data: unknown, fallback: string): string {
  if (typeof data === 'string' && data.trim()) return data.trim().slice(0, 500);
  if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    for (const key of ['message', 'Message', 'error_description', 'error', 'Error', 'errors', 'title', 'detail']) {
      const v = o[key];
      if (typeof v === 'string' && v.trim()) {
        // ServiceNow puts the useful part ("Invalid value for field: …") beside the message.
        const detail =
          key !== 'detail' && typeof o.detail === 'string' && o.detail.trim() ? `: ${o.detail.trim()}` : '';
        return (v.trim() + detail).slice(0, 500);
      }
      if (Array.isArray(v) && v.length) {
        const first = v[0];
        if (typeof first === 'string') return first.slice(0, 500);
        if (first && typeof first === 'object') return errorMessageOf(first, fallback);
      }
      if (v && typeof v === 'object') return errorMessageOf(v, fallback);
    }
  }
  return fallback;
}

/** Kept for the PSA clients, which name them so. */
export type PsaRequest = HttpRequest;
export type PsaResponse<T = unknown> = HttpResponse<T>;
