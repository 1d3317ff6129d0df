import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a stub received, as the test sees it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Parsed JSON, form fields as an object, or the raw text. */
  body: unknown;
}

export interface StubReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type StubHandler = (req: RecordedRequest, params: Record<string, string>) => StubReply | Promise<StubReply>;

export interface StubRoute {
  method: string;
  /** A path with `:name` segments, e.g. `/v4_6_release/apis/3.0/service/tickets/:id`. */
  pattern: string;
  handler: StubHandler;
}

export interface PsaStubServer {
  url: string;
  requests: RecordedRequest[];
  /** Makes the next `count` requests matching `path` (a prefix) fail with this reply (rate limits, outages). */
  failNext(pathPrefix: string, reply: StubReply, count?: number): void;
  close(): Promise<void>;
}

function match(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) params[a[i].slice(1)] = decodeURIComponent(b[i]);
    else if (a[i].toLowerCase() !== b[i].toLowerCase()) return null;
  }
  return params;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return null;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (type.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return raw;
}

/**
 * A loopback HTTP server speaking a vendor's documented protocol: routes in order, every
 * request recorded (so tests assert on exactly what the client sent), `authorize` run first
 * (return a reply to refuse), 404 in the vendor's shape for anything unknown.
 */
export async function startStubServer(opts: {
  routes: StubRoute[];
  authorize?: (req: RecordedRequest) => StubReply | null;
  notFound?: (req: RecordedRequest) => StubReply;
  port?: number;
}): Promise<PsaStubServer> {
  const requests: RecordedRequest[] = [];
  const failures: { prefix: string; reply: StubReply; left: number }[] = [];
  const send = (res: ServerResponse, reply: StubReply) => {
    const status = reply.status ?? 200;
    const headers = { ...reply.headers };
    let payload = '';
    if (reply.body !== undefined && reply.body !== null) {
      payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
        headers['Content-Type'] = typeof reply.body === 'string' ? 'text/plain' : 'application/json';
      }
    }
    res.writeHead(status, headers);
    res.end(payload);
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://stub');
      const rec: RecordedRequest = {
        method: req.method ?? 'GET',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body: await readBody(req),
      };
      requests.push(rec);
      const failure = failures.find((f) => f.left > 0 && rec.path.startsWith(f.prefix));
      if (failure) {
        failure.left--;
        return send(res, failure.reply);
      }
      const refused = opts.authorize?.(rec);
      if (refused) return send(res, refused);
      for (const r of opts.routes) {
        if (r.method !== rec.method) continue;
        const params = match(r.pattern, rec.path);
        if (params) return send(res, await r.handler(rec, params));
      }
      send(res, opts.notFound?.(rec) ?? { status: 404, body: { message: `No route for ${rec.method} ${rec.path}` } });
    })().catch((err: unknown) => send(res, { status: 500, body: { message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(prefix, reply, count = 1) {
      failures.push({ prefix, reply, left: count });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
