import { outboundFetch } from './outbound-fetch.ts';
import { OutboundRefused, STRICT_OUTBOUND, type OutboundPolicy } from './outbound.ts';
import {
  MAX_REDIRECTS,
  type HttpRequest,
  type HttpResponse,
  errorMessageOf,
  retryAfterSeconds,
  sleep,
} from './http-support.ts';

/** One recorded exchange (method, path, status, the response body; never the request's secrets). */
export interface HttpExchangeRecord {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  body: string;
}

export interface HttpExchangeOptions {
  /** Called after every HTTP exchange. */
  record?: (e: HttpExchangeRecord) => void;
  /** Request timeout; default 30 s. */
  timeoutMs?: number;
  /** Retries of 429/5xx/network failures with backoff (Retry-After honoured); default 3. */
  maxRetries?: number;
  /** For tests: scales every backoff wait (0 makes retries immediate). */
  backoffScale?: number;
  /** Which addresses the client may reach; without one, nothing private or local. */
  outbound?: OutboundPolicy;
  /** An overall deadline (answer and retries together): once it fires nothing more is tried. */
  deadline?: AbortSignal;
}

/** The error an exchange throws: its own class per service, with what the retry loop reads. */
export interface ExchangeError extends Error {
  readonly status: number;
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | null;
}

/** How a service names itself in messages and which errors it throws. */
export interface ExchangeErrors<E extends ExchangeError> {
  /** "The PSA", "Datto": the start of "… could not be reached" and "… answered 500". */
  who: string;
  error(message: string, status: number, retryable: boolean, retryAfterSeconds: number | null): E;
  /** The outbound guard refused the address: a setting to change, never retried. */
  refused(message: string): E;
  isOwn(err: unknown): err is E;
}

/**
 * One HTTP exchange with an outside service, with what every client needs: the outbound guard,
 * a timeout, retries of 429, 5xx and network failures with exponential backoff (honouring
 * Retry-After), errors carrying the service's own message, and a record of each exchange.
 */
export class HttpExchange<E extends ExchangeError> {
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoffScale: number;

  constructor(
    private readonly options: HttpExchangeOptions,
    private readonly errors: ExchangeErrors<E>,
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 3;
    this.backoffScale = options.backoffScale ?? 1;
  }

  async send<T = unknown>(req: HttpRequest): Promise<HttpResponse<T>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(req);
      } catch (err) {
        const e = this.errors.isOwn(err) ? err : this.errors.error(String(err), 0, true, null);
        if (!e.retryable || attempt >= this.maxRetries || this.options.deadline?.aborted) throw e;
        const base = e.retryAfterSeconds !== null ? e.retryAfterSeconds * 1000 : 500 * 2 ** attempt;
        await sleep(Math.min(base, 60_000) * this.backoffScale, this.options.deadline);
        if (this.options.deadline?.aborted) throw e;
      }
    }
  }

  private async once<T>(req: HttpRequest): Promise<HttpResponse<T>> {
    const started = Date.now();
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    let body: string | undefined;
    if (req.raw !== undefined) {
      body = req.raw;
    } else if (req.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(req.form).toString();
    } else if (req.body !== undefined) {
      // A JSON dialect the service names (JSON:API's application/vnd.api+json) is kept.
      headers['Content-Type'] = req.headers?.['Content-Type'] ?? 'application/json';
      body = JSON.stringify(req.body);
    }
    const url = new URL(req.url);
    const path = url.pathname + url.search;
    const { who } = this.errors;
    let res: Response;
    const deadline = this.options.deadline;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = deadline ? AbortSignal.any([timeout, deadline]) : timeout;
    let raw: string;
    try {
      res = await outboundFetch(
        url,
        { method: req.method, headers, body, signal, maxRedirects: MAX_REDIRECTS },
        this.options.outbound ?? STRICT_OUTBOUND,
      );
      raw = await res.text();
    } catch (err) {
      this.options.record?.({ method: req.method, path, status: 0, durationMs: Date.now() - started, body: '' });
      // A refused address stays refused: no retry, and the tenant reads why.
      if (err instanceof OutboundRefused) throw this.errors.refused(err.message);
      if (deadline?.aborted) throw this.errors.error(`${who} at ${url.origin} did not answer in time`, 0, false, null);
      const reason = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw this.errors.error(`${who} at ${url.origin} ${reason}`, 0, true, null);
    }
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
      const fallback = `${who} answered ${res.status} ${res.statusText}`.trim();
      throw this.errors.error(
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
