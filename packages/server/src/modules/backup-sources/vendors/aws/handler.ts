import type { VendorContext } from '../types.ts';

/**
 * The request handler the AWS SDK clients are given: each signed request is sent by the sync's
 * HTTP client (outbound guard, timeout, 429/5xx retries with Retry-After) exactly as signed.
 */

interface SdkRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query?: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}

function urlOf(req: SdkRequest): string {
  const url = new URL(`${req.protocol}//${req.hostname}${req.port ? `:${req.port}` : ''}${req.path}`);
  for (const [k, v] of Object.entries(req.query ?? {})) {
    for (const one of Array.isArray(v) ? v : [v]) if (one !== null) url.searchParams.append(k, one);
  }
  return url.toString();
}

export function awsRequestHandler(ctx: VendorContext) {
  return {
    async handle(req: SdkRequest) {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (k !== 'host' && k !== 'content-length') headers[k] = v;
      // REST-JSON reads send no body; the Query protocol (STS) posts a signed form, kept byte for byte.
      const raw = typeof req.body === 'string' && req.body !== '' ? req.body : undefined;
      const res = await ctx.http.send({ method: req.method as 'GET', url: urlOf(req), headers, raw });
      const text = res.data === null ? '' : typeof res.data === 'string' ? res.data : JSON.stringify(res.data);
      const out: Record<string, string> = {};
      res.headers.forEach((v, k) => (out[k] = v));
      return { response: { statusCode: res.status, headers: out, body: new TextEncoder().encode(text) } };
    },
  };
}
