import { outboundFetch } from '../../../platform/outbound-fetch.ts';
import { OutboundRefused, STRICT_OUTBOUND } from '../../../platform/outbound.ts';
import { PsaError, PsaRefused, type PsaClientOptions } from './types.ts';

/** Redirects a PSA may answer with (each hop goes through the outbound guard again). */
const MAX_REDIRECTS = 5;

export interface PsaRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute URL. */
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON unless `form` is set. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
}

export interface PsaResponse<T = unknown> {
  status: number;
  headers: Headers;
  data: T;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Seconds from a Retry-After header (delta seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const n = Number(value);
  if (Number.isFinite(n)) return Math.max(0, n);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Pulls a readable message out of a vendor's error body (each PSA words it differently). */
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

/**
 * One HTTP exchange with a PSA, with what every client needs: a timeout, retries of 429, 5xx
 * and network failures with exponential backoff (honouring Retry-After), errors as PsaError
 * carrying the vendor's message, and a record of each exchange for the stored responses.
 * Secrets never reach the record: only method, path, status and the response body.
 */
export class PsaHttp {
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoffScale: number;

  constructor(private readonly options: PsaClientOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 3;
    this.backoffScale = options.backoffScale ?? 1;
  }

  async send<T = unknown>(req: PsaRequest): Promise<PsaResponse<T>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(req);
      } catch (err) {
        const e = err instanceof PsaError ? err : new PsaError(String(err), 0, true);
        if (!e.retryable || attempt >= this.maxRetries) throw e;
        const base = e.retryAfterSeconds !== null ? e.retryAfterSeconds * 1000 : 500 * 2 ** attempt;
        await sleep(Math.min(base, 60_000) * this.backoffScale);
      }
    }
  }

  private async once<T>(req: PsaRequest): Promise<PsaResponse<T>> {
    const started = Date.now();
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    let body: string | undefined;
    if (req.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(req.form).toString();
    } else if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const url = new URL(req.url);
    const path = url.pathname + url.search;
    let res: Response;
    try {
      res = await outboundFetch(
        url,
        { method: req.method, headers, body, signal: AbortSignal.timeout(this.timeoutMs), maxRedirects: MAX_REDIRECTS },
        this.options.outbound ?? STRICT_OUTBOUND,
      );
    } catch (err) {
      this.options.record?.({ method: req.method, path, status: 0, durationMs: Date.now() - started, body: '' });
      // A refused address stays refused: no retry, and the tenant reads why.
      if (err instanceof OutboundRefused) throw new PsaRefused(err.message);
      const reason = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new PsaError(`The PSA at ${url.origin} ${reason}`, 0, true);
    }
    const raw = await res.text();
    this.options.record?.({
      method: req.method,
      path,
      status: res.status,
      durationMs: Date.now() - started,
      body: raw.slice(0, 65_536),
    });
    let data: unknown = raw;
    if (raw && (res.headers.get('content-type') ?? '').includes('json')) {
      try {
        data = JSON.parse(raw);
      } catch {
        data = raw;
      }
    } else if (!raw) data = null;
    if (!res.ok) {
      const retryable = res.status === 429 || res.status >= 500;
      const fallback = `The PSA answered ${res.status} ${res.statusText}`.trim();
      throw new PsaError(
        errorMessageOf(data, fallback),
        res.status,
        retryable,
        retryAfterSeconds(res.headers.get('retry-after')),
      );
    }
    return { status: res.status, headers: res.headers, data: data as T };
  }
}

/** Joins a base URL and a path without doubling or losing slashes. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
}
