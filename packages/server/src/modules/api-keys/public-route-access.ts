// Access, error answers and descriptions shared by the public REST API v1 routes.
import { API_KEY_HEADER, ErrorBody, PUBLIC_API_MAX_PAGE_SIZE, PUBLIC_API_RATE_LIMIT } from '@vigil/contract';

/**
 * The public REST API, version 1: read-only views of the key's tenant for PSA, RMM and BI tools.
 * Every route takes the tenant API key in the `ApiKey` header (no bearer token), is limited per
 * key, and counts into the key's usage.
 */
export const byKey = { access: { apiKey: true } };
export const errors = { 400: ErrorBody, 401: ErrorBody, 429: ErrorBody };
export const common = {
  tags: ['Public API v1'],
  security: [{ apiKey: [] }],
};
export const paging = `Paged with Page (from 1) and Size (default 50, at most ${PUBLIC_API_MAX_PAGE_SIZE}; a larger Size is answered 400). At most ${PUBLIC_API_RATE_LIMIT} requests a minute per key (429 with Retry-After). Authenticate with the ${API_KEY_HEADER} header.`;
