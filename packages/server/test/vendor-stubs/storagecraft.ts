import { createServer } from 'node:http';
import { listenStub, sendJson as send } from './stub-server.ts';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * A local ShadowControl appliance speaking its Report API: the `CMD_TOKEN` header,
 * `GET /api/reports/status/` and `GET /api/reports/history/` (optionally `/<endpoint uuid>/`),
 * results sorted by organization then site, paged with `page`/`page_size` and a `next` link,
 * `{"detail"}` error bodies, and throttling answered 429 with Retry-After.
 */

const TOKEN = '9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b';
const REFUSAL = 'Invalid token';
const DAY = 24 * 3600 * 1000;
const MAX_PAGE = 100;

interface StubEntry {
  id: number;
  product: string;
  job: string;
  type: string;
  state: string;
  severity: string;
  start_time: string;
  end_time: string;
  bytes: number | null;
  message: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const hex = (n: number) => (n & 255).toString(16).padStart(2, '0');
const uuid = (n: number) => `6f1c2d3e-4b5a-4c6d-8e7f-${n.toString(16).padStart(12, '0')}`;

export async function startStoragecraftStub(options: StubOptions = {}): Promise<VendorStub> {
  const orgCount = options.customers ?? 3;
  const perOrg = options.devicesPerCustomer ?? 4;
  const total = options.sessions ?? 40;
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  const organizations = Array.from({ length: orgCount }, (_, o) => ({ id: o + 1, name: `Customer ${o + 1}` }));
  const endpoints = organizations.flatMap((org, o) =>
    Array.from({ length: perOrg }, (_, e) => {
      const n = o * perOrg + e + 1;
      return {
        uuid: uuid(n),
        name: `SERVER-${o + 1}-${e + 1}`,
        hostname: `server-${o + 1}-${e + 1}.corp.local`,
        organization: org,
        site: { id: org.id * 10 + (e % 2), name: e % 2 ? 'Branch office' : 'Head office' },
        os: 'Windows Server 2019 Standard',
        os_version: '10.0.17763',
        agent_version: '5.1.4.21',
        shadowprotect_version: '5.2.7.37893',
        manufacturer: 'Dell Inc.',
        ip_addresses: [`10.2.${(n >> 8) & 255}.${n & 255}`],
        mac_addresses: [`00:15:5d:01:${hex(n >> 8)}:${hex(n)}`],
        last_boot: iso(Date.now() - 5 * DAY),
        last_contact: iso(Date.now()),
        status: 'good',
        history: [] as StubEntry[],
      };
    }),
  );
  // Sorted by organization, then site, as the console sorts its reports.
  endpoints.sort((a, b) => a.organization.id - b.organization.id || a.site.id - b.site.id);
  const byIndex = [...endpoints].sort((a, b) => a.uuid.localeCompare(b.uuid));

  let seq = 0;
  let last = Date.now() - 2 * DAY;
  const step = Math.max(1000, Math.floor((2 * DAY - 60_000) / Math.max(1, total)));
  const add = (status: 'Success' | 'Warning' | 'Failure', at?: Date): string => {
    const endpoint = byIndex[seq % byIndex.length]!;
    const sec = (ms: number) => Math.floor(ms / 1000) * 1000;
    const end = at ? sec(at.getTime()) : Math.max(sec(last) + 1000, sec(Date.now()));
    last = Math.max(last, end);
    const id = ++seq;
    const verification = status === 'Warning';
    endpoint.history.push({
      id,
      product: verification ? 'ImageManager' : 'ShadowProtect',
      job: verification ? 'ImageManager verification' : 'Nightly image',
      type: verification ? 'verification' : id % 7 === 1 ? 'full' : 'incremental',
      state: status === 'Failure' ? 'failed' : 'completed',
      severity: status === 'Success' ? 'good' : status === 'Warning' ? 'warning' : 'critical',
      start_time: iso(end - 20 * 60_000),
      end_time: iso(end),
      bytes: status === 'Failure' ? null : 2_147_483_648 + id,
      message:
        status === 'Failure'
          ? 'Backup failed: unable to write to the destination (error 1117)'
          : verification
            ? 'Verification failed for an incremental image file'
            : null,
    });
    return `${endpoint.uuid}:${id}`;
  };
  for (let i = 0; i < total; i++) {
    last += step;
    add(i % 10 === 9 ? 'Failure' : i % 13 === 12 ? 'Warning' : 'Success', new Date(last));
  }

  const requests: { method: string; path: string }[] = [];
  const failures: number[] = [];

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    const token = req.headers.cmd_token;
    if (!token) return send(res, 401, { detail: 'Authentication credentials were not provided.' });
    if (token !== TOKEN) return send(res, 401, { detail: `${REFUSAL}.` });
    const fail = failures.shift();
    if (fail === 0) return; // hangs until the client gives up
    if (fail === 429) {
      return send(
        res,
        429,
        { detail: 'Request was throttled. Expected available in 1 second.' },
        { 'Retry-After': '1' },
      );
    }
    if (fail) return send(res, fail, { detail: 'A server error occurred.' });
    const m = /^\/api\/reports\/(status|history)\/(?:([0-9a-f-]{36})\/)?$/.exec(url.pathname);
    if (req.method !== 'GET' || !m) return send(res, 404, { detail: 'Not found.' });
    const [, report, one] = m;
    const items = one ? endpoints.filter((e) => e.uuid === one) : endpoints;
    if (one && items.length === 0) return send(res, 404, { detail: 'Not found.' });
    const out = (e: (typeof endpoints)[number]) => {
      if (report === 'history') return e;
      const { history, ...rest } = e;
      const latest = history.at(-1);
      return { ...rest, last_backup: latest ? { status: latest.state, end_time: latest.end_time } : null };
    };
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Math.min(Number(url.searchParams.get('page_size') ?? pageSize) || pageSize, pageSize);
    if (!(Number.isInteger(page) && page >= 1) || (page - 1) * size >= Math.max(1, items.length)) {
      return send(res, 404, { detail: 'Invalid page.' });
    }
    const slice = items.slice((page - 1) * size, page * size).map(out);
    const link = (p: number) => {
      const u = new URL(url.pathname, `http://${req.headers.host ?? 'stub'}`);
      u.searchParams.set('page', String(p));
      u.searchParams.set('page_size', String(size));
      return u.toString();
    };
    return send(res, 200, {
      count: items.length,
      next: page * size < items.length ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: slice,
    });
  });
  const { url, close } = await listenStub(server);

  return {
    type: 'storagecraft',
    url,
    credentials: () => ({ Url: url, Token: TOKEN }),
    wrongCredentials: () => ({ Url: url, Token: 'a'.repeat(40) }),
    refusalText: REFUSAL,
    addSessions: (count, opts = {}) => Array.from({ length: count }, () => add(opts.status ?? 'Success', opts.at)),
    customers: () => organizations.map((o) => ({ id: String(o.id), name: o.name })),
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    requests,
    close,
  };
}
