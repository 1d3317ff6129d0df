import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { OutboundRefused, resolveOutbound, type OutboundPolicy } from './outbound.ts';

export interface OutboundRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /**
   * Redirects followed, each hop checked like the first (default 0: a 3xx answer is returned
   * as it is). A redirect to another origin drops Authorization and Cookie.
   */
  maxRedirects?: number;
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * `fetch` for URLs a tenant chose: the host goes through the outbound guard and the socket is
 * opened to the checked address (TLS still verifies the host name), so DNS cannot be rebound
 * between the check and the connection. Throws OutboundRefused for a refused address or scheme,
 * the signal's reason when aborted, and the socket's error otherwise.
 */
export async function outboundFetch(
  input: string | URL,
  init: OutboundRequestInit,
  policy: OutboundPolicy,
): Promise<Response> {
  let url = new URL(input);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  let headers = { ...init.headers };
  for (let hop = 0; ; hop++) {
    const res = await once(url, method, headers, body, init.signal, policy);
    const location = res.headers.get('location');
    if (!REDIRECTS.has(res.status) || !location || hop >= (init.maxRedirects ?? 0)) return res;
    await res.body?.cancel().catch(() => undefined);
    const next = new URL(location, url);
    if (next.origin !== url.origin) headers = withoutCredentials(headers);
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      if (method !== 'HEAD') method = 'GET';
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
    }
    url = next;
  }
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !/^(authorization|cookie)$/i.test(k)));
}

async function once(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array | undefined,
  signal: AbortSignal | undefined,
  policy: OutboundPolicy,
): Promise<Response> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefused(`Vigil connects only to http and https URLs, not ${url.protocol}`);
  signal?.throwIfAborted();
  const target = await resolveOutbound(url.hostname, policy);
  signal?.throwIfAborted();
  const secure = url.protocol === 'https:';
  const payload = typeof body === 'string' ? Buffer.from(body) : body;
  const sent: Record<string, string> = { host: url.host, ...headers };
  if (payload) sent['content-length'] = String(payload.length);
  return new Promise<Response>((resolve, reject) => {
    const req = (secure ? https : http).request(
      {
        host: target.address,
        family: target.family,
        port: url.port || (secure ? 443 : 80),
        path: url.pathname + url.search,
        method,
        headers: sent,
        signal,
        ...(secure && target.servername ? { servername: target.servername } : {}),
      },
      (res) => {
        try {
          resolve(toResponse(res, method));
        } catch (err) {
          res.destroy();
          reject(err);
        }
      },
    );
    req.on('error', (err) => reject(signal?.aborted ? signal.reason : err));
    req.end(payload);
  });
}

function toResponse(res: http.IncomingMessage, method: string): Response {
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 599) throw new Error(`The server answered an invalid HTTP status ${status}`);
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    try {
      headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
    } catch {
      // A header value fetch would refuse is left out rather than failing the exchange.
    }
  }
  if (NULL_BODY.has(status) || method === 'HEAD') {
    res.resume();
    return new Response(null, { status, statusText: res.statusMessage, headers });
  }
  const encoding = (res.headers['content-encoding'] ?? '').toLowerCase().trim();
  const decoded =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? res.pipe(zlib.createGunzip())
      : encoding === 'deflate'
        ? res.pipe(zlib.createInflate())
        : encoding === 'br'
          ? res.pipe(zlib.createBrotliDecompress())
          : res;
  if (decoded !== res) res.on('error', (err) => decoded.destroy(err));
  const stream = Readable.toWeb(decoded as Readable) as unknown as ReadableStream<Uint8Array>;
  return new Response(stream, { status, statusText: res.statusMessage, headers });
}
