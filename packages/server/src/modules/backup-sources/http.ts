import { HttpExchange, type HttpExchangeOptions } from '../../platform/http-exchange.ts';
import { VendorError } from './vendors/types.ts';

/** The HTTP client a connector gets: errors as VendorError, named after the vendor ("Datto at … timed out"). */
export class VendorHttp extends HttpExchange<VendorError> {
  constructor(who: string, options: HttpExchangeOptions = {}) {
    super(options, {
      who,
      error: (message, status, retryable, retryAfter) => new VendorError(message, status, retryable, retryAfter),
      refused: (message) => new VendorError(message, 0, false),
      isOwn: (err): err is VendorError => err instanceof VendorError,
    });
  }
}
