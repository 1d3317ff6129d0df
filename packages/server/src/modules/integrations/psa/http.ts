import { outboundFetch } from '../../../platform/outbound-fetch.ts';
import { OutboundRefused, STRICT_OUTBOUND } from '../../../platform/outbound.ts';
import { PsaError, PsaRefused, type PsaClientOptions } from './types.ts';
import {
  MAX_REDIRECTS,
  type PsaRequest,
  type PsaResponse,
  errorMessageOf,
  retryAfterSeconds,
  sleep,
} from './http-support.ts';

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
        if (!e.retryable || attempt >= this.maxRetries || this.options.deadline?.aborted) throw e;
        const base = e.retryAfterSeconds !== null ? e.retryAfterSeconds * 1000 : 500 * 2 ** attempt;
        await sleep(Math.min(base, 60_000) * this.backoffScale, this.options.deadline);
        if (this.options.deadline?.aborted) throw e;
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
    const deadline = this.options.deadline;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = deadline ? AbortSignal.any([timeout, deadline]) : timeout;
    try {
      res = await outboundFetch(
        url,
        { method: req.method, headers, body, signal, maxRedirects: MAX_REDIRECTS },
        this.options.outbound ?? STRICT_OUTBOUND,
      );
    } catch (err) {
      this.options.record?.({ method: req.method, path, status: 0, durationMs: Date.now() - started, body: '' });
      // A refused address stays refused: no retry, and the tenant reads why.
      if (err instanceof OutboundRefused) throw new PsaRefused(err.message);
      if (deadline?.aborted) throw new PsaError(`The PSA at ${url.origin} did not answer in time`, 0, false);
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

export { retryAfterSeconds, errorMessageOf } from './http-support.ts';
export type { PsaRequest, PsaResponse } from './http-support.ts';
