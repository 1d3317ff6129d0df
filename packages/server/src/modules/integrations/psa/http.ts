import { HttpExchange } from '../../../platform/http-exchange.ts';
import { PsaError, PsaRefused, type PsaClientOptions } from './types.ts';

/**
 * One HTTP exchange with a PSA (platform/http-exchange.ts: the outbound guard, a timeout,
 * retries with backoff honouring Retry-After), errors as PsaError carrying the vendor's message,
 * and a record of each exchange for the stored responses. Secrets never reach the record.
 */
export class PsaHttp extends HttpExchange<PsaError> {
  constructor(options: PsaClientOptions = {}) {
    super(options, {
      who: 'The PSA',
      error: (message, status, retryable, retryAfter) => new PsaError(message, status, retryable, retryAfter),
      refused: (message) => new PsaRefused(message),
      isOwn: (err): err is PsaError => err instanceof PsaError,
    });
  }
}

export { joinUrl } from '../../../platform/http-exchange.ts';
export { retryAfterSeconds, errorMessageOf } from '../../../platform/http-support.ts';
export type { PsaRequest, PsaResponse } from '../../../platform/http-support.ts';
